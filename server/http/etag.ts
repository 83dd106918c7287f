import { createHash } from 'node:crypto';

const DOCTYPE = '<!doctype';

/** An HTML page (EJS views all begin with the doctype). */
export function isPage(body: Buffer | string): boolean {
  const start = typeof body === 'string' ? body.slice(0, DOCTYPE.length) : body.subarray(0, DOCTYPE.length).toString('latin1');
  return start.toLowerCase() === DOCTYPE;
}

/**
 * Express's `etag` setting: the weak ETag express makes by default (W/"length-sha1"), except for
 * pages. A page carries its request's CSP nonce, so its ETag never matches the next view's and
 * can never earn a 304: hashing it (every byte, 130 kB for a health page) was wasted work on
 * every view (issue 18). Data answers (JSON, SVG, text) keep theirs; files sent with sendFile
 * have their own.
 */
export function etagExceptPages(body: Buffer | string, encoding?: BufferEncoding): string | undefined {
  if (isPage(body)) return undefined;
  const bytes = typeof body === 'string' ? Buffer.from(body, encoding) : body;
  if (bytes.length === 0) return 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';
  return `W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64').substring(0, 27)}"`;
}
