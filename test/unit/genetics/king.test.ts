import { expect } from 'chai';
import { buildSimulatedPanel } from '../../../server/genetics/panel.js';
import { PopulationSimulator } from '../../../server/genetics/simulate/simulator.js';
import { callsOf, type SimulatedDog } from '../../../server/genetics/simulate/dog.js';
import { arrayKinshipCategory, ibdOneShare, kingKinship, kinshipCategory } from '../../../server/genetics/compute/king.js';
import { NO_CALL } from '../../../server/genetics/genotype.js';
import { createRandom } from '../../../server/genetics/prng.js';
import type { RelatednessKey } from '../../../server/genetics/compute/relatedness.js';

// Dogs typed on a simulated array (issue 17): the KING categories the lab's array relatives use,
// from the same dog (re-tested, with its genotyping errors) down to strangers of one breed.
const panel = buildSimulatedPanel({ snpCount: 60_000, seed: 17 });
const simulator = new PopulationSimulator({ panel, seed: 1717 });
const snps = panel.autosomalSnps;

function category(a: Uint8Array, b: Uint8Array): RelatednessKey | null {
  return kinshipCategory(kingKinship(a, b, snps, snps).kinship);
}

/** The same dog typed again: a share of its calls wrong and a share missing. */
function retyped(dog: SimulatedDog, errorRate: number, missingRate: number, seed: number): Uint8Array {
  const random = createRandom(seed);
  const calls = callsOf(dog).slice();
  for (let i = 0; i < calls.length; i++) {
    if (calls[i] === NO_CALL) continue;
    const r = random.next();
    if (r < missingRate) calls[i] = NO_CALL;
    else if (r < missingRate + errorRate) calls[i] = (calls[i] + 1 + (random.next() < 0.5 ? 0 : 1)) % 3;
  }
  return calls;
}

describe('KING-robust kinship categories on a simulated array', function () {
  this.timeout(60_000);
  const breeds = ['labrador-retriever', 'old-english-sheepdog', 'bernese-mountain-dog', 'basenji'];

  it('calls a dog typed twice, with 1% errors and 3% no-calls, the same dog', () => {
    for (const [i, breed] of breeds.entries()) {
      const dog = simulator.purebred(breed);
      expect(category(callsOf(dog), retyped(dog, 0.01, 0.03, i + 1)), breed).to.equal('sameDog');
    }
  });

  it('keeps parents and offspring, full siblings and the pups of a full-sibling mating first degree, never the same dog', () => {
    for (const breed of breeds) {
      const [sire, dam] = simulator.breedingPair(breed);
      const son = simulator.mate(sire, dam, 'm');
      const daughter = simulator.mate(sire, dam, 'f');
      const inbredPup = simulator.mate(son, daughter);
      expect(category(callsOf(sire), callsOf(son)), `${breed} parent`).to.equal('immediateFamily');
      expect(category(callsOf(son), callsOf(daughter)), `${breed} full siblings`).to.equal('immediateFamily');
      expect(category(callsOf(son), callsOf(inbredPup)), `${breed} parent of an inbred pup`).to.equal('immediateFamily');
    }
  });

  it('finds no family between strangers of one breed or of two', () => {
    for (const breed of breeds) {
      expect(category(callsOf(simulator.purebred(breed)), callsOf(simulator.purebred(breed))), breed).to.equal(null);
    }
    expect(category(callsOf(simulator.purebred('basenji')), callsOf(simulator.purebred('labrador-retriever')))).to.equal(null);
  });
});

describe('array relatives: KING-robust raised by long stretches sharing a copy (inbred dogs)', function () {
  this.timeout(60_000);
  const breeds = ['old-english-sheepdog', 'basenji', 'labrador-retriever'];
  const arrayCategory = (a: SimulatedDog, b: SimulatedDog) =>
    arrayKinshipCategory(kingKinship(callsOf(a), callsOf(b), snps, snps).kinship, () => ibdOneShare(panel, callsOf(a), callsOf(b), snps)).key;

  it('reads a parent 1, full siblings about 3/4 and half siblings less', () => {
    const [sire, dam] = simulator.breedingPair('whippet');
    const [first, second] = simulator.litter(sire, dam, 2);
    const half = simulator.mate(sire, simulator.purebred('whippet', 'f'));
    const share = (a: SimulatedDog, b: SimulatedDog) => ibdOneShare(panel, callsOf(a), callsOf(b), snps);
    expect(share(sire, first)).to.be.above(0.95);
    expect(share(first, second)).to.be.within(0.6, 0.95);
    expect(share(first, half)).to.be.within(0.3, 0.75).and.below(share(first, second));
  });

  it('calls the pups of a full-sibling mating immediate family of each other, half siblings close family, strangers of an inbred breed nothing', () => {
    for (const breed of breeds) {
      const [sire, dam] = simulator.breedingPair(breed);
      const son = simulator.mate(sire, dam, 'm');
      const daughter = simulator.mate(sire, dam, 'f');
      const [pupA, pupB, pupC] = simulator.litter(son, daughter, 3);
      expect([arrayCategory(pupA, pupB), arrayCategory(pupA, pupC), arrayCategory(pupB, pupC)], `${breed} inbred pups`).to.deep.equal(['immediateFamily', 'immediateFamily', 'immediateFamily']);
      expect(arrayCategory(son, simulator.mate(sire, simulator.purebred(breed, 'f'))), `${breed} half siblings`).to.equal('closeFamily');
      expect(arrayCategory(simulator.purebred(breed), simulator.purebred(breed)), `${breed} strangers`).to.equal(null);
    }
  });
});
