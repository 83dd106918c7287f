import { Worker } from 'node:worker_threads';
import type { LabOptions } from '../lab/options.js';
import type { PackedLabGenotype } from './kinship-kernel.js';

/** What a kinship thread compares: the chosen dog with some candidates, their packed calls laid end to end. */
export interface KinshipChunk {
  own: { packed: Uint8Array; markerCount: number; breedShares: [string, number][] };
  ownIsSire: boolean;
  packed: Uint8Array;
  /** Candidate i's calls are packed[offsets[i]] up to packed[offsets[i + 1]]. */
  offsets: Uint32Array;
  markerCounts: Uint32Array;
  breedShares: [string, number][][];
}

/** A pass's priority, read as each of its chunks is handed out: a warm-up someone waits for is raised to a request's. */
export interface PassPriority {
  background: boolean;
}

interface Job {
  chunk: KinshipChunk;
  priority: PassPriority;
  resolve: (kinships: Float64Array) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  job?: Job;
}

// Candidates a thread compares at a time (about 40 ms): a request's chunks wait at most that long behind a warm-up's.
const CHUNK = 128;

/**
 * Worker threads that compare a chosen dog with many candidates, so a long matchmaker pass runs on
 * every core and off the event loop. Chunks of requests go before chunks of background warm-ups,
 * and background chunks take one thread at a time, leaving the other cores to the requests.
 */
export class KinshipThreads {
  private readonly queue: Job[] = [];
  private broken = false;

  private constructor(private readonly threads: Thread[]) {
    for (const thread of threads) {
      thread.worker.on('message', (kinships: Float64Array) => this.finished(thread, kinships));
      thread.worker.on('error', (error) => this.fail(thread, error));
      thread.worker.on('exit', () => this.fail(thread, new Error('A kinship thread stopped')));
    }
  }

  static async start(options: LabOptions, count: number): Promise<KinshipThreads> {
    const workers = Array.from({ length: count }, () => new Worker(new URL('../shared/worker-boot.mjs', import.meta.url), {
      workerData: { module: new URL('./kinship-worker.ts', import.meta.url).href, options },
    }));
    try {
      await Promise.all(workers.map((worker) => new Promise<void>((resolve, reject) => {
        worker.once('message', () => resolve());
        worker.once('error', reject);
        worker.once('exit', () => reject(new Error('A kinship thread stopped while starting')));
      })));
    } catch (error) {
      await Promise.all(workers.map((worker) => worker.terminate()));
      throw error;
    }
    // idle threads do not keep a process (a test, a script) alive
    for (const worker of workers) worker.unref();
    return new KinshipThreads(workers.map((worker) => ({ worker })));
  }

  get usable(): boolean {
    return !this.broken;
  }

  /** Kinships of the chosen dog with each candidate, in order. */
  async compare(own: PackedLabGenotype, ownIsSire: boolean, candidates: readonly PackedLabGenotype[], priority: PassPriority = { background: false }): Promise<Float64Array> {
    if (this.broken) throw new Error('The kinship threads were stopped');
    const chunks: Promise<Float64Array>[] = [];
    const ownEntry = { packed: Uint8Array.from(own.packed), markerCount: own.markerCount, breedShares: [...own.breedShares] };
    for (let start = 0; start < candidates.length; start += CHUNK) {
      const chunk = toChunk(ownEntry, ownIsSire, candidates.slice(start, start + CHUNK));
      chunks.push(new Promise((resolve, reject) => this.queue.push({ chunk, priority, resolve, reject })));
    }
    this.dispatch();
    const parts = await Promise.all(chunks);
    const out = new Float64Array(candidates.length);
    parts.forEach((part, i) => out.set(part, i * CHUNK));
    return out;
  }

  async stop(): Promise<void> {
    this.broken = true;
    this.rejectAll(new Error('The kinship threads were stopped'));
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
  }

  private dispatch(): void {
    for (const thread of this.threads) {
      if (thread.job) continue;
      const index = this.nextJobIndex();
      if (index < 0) return;
      const [job] = this.queue.splice(index, 1);
      thread.job = job;
      // a busy thread keeps the process alive until its answer arrives
      thread.worker.ref();
      thread.worker.postMessage(job.chunk, [job.chunk.packed.buffer as ArrayBuffer]);
    }
  }

  /** The first request chunk, else the first background chunk when no other thread runs one (or there is only one thread). */
  private nextJobIndex(): number {
    const request = this.queue.findIndex((job) => !job.priority.background);
    if (request >= 0) return request;
    const backgroundRunning = this.threads.some((thread) => thread.job?.priority.background);
    return this.queue.length > 0 && (!backgroundRunning || this.threads.length === 1) ? 0 : -1;
  }

  private finished(thread: Thread, kinships: Float64Array): void {
    const job = thread.job;
    thread.job = undefined;
    thread.worker.unref();
    job?.resolve(kinships);
    this.dispatch();
  }

  private fail(thread: Thread, error: Error): void {
    if (this.broken) return;
    this.broken = true;
    thread.job?.reject(error);
    thread.job = undefined;
    this.rejectAll(error);
    for (const other of this.threads) void other.worker.terminate();
  }

  private rejectAll(error: Error): void {
    for (const thread of this.threads) {
      thread.job?.reject(error);
      thread.job = undefined;
    }
    for (const job of this.queue.splice(0)) job.reject(error);
  }
}

function toChunk(own: KinshipChunk['own'], ownIsSire: boolean, candidates: readonly PackedLabGenotype[]): KinshipChunk {
  const offsets = new Uint32Array(candidates.length + 1);
  candidates.forEach((candidate, i) => (offsets[i + 1] = offsets[i] + candidate.packed.length));
  const packed = new Uint8Array(offsets[candidates.length]);
  candidates.forEach((candidate, i) => packed.set(candidate.packed, offsets[i]));
  return {
    own,
    ownIsSire,
    packed,
    offsets,
    markerCounts: Uint32Array.from(candidates, (candidate) => candidate.markerCount),
    breedShares: candidates.map((candidate) => [...candidate.breedShares]),
  };
}

const started = new Map<string, Promise<KinshipThreads>>();
const ready = new Map<string, KinshipThreads>();
const keyOf = (options: LabOptions) => `${options.seed}:${options.panelSize}`;

/**
 * Starts the kinship threads of a lab's options, once per process (a server starts them at
 * start-up; building each thread's reference takes a second or two). Until they are ready, or
 * if they fail, passes compare on the main thread.
 */
export function startKinshipThreads(options: LabOptions, count: number): Promise<KinshipThreads> {
  const key = keyOf(options);
  let starting = started.get(key);
  if (!starting) {
    starting = KinshipThreads.start(options, count);
    started.set(key, starting);
    starting.then((threads) => ready.set(key, threads)).catch(() => started.delete(key));
  }
  return starting;
}

/** The lab's kinship threads when started and working; null otherwise (compare on the main thread). */
export function readyKinshipThreads(options: LabOptions): KinshipThreads | null {
  const threads = ready.get(keyOf(options));
  return threads?.usable ? threads : null;
}

export async function stopKinshipThreads(options: LabOptions): Promise<void> {
  const key = keyOf(options);
  const starting = started.get(key);
  started.delete(key);
  ready.delete(key);
  await starting?.then((threads) => threads.stop()).catch(() => undefined);
}
