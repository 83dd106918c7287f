// Unzips uploads off the server's event loop, streaming, and stops as soon as a zip holds more
// entries or more unzipped bytes than allowed (a zip bomb declares small sizes and lies). The
// thread stays up between uploads and answers one job at a time.
// Plain JavaScript: a worker thread cannot load TypeScript without a loader, and this needs none.
import { parentPort } from 'node:worker_threads';
import { Unzip, UnzipInflate } from 'fflate';

class Refused extends Error {}

parentPort.on('message', ({ data, maxBytes, limitBytes, maxEntries }) => {
  try {
    const { entries, total } = unzip(new Uint8Array(data), maxBytes, limitBytes, maxEntries);
    // entries stored uncompressed may be views of one buffer (the zip's own): each buffer is transferred once
    parentPort.postMessage({ entries, unzippedBytes: total }, [...new Set(entries.map((entry) => entry.content.buffer))]);
  } catch (error) {
    parentPort.postMessage({ refused: error instanceof Refused, message: error instanceof Error ? error.message : String(error) });
  }
});

/** maxBytes: what the upload may still unzip; limitBytes: the whole upload's limit, named when refusing. */
function unzip(data, maxBytes, limitBytes, maxEntries) {
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
        throw new Refused(`more than ${Math.round(limitBytes / 1024 / 1024)} MB once unzipped`);
      }
      chunks.push(chunk);
      if (final) entries.push({ name: file.name, content: concat(chunks) });
    };
    file.start();
  };
  unzipper.push(data, true);
  return { entries, total };
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
