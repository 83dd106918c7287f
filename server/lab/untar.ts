import { IngestError } from './ingest-error.js';
import { UNZIP_LIMITS } from './unzip.js';

const BLOCK = 512;

/** A tar archive's files hold their content as is: an archive reads by its 512-byte headers, nothing to inflate. */
export function isTar(bytes: Uint8Array): boolean {
  return bytes.length >= BLOCK && text(bytes, 257, 262) === 'ustar';
}

function text(bytes: Uint8Array, start: number, end: number): string {
  let stop = start;
  while (stop < end && bytes[stop] !== 0) stop++;
  return new TextDecoder().decode(bytes.subarray(start, stop));
}

function octal(bytes: Uint8Array, start: number, end: number): number {
  const digits = text(bytes, start, end).trim();
  return /^[0-7]+$/.test(digits) ? parseInt(digits, 8) : NaN;
}

/**
 * The regular files of a tar archive (ustar, with GNU long names): views into the archive, no copy.
 * Links, folders and pax headers are passed over; more entries than a zip may hold, a header that
 * does not add up or a file running past the end refuses the archive, naming it.
 */
export function untarEntries(name: string, tar: Uint8Array): { name: string; content: Uint8Array }[] {
  const entries: { name: string; content: Uint8Array }[] = [];
  let longName: string | null = null;
  let count = 0;
  for (let at = 0; at + BLOCK <= tar.length; ) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = octal(header, 124, 136);
    if (!Number.isFinite(size) || at + BLOCK + size > tar.length) throw new IngestError(`${name}: not a readable tar archive`);
    const content = tar.subarray(at + BLOCK, at + BLOCK + size);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    const type = String.fromCharCode(header[156] || 0x30);
    if (type === 'L') {
      longName = text(content, 0, content.length);
      continue;
    }
    if (++count > UNZIP_LIMITS.maxEntries) throw new IngestError(`${name}: refused, more than ${UNZIP_LIMITS.maxEntries} files in the archive`);
    const prefix = text(header, 345, 500);
    const entryName = longName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
    longName = null;
    if (type === '0' || type === '7') entries.push({ name: entryName, content });
  }
  if (entries.length === 0) throw new IngestError(`${name}: not a readable tar archive (no files in it)`);
  return entries;
}
