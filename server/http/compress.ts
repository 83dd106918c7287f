import zlib from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import { isPage } from './etag.js';

const THRESHOLD = 1024;
// The fastest levels: brotli's first still packs a 320 KB health page to 13 KB (its default of 4
// to 12 KB for four times the work), and the work is paid on every view.
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
const GZIP = { level: 1 };

/**
 * Answers compressed with brotli or gzip, as the browser accepts. A rendered page (a whole body
 * handed to res.send) is compressed in one go and written with its headers at once; everything
 * else (JSON in pieces, files) goes through the `compression` stream. Live event streams are left
 * alone: compressing them would hold each event back until a buffer fills.
 */
export function compressAnswers(): RequestHandler[] {
  const streamed = compression({
    threshold: THRESHOLD,
    level: GZIP.level,
    brotli: BROTLI,
    filter: (req: Request, res: Response) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  });
  return [compressWholePages, streamed];
}

/**
 * A page's HTML, sent with res.send, compressed synchronously: the stream would cut it into
 * chunks, each a trip through zlib's thread pool and a write of its own, which cost a small page
 * more than compressing it. A page has no ETag (http/etag.ts) unless its route set one and
 * answered a matching request with 304 before rendering.
 */
const compressWholePages: RequestHandler = (req, res, next) => {
  const send = res.send;
  res.send = function sendPage(this: Response, body?: unknown) {
    const encoding = typeof body === 'string' && body.length >= THRESHOLD && isPage(body) && !this.getHeader('Content-Encoding') ? pageEncoding(req, this) : undefined;
    if (!encoding) return send.call(this, body);
    const compressed = encoding === 'br' ? zlib.brotliCompressSync(body as string, BROTLI) : zlib.gzipSync(body as string, GZIP);
    this.vary('Accept-Encoding');
    if (!this.getHeader('Content-Type')) this.type('html');
    this.setHeader('Content-Encoding', encoding);
    this.setHeader('Content-Length', compressed.length);
    this.end(req.method === 'HEAD' ? undefined : compressed);
    return this;
  } as Response['send'];
  next();
};

function pageEncoding(req: Request, res: Response): 'br' | 'gzip' | undefined {
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader('Cache-Control') ?? ''))) return undefined;
  // brotli whenever it is accepted at all: at these levels it is both quicker and smaller than gzip
  return req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : undefined;
}
