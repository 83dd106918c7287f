// Unzips (and gunzips) uploads off the server's event loop (see unpack.mjs): the task of the unzip
// pool (unzip.ts, piscina). The unpacked entries' buffers are moved back to the caller, not copied.
// Plain JavaScript: a worker thread cannot load TypeScript without a loader, and this needs none.
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { gunzip, Refused, unzip } from './unpack.mjs';

export { Refused, unzip };

export default function unzipTask({ kind, data, maxBytes, limitBytes, maxEntries }) {
  try {
    const { entries, total } = kind === 'gunzip' ? gunzip(new Uint8Array(data), maxBytes, limitBytes) : unzip(new Uint8Array(data), maxBytes, limitBytes, maxEntries);
    // entries stored uncompressed may be views of one buffer (the zip's own): each buffer is moved once
    const buffers = [...new Set(entries.map((entry) => entry.content.buffer))];
    return move({
      get [transferableSymbol]() {
        return buffers;
      },
      get [valueSymbol]() {
        return { entries, unzippedBytes: total };
      },
    });
  } catch (error) {
    return { refused: error instanceof Refused, message: error instanceof Error ? error.message : String(error) };
  }
}
