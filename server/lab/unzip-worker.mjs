// Unzips (and gunzips) uploads off the server's event loop, streaming, and stops as soon as a zip holds
// more entries or more unpacked bytes than allowed (a zip bomb declares small sizes and lies). The
// thread stays up between uploads and answers one job at a time.
// Plain JavaScript: a worker thread cannot load TypeScript without a loader, and this needs none.
import { parentPort } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import { Unzip, UnzipInflate } from 'fflate';

export class Refused extends Error {}

// Compressed bytes handed to the inflater at a time: deflate expands at most 1032 times, so one slice
// unpacks to at most about 16 MB before the running total is checked again.
const SLICE_BYTES = 16 * 1024;

parentPort?.on('message', ({ kind, data, maxBytes, limitBytes, maxEntries }) => {
  try {
    const { entries, total } = kind === 'gunzip' ? gunzip(new Uint8Array(data), maxBytes, limitBytes) : unzip(new Uint8Array(data), maxBytes, limitBytes, maxEntries);
    // entries stored uncompressed may be views of one buffer (the zip's own): each buffer is transferred once
    parentPort.postMessage({ entries, unzippedBytes: total }, [...new Set(entries.map((entry) => entry.content.buffer))]);
  } catch (error) {
    parentPort.postMessage({ refused: error instanceof Refused, message: error instanceof Error ? error.message : String(error) });
  }
});

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
    const chunks = [];
    file.ondata = (error, chunk, final) => {
      if (error) throw error;
      total += chunk.length;
      if (total > maxBytes) {
        file.terminate();
        throw Object.assign(new Refused(`more than ${Math.round(limitBytes / 1024 / 1024)} MB once unzipped`), { unzippedBytes: total });
      }
      chunks.push(chunk);
      if (final) entries.push({ name: file.name, content: concat(chunks) });
    };
    file.start();
  };
  for (let at = 0; at < data.length; at += SLICE_BYTES) unzipper.push(data.subarray(at, at + SLICE_BYTES), at + SLICE_BYTES >= data.length);
  if (data.length === 0) unzipper.push(data, true);
  return { entries, total };
}

/** A gzip file's content, as the one entry of the answer (named by the caller); zlib, unlike fflate, refuses a cut gzip. */
function gunzip(data, maxBytes, limitBytes) {
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
