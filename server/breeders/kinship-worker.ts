// A kinship thread (kinship-threads.ts): compares a chosen dog with a chunk of candidates on the lab's panel.
import { parentPort, workerData } from 'node:worker_threads';
import { unpackGenotype } from '../genetics/genotype.js';
import { simulatedWorld } from '../genetics/simulate/reference.js';
import type { LabOptions } from '../lab/options.js';
import { backgroundOf, labPanelKinship } from './kinship-kernel.js';
import type { KinshipChunk } from './kinship-threads.js';

const options = workerData.options as LabOptions;
// the lab's reference is rebuilt from its seed (lab.ts), so this thread's is the same
const { reference } = simulatedWorld({ seed: options.seed, snpCount: options.panelSize });

parentPort!.on('message', (chunk: KinshipChunk) => {
  const own = { calls: unpackGenotype(chunk.own.packed, chunk.own.markerCount), background: backgroundOf(reference, new Map(chunk.own.breedShares)) };
  const kinships = new Float64Array(chunk.markerCounts.length);
  for (let i = 0; i < kinships.length; i++) {
    const packed = chunk.packed.subarray(chunk.offsets[i], chunk.offsets[i + 1]);
    kinships[i] = labPanelKinship(reference, own, chunk.ownIsSire, { packed, markerCount: chunk.markerCounts[i], breedShares: new Map(chunk.breedShares[i]) });
  }
  parentPort!.postMessage(kinships, [kinships.buffer]);
});
parentPort!.postMessage('ready');
