import { Worker } from 'node:worker_threads';
import { IngestError } from './ingest-error.js';

/** Limits of one upload's zips, all of them together: a raw-data export unzips to about 7.5 MB in 2 files. */
export const UNZIP_LIMITS = {
  maxUnzippedBytes: 200 * 1024 * 1024,
  /** Entries of one zip, folders and notes included. */
  maxEntries: 32,
} as const;

/** What an upload may still unzip; shared by every zip of one upload (zips inside zips too). */
export interface UnzipBudget {
  bytesLeft: number;
}

export const newUnzipBudget = (): UnzipBudget => ({ bytesLeft: UNZIP_LIMITS.maxUnzippedBytes });

interface WorkerAnswer {
  entries?: { name: string; content: Uint8Array }[];
  unzippedBytes?: number;
  refused?: boolean;
  message?: string;
}

const WORKER_URL = new URL('./unzip-worker.mjs', import.meta.url);
/** A worker thread left running between uploads: starting one costs more than unzipping an export. */
let idleWorker: Worker | undefined;

function takeWorker(): Worker {
  const worker = idleWorker ?? new Worker(WORKER_URL, { execArgv: [] });
  idleWorker = undefined;
  worker.ref();
  return worker;
}

/** Keeps one idle worker (not holding the process open); an upload arriving while it works gets a thread of its own. */
function giveBack(worker: Worker): void {
  if (idleWorker) {
    void worker.terminate();
    return;
  }
  worker.unref();
  idleWorker = worker;
}

/**
 * The entries of a zip, unzipped on a worker thread (a 230k-marker export inflates for a fraction
 * of a second, a bomb for as long as it is allowed to), so the server keeps answering meanwhile.
 * A zip over the limits or not a zip at all is refused with an IngestError naming it.
 */
export function unzipEntries(name: string, zip: Uint8Array, budget: UnzipBudget): Promise<{ name: string; content: Uint8Array }[]> {
  // every zip starts with a local file header (PK\x03\x04), or is an empty zip's end record (PK\x05\x06)
  if (zip.length < 4 || zip[0] !== 0x50 || zip[1] !== 0x4b) return Promise.reject(new IngestError(`${name}: not a readable zip`));
  const data = zip.slice().buffer;
  const worker = takeWorker();
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => {
      worker.off('message', answered);
      void worker.terminate();
      reject(error);
    };
    const answered = (answer: WorkerAnswer) => {
      worker.off('error', failed);
      giveBack(worker);
      if (answer.entries && answer.entries.length === 0) {
        reject(new IngestError(`${name}: not a readable zip (no files in it)`));
      } else if (answer.entries) {
        budget.bytesLeft -= answer.unzippedBytes ?? 0;
        resolve(answer.entries);
      } else if (answer.refused) {
        reject(new IngestError(`${name}: refused, ${answer.message}`));
      } else {
        reject(new IngestError(`${name}: not a readable zip (${answer.message})`));
      }
    };
    worker.once('error', failed);
    worker.once('message', answered);
    worker.postMessage({ data, maxBytes: budget.bytesLeft, limitBytes: UNZIP_LIMITS.maxUnzippedBytes, maxEntries: UNZIP_LIMITS.maxEntries }, [data]);
  });
}
