// A worker thread of the demo loader: computes results and relatives for its share of the dogs.
import { parentPort, workerData } from 'node:worker_threads';
import { simulatedWorld } from '../genetics/simulate/reference.js';
import { buildRelativeIndex, screenRelatives } from '../genetics/compute/relative-screen.js';
import { analyseGenotype } from '../lab/engine.js';
import { BULK_SCREEN_MIN_KINSHIP, matchAgainst } from '../lab/relative-matching.js';
import type { WorkerInit, WorkerRequest } from './genetics-pool.js';

const init = workerData.init as WorkerInit;
const { reference } = simulatedWorld({ seed: init.seed, snpCount: init.panelSize });
const markers = init.markerCount;
const all = new Uint8Array(init.calls);
const callsOf = (i: number) => all.subarray(i * markers, (i + 1) * markers);
let index: ReturnType<typeof buildRelativeIndex> | undefined;

parentPort!.on('message', (request: WorkerRequest) => {
  if (request.type === 'analyse') {
    const out = request.indices.map((i) => {
      const analysis = analyseGenotype(reference, callsOf(i), init.sexes[i]);
      return { index: i, analysis: { ...analysis, breedShares: Object.fromEntries(analysis.breedShares) } };
    });
    parentPort!.postMessage(out);
    return;
  }
  index ??= buildRelativeIndex(reference.panel, init.sexes.map((_, i) => ({ id: i, calls: callsOf(i) })));
  const dogs = request.breedShares.map((record, i) => ({ petNum: i, calls: callsOf(i), breedShares: new Map(Object.entries(record)) }));
  const out = request.indices.map((i) => {
    // each pair once: only candidates after this dog
    const candidates = screenRelatives(index!, callsOf(i), { exceptId: i, minKinship: BULK_SCREEN_MIN_KINSHIP })
      .filter((candidate) => candidate.id > i)
      .map((candidate) => dogs[candidate.id]);
    return { index: i, matches: matchAgainst(reference, dogs[i], candidates, { coarseFirst: true }) };
  });
  parentPort!.postMessage(out);
});
parentPort!.postMessage('ready');
