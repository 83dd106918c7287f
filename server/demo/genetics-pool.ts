import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Calls } from '../genetics/genotype.js';
import type { GenotypeAnalysis } from '../lab/engine.js';
import type { LabOptions } from '../lab/options.js';
import type { RelativeMatch } from '../lab/relatives-store.js';

export interface WorkerInit {
  seed: number;
  panelSize: number;
  markerCount: number;
  calls: SharedArrayBuffer;
  sexes: ('m' | 'f')[];
}

export type WorkerRequest = { type: 'analyse'; indices: number[] } | { type: 'match'; indices: number[]; breedShares: Record<string, number>[] };

type SerialisedAnalysis = Omit<GenotypeAnalysis, 'breedShares'> & { breedShares: Record<string, number> };

/**
 * Spreads the demo population's genetics over worker threads (one per core): each computes the
 * results of, then matches relatives for, every n-th dog. Relatives come back by dog index.
 */
export async function analysePopulation(
  lab: LabOptions,
  dogs: readonly { calls: Calls; sex: 'm' | 'f' }[],
): Promise<{ analyses: GenotypeAnalysis[]; relatives: { index: number; matches: RelativeMatch[] }[]; timings: Record<string, number> }> {
  const started = Date.now();
  const timings: Record<string, number> = {};
  const markerCount = dogs[0]?.calls.length ?? 0;
  const shared = new SharedArrayBuffer(dogs.length * markerCount);
  const view = new Uint8Array(shared);
  dogs.forEach((dog, i) => view.set(dog.calls, i * markerCount));
  const init: WorkerInit = { seed: lab.seed, panelSize: lab.panelSize, markerCount, calls: shared, sexes: dogs.map((d) => d.sex) };
  const count = Math.max(1, Math.min(availableParallelism(), 4, dogs.length));
  const workers = await Promise.all(Array.from({ length: count }, () => startWorker(init)));
  timings['start workers'] = Date.now() - started;
  try {
    const stripes = workers.map((_, w) => dogs.map((_, i) => i).filter((i) => i % count === w));
    const analysed = (await Promise.all(workers.map((worker, w) => ask<{ index: number; analysis: SerialisedAnalysis }[]>(worker, { type: 'analyse', indices: stripes[w] })))).flat();
    const analyses: GenotypeAnalysis[] = new Array(dogs.length);
    for (const { index, analysis } of analysed) analyses[index] = { ...analysis, breedShares: new Map(Object.entries(analysis.breedShares)) };
    timings['compute results'] = Date.now() - started - timings['start workers'];
    const breedShares = analyses.map((analysis) => Object.fromEntries(analysis.breedShares));
    const relatives = (await Promise.all(workers.map((worker, w) => ask<{ index: number; matches: RelativeMatch[] }[]>(worker, { type: 'match', indices: stripes[w], breedShares })))).flat();
    timings['match relatives'] = Date.now() - started - timings['start workers'] - timings['compute results'];
    return { analyses, relatives, timings };
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

function startWorker(init: WorkerInit): Promise<Worker> {
  const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
    workerData: { module: new URL('./genetics-worker.ts', import.meta.url).href, init },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve(worker));
    worker.once('error', reject);
  });
}

function ask<T>(worker: Worker, request: WorkerRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    worker.once('error', onError);
    worker.once('message', (message: T) => {
      worker.off('error', onError);
      resolve(message);
    });
    worker.postMessage(request);
  });
}
