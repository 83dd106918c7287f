import { isMainThread } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { IngestError } from './ingest-error.js';
import { gunzip, Refused, unzip } from './unpack.mjs';

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

/** Unzip threads at once: more uploads wait their turn instead of each taking a core and its memory. */
export const MAX_UNZIP_THREADS = 2;

let pool: Piscina<UnzipTask, WorkerAnswer> | undefined;

interface UnzipTask {
  kind: 'unzip' | 'gunzip';
  data: ArrayBuffer;
  maxBytes: number;
  limitBytes: number;
  maxEntries: number;
}

function unzipPool(): Piscina<UnzipTask, WorkerAnswer> {
  // a thread stays a while after an upload (starting one costs more than unzipping an export), then goes
  pool ??= new Piscina({ filename: new URL('./unzip-worker.mjs', import.meta.url).href, minThreads: 0, maxThreads: MAX_UNZIP_THREADS, idleTimeout: 10_000 });
  return pool;
}

/** Threads unzipping or ready to, and unpacking waiting for one. */
export const unzipThreadUse = () => ({ threads: pool?.threads.length ?? 0, waiting: pool?.queueSize ?? 0 });

/**
 * The entries of a zip, unzipped on a worker thread (a 230k-marker export inflates for a fraction
 * of a second, a bomb for as long as it is allowed to), so the server keeps answering meanwhile.
 * A zip over the limits or not a zip at all is refused with an IngestError naming it.
 */
export async function unzipEntries(name: string, zip: Uint8Array, budget: UnzipBudget): Promise<{ name: string; content: Uint8Array }[]> {
  // every zip starts with a local file header (PK\x03\x04), or is an empty zip's end record (PK\x05\x06)
  if (zip.length < 4 || zip[0] !== 0x50 || zip[1] !== 0x4b) throw new IngestError(`${name}: not a readable zip`);
  const entries = await onWorker('unzip', name, zip, budget, 'zip');
  if (entries.length === 0) throw new IngestError(`${name}: not a readable zip (no files in it)`);
  return entries;
}

/** A gzip file's content (a .tar.gz's tar, a .tped.gz's text), unpacked on the worker thread within the same budget. */
export async function gunzipFile(name: string, gzip: Uint8Array, budget: UnzipBudget): Promise<Uint8Array> {
  if (gzip.length < 2 || gzip[0] !== 0x1f || gzip[1] !== 0x8b) throw new IngestError(`${name}: not a readable gzip file`);
  const [entry] = await onWorker('gunzip', name, gzip, budget, 'gzip file');
  return entry.content;
}

async function onWorker(kind: 'unzip' | 'gunzip', name: string, packed: Uint8Array, budget: UnzipBudget, what: string): Promise<{ name: string; content: Uint8Array }[]> {
  // already on a worker thread (the upload reader's): unpacked right here, a thread of its own would only copy the bytes
  if (!isMainThread) return unpackHere(kind, name, packed, budget, what);
  return unpackOnWorker(kind, name, packed, budget, what);
}

function unpackHere(kind: 'unzip' | 'gunzip', name: string, packed: Uint8Array, budget: UnzipBudget, what: string): { name: string; content: Uint8Array }[] {
  try {
    const { entries, total } = kind === 'gunzip' ? gunzip(packed, budget.bytesLeft, UNZIP_LIMITS.maxUnzippedBytes) : unzip(packed, budget.bytesLeft, UNZIP_LIMITS.maxUnzippedBytes, UNZIP_LIMITS.maxEntries);
    budget.bytesLeft -= total;
    return entries;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new IngestError(error instanceof Refused ? `${name}: refused, ${message}` : `${name}: not a readable ${what} (${message})`);
  }
}

async function unpackOnWorker(kind: 'unzip' | 'gunzip', name: string, packed: Uint8Array, budget: UnzipBudget, what: string): Promise<{ name: string; content: Uint8Array }[]> {
  const data = packed.slice().buffer;
  const task: UnzipTask = { kind, data, maxBytes: budget.bytesLeft, limitBytes: UNZIP_LIMITS.maxUnzippedBytes, maxEntries: UNZIP_LIMITS.maxEntries };
  const answer = await unzipPool().run(task, { transferList: [data] });
  if (answer.entries) {
    budget.bytesLeft -= answer.unzippedBytes ?? 0;
    return answer.entries;
  }
  if (answer.refused) throw new IngestError(`${name}: refused, ${answer.message}`);
  throw new IngestError(`${name}: not a readable ${what} (${answer.message})`);
}
