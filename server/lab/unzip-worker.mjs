// Unzips (and gunzips) uploads off the server's event loop (see unpack.mjs). The thread stays up
// between uploads and answers one job at a time.
// Plain JavaScript: a worker thread cannot load TypeScript without a loader, and this needs none.
import { parentPort } from 'node:worker_threads';
import { gunzip, Refused, unzip } from './unpack.mjs';

export { Refused, unzip };

parentPort?.on('message', ({ kind, data, maxBytes, limitBytes, maxEntries }) => {
  try {
    const { entries, total } = kind === 'gunzip' ? gunzip(new Uint8Array(data), maxBytes, limitBytes) : unzip(new Uint8Array(data), maxBytes, limitBytes, maxEntries);
    // entries stored uncompressed may be views of one buffer (the zip's own): each buffer is transferred once
    parentPort.postMessage({ entries, unzippedBytes: total }, [...new Set(entries.map((entry) => entry.content.buffer))]);
  } catch (error) {
    parentPort.postMessage({ refused: error instanceof Refused, message: error instanceof Error ? error.message : String(error) });
  }
});
