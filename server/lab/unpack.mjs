// Unzipping and gunzipping of uploads, streaming, stopping as soon as a zip holds more entries or
// more unpacked bytes than allowed (a zip bomb declares small sizes and lies). Run on a worker thread:
// the unzip worker's (unzip-worker.mjs), or the upload reader's, which unpacks right where it reads.
// Plain JavaScript: the unzip worker loads it without a TypeScript loader.
import { gunzipSync } from 'node:zlib';
import { Unzip, UnzipInflate } from 'fflate';

export class Refused extends Error {}

// Compressed bytes handed to the inflater at a time: deflate expands at most 1032 times, so one slice
// unpacks to at most about 16 MB before the running total is checked again.
const SLICE_BYTES = 16 * 1024;

/**
 * maxBytes: what the upload may still unzip; limitBytes: the whole upload's limit, named when refusing.
 * The zip is fed to the inflater a slice at a time, so a bomb is refused within a slice of the limit
 * instead of after inflating in full. `unzippedBytes` on a refusal says how far it got.
 */
export function unzip(data, maxBytes, limitBytes, maxEntries) {
  const entries = [];
  let total = 0;
  let count = 0;
  const unzipper = new Unzip();
  unzipper.register(UnzipInflate);
  unzipper.onfile = (file) => {
    count++;
    if (count > maxEntries) throw new Refused(`more than ${maxEntries} files in the zip`);
    if (file.name.endsWith('/')) return;
    const content = new Content(file.originalSize, maxBytes - total);
    file.ondata = (error, chunk, final) => {
      if (error) throw error;
      total += chunk.length;
      if (total > maxBytes) {
        file.terminate();
        throw Object.assign(new Refused(`more than ${Math.round(limitBytes / 1024 / 1024)} MB once unzipped`), { unzippedBytes: total });
      }
      content.add(chunk);
      if (final) entries.push({ name: file.name, content: content.bytes() });
    };
    file.start();
  };
  for (let at = 0; at < data.length; at += SLICE_BYTES) unzipper.push(data.subarray(at, at + SLICE_BYTES), at + SLICE_BYTES >= data.length);
  if (data.length === 0) unzipper.push(data, true);
  return { entries, total };
}

/** A gzip file's content, as the one entry of the answer (named by the caller); zlib, unlike fflate, refuses a cut gzip. */
export function gunzip(data, maxBytes, limitBytes) {
  let content;
  try {
    content = gunzipSync(data, { maxOutputLength: Math.max(1, maxBytes) });
  } catch (error) {
    if (error?.code === 'ERR_BUFFER_TOO_LARGE') throw new Refused(`more than ${Math.round(limitBytes / 1024 / 1024)} MB once unpacked`);
    throw error;
  }
  // the answer transfers the whole buffer: copy a result that is a view into a larger one
  const bytes = content.byteOffset === 0 && content.length === content.buffer.byteLength ? new Uint8Array(content.buffer) : new Uint8Array(content);
  return { entries: [{ name: '', content: bytes }], total: bytes.length };
}

/**
 * A file's unzipped bytes, written into one buffer of the size its zip declares when that is within
 * the budget (so a 195 MB file takes 195 MB, not its chunks and their copy); chunks when the size is
 * unknown, or a lie (more bytes come than declared).
 */
class Content {
  constructor(declared, budget) {
    this.buffer = Number.isSafeInteger(declared) && declared > 0 && declared <= budget ? new Uint8Array(declared) : null;
    this.length = 0;
    this.chunks = [];
  }

  add(chunk) {
    if (this.buffer && this.length + chunk.length <= this.buffer.length) {
      this.buffer.set(chunk, this.length);
    } else {
      if (this.buffer) this.chunks.push(this.buffer.subarray(0, this.length));
      this.buffer = null;
      this.chunks.push(chunk);
    }
    this.length += chunk.length;
  }

  bytes() {
    if (this.buffer) return this.length === this.buffer.length ? this.buffer : this.buffer.slice(0, this.length);
    return concat(this.chunks);
  }
}

function concat(chunks) {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(chunks.reduce((n, chunk) => n + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
