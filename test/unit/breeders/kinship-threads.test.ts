// Issue 14: the matchmaker's long passes compare on worker threads; they must answer exactly what
// the main thread answers, serve requests before background warm-ups, and step aside when stopped.
import { expect } from 'chai';
import { packGenotype, unpackGenotype } from '../../../server/genetics/genotype.js';
import { callsOf } from '../../../server/genetics/simulate/dog.js';
import { syntheticCalls, syntheticShares } from '../../../server/genetics/simulate/synthetic.js';
import { individualFrequencies } from '../../../server/genetics/compute/reference-panel.js';
import { sharedDna } from '../../../server/genetics/compute/shared-segments.js';
import { labPanelKinship, type PackedLabGenotype } from '../../../server/breeders/kinship-kernel.js';
import { KinshipThreads, readyKinshipThreads, startKinshipThreads, stopKinshipThreads } from '../../../server/breeders/kinship-threads.js';
import { TEST_LAB_OPTIONS } from '../../support/app.js';
import { testWorld } from '../../support/lab.js';

describe('kinship threads (issue 14)', function () {
  this.timeout(120_000);
  const { reference, simulator } = testWorld();
  const markers = reference.panel.markers.length;
  const packed = (calls: Uint8Array, breedShares: Map<string, number>): PackedLabGenotype => ({ packed: packGenotype(calls), markerCount: markers, breedShares });
  const simulated = (dog: ReturnType<typeof simulator.purebred>) => packed(callsOf(dog), new Map(Object.entries(dog.ancestry)));

  // the chosen dog, its siblings, half siblings and parents' relatives, then unrelated dogs of two breeds each
  const [sire, dam] = simulator.breedingPair('labrador-retriever');
  const chosen = simulated(simulator.mate(sire, dam, 'f'));
  const candidates: PackedLabGenotype[] = [
    simulated(sire),
    ...Array.from({ length: 6 }, (_, i) => simulated(simulator.mate(sire, dam, i % 2 ? 'm' : 'f'))),
    ...Array.from({ length: 6 }, () => simulated(simulator.mate(sire, simulator.purebred('labrador-retriever', 'f')))),
    ...Array.from({ length: 250 }, (_, i) => packed(syntheticCalls(reference, i + 1, reference.panel.autosomalSnps, new Uint8Array(markers).fill(3)), syntheticShares(reference, i + 1))),
  ];
  const onMainThread = (ownIsSire: boolean) => {
    const own = { calls: unpackGenotype(chosen.packed, markers), background: individualFrequencies(reference, chosen.breedShares) };
    return Float64Array.from(candidates, (candidate) => labPanelKinship(reference, own, ownIsSire, candidate));
  };

  after(() => stopKinshipThreads(TEST_LAB_OPTIONS));

  it('gives each candidate the shared-segment kinship of its own breed background, when candidates of one breed mix share it', () => {
    const own = { calls: unpackGenotype(chosen.packed, markers), background: individualFrequencies(reference, chosen.breedShares) };
    const fresh = (candidate: PackedLabGenotype) =>
      sharedDna(reference.panel, unpackGenotype(candidate.packed, markers), own.calls, individualFrequencies(reference, candidate.breedShares), own.background).kinship;
    // the litter shares one breed mix; the same mix listed in another order is the same background
    const litter = candidates.slice(1, 7);
    const reordered = litter.map((dog) => ({ ...dog, breedShares: new Map([...dog.breedShares].reverse()) }));
    const mixed = [...candidates, ...reordered, ...litter, ...candidates.slice(13, 40).reverse()];
    expect(mixed.map((candidate) => labPanelKinship(reference, own, false, candidate))).to.deep.equal(mixed.map(fresh));
  });

  it('answers exactly what the main thread works out, the chosen dog as sire or as dam', async () => {
    const threads = await startKinshipThreads(TEST_LAB_OPTIONS, 2);
    expect(readyKinshipThreads(TEST_LAB_OPTIONS)).to.equal(threads);
    for (const ownIsSire of [true, false]) {
      const expected = onMainThread(ownIsSire);
      expect([...(await threads.compare(chosen, ownIsSire, candidates))]).to.deep.equal([...expected]);
      // the relatives are found related, and in the same way on both threads
      expect(expected.slice(0, 13).every((kinship) => kinship > 0.05)).to.equal(true);
    }
  });

  it('hands a request’s chunks out before a background pass’s', async () => {
    const threads = await KinshipThreads.start(TEST_LAB_OPTIONS, 1);
    try {
      const finished: string[] = [];
      const background = threads.compare(chosen, false, candidates, { background: true }).then(() => finished.push('background'));
      const request = threads.compare(chosen, false, candidates.slice(0, 100)).then(() => finished.push('request'));
      await Promise.all([background, request]);
      expect(finished).to.deep.equal(['request', 'background']);
    } finally {
      await threads.stop();
    }
  });

  it('refuses work once stopped, and is no longer offered to the matchmaker', async () => {
    const threads = await startKinshipThreads(TEST_LAB_OPTIONS, 1);
    await stopKinshipThreads(TEST_LAB_OPTIONS);
    expect(readyKinshipThreads(TEST_LAB_OPTIONS)).to.equal(null);
    let failure: unknown;
    await threads.compare(chosen, false, candidates).catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(Error);
  });
});
