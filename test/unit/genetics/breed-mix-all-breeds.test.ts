import { expect } from 'chai';
import { estimateAncestry, estimateBreedMix } from '../../../server/genetics/compute/ancestry.js';
import { summariseBreedMix } from '../../../server/genetics/compute/breed-mix.js';
import { callsOf, type Sex, type SimulatedDog } from '../../../server/genetics/simulate/dog.js';
import { allBreedsReference, fixture } from './fixture.js';

const PUREBREDS = ['labrador-retriever', 'dachshund', 'shih-tzu', 'great-dane', 'flat-coated-retriever', 'gray-wolf', 'siberian-husky', 'pug'];
const CROSSES = [
  ['labrador-retriever', 'standard-poodle'],
  ['golden-retriever', 'flat-coated-retriever'],
  ['cavalier-king-charles-spaniel', 'miniature-poodle'],
  ['german-shepherd-dog', 'siberian-husky'],
  ['beagle', 'boxer'],
];
const GREAT_GRANDPARENTS = ['labrador-retriever', 'boxer', 'beagle', 'chihuahua', 'rottweiler', 'border-collie', 'pug', 'dachshund'];

function cross(a: string, b: string, sex?: Sex): SimulatedDog {
  const { simulator } = fixture();
  return simulator.mate(simulator.breedingPair(a)[0], simulator.breedingPair(b)[1], sex);
}

describe('breed mix against every reference breed', function () {
  this.timeout(60_000);

  it('has every identifiable breed and the wolves in the reference', () => {
    expect(allBreedsReference().populations.length).to.be.at.least(250);
  });

  it('finds purebreds to be at least 90% their breed', () => {
    const { simulator } = fixture();
    for (const slug of PUREBREDS) {
      const shares = estimateAncestry(allBreedsReference(), callsOf(simulator.purebred(slug)))!;
      expect(shares.get(slug), slug).to.be.at.least(0.9);
      expect(summariseBreedMix(shares).breedMixScenario, slug).to.equal('purebred');
    }
  });

  it('finds first crosses to be about half each (within 7 points)', () => {
    for (const [a, b] of CROSSES) {
      const shares = estimateBreedMix(allBreedsReference(), callsOf(cross(a, b)))!;
      expect(shares.get(a) ?? 0, `${a} in ${a} x ${b}`).to.be.closeTo(0.5, 0.07);
      expect(shares.get(b) ?? 0, `${b} in ${a} x ${b}`).to.be.closeTo(0.5, 0.07);
    }
  });

  it('finds the main breeds of three-generation mixes', () => {
    const { simulator } = fixture();
    const g = GREAT_GRANDPARENTS;
    for (let i = 0; i < 6; i++) {
      const sire = simulator.mate(cross(g[0], g[1], 'm'), cross(g[2], g[3], 'f'), 'm');
      const dam = simulator.mate(cross(g[4], g[5], 'm'), cross(g[6], g[7], 'f'), 'f');
      const shares = estimateAncestry(allBreedsReference(), callsOf(simulator.mate(sire, dam)))!;
      const found = g.filter((slug) => (shares.get(slug) ?? 0) >= 0.03);
      expect(found.length, JSON.stringify([...shares])).to.be.at.least(7);
      const outsiders = [...shares].filter(([slug, q]) => !g.includes(slug) && q >= 0.05);
      expect(outsiders, 'breeds that are not in the pedigree').to.have.length(0);
      const inPedigree = g.reduce((s, slug) => s + (shares.get(slug) ?? 0), 0);
      expect(inPedigree).to.be.at.least(0.85);
    }
    // grandparents of four breeds: each about a quarter
    const sire = simulator.mate(cross('boxer', 'beagle', 'm'), cross('pug', 'chihuahua', 'f'), 'm');
    const dam = simulator.mate(cross('boxer', 'beagle', 'm'), cross('pug', 'chihuahua', 'f'), 'f');
    const shares = estimateAncestry(allBreedsReference(), callsOf(simulator.mate(sire, dam)))!;
    for (const slug of ['boxer', 'beagle', 'pug', 'chihuahua']) expect(shares.get(slug) ?? 0, slug).to.be.within(0.12, 0.38);
  });

  it('gives every purebred, cross and three-breed dog shares that add up to the whole dog', () => {
    const { simulator } = fixture();
    const reference = allBreedsReference();
    const dogs = [
      ...PUREBREDS.map((slug) => simulator.purebred(slug)),
      ...CROSSES.map(([a, b]) => cross(a, b)),
      ...CROSSES.map(([a, b], i) => simulator.mate(cross(a, b, 'm'), cross(CROSSES[(i + 1) % CROSSES.length][0], GREAT_GRANDPARENTS[i], 'f'))),
    ].map((d) => callsOf(d));
    for (const calls of dogs) {
      const mix = estimateAncestry(reference, calls)!;
      const total = [...mix.values()].reduce((sum, fraction) => sum + fraction, 0);
      expect(total).to.be.closeTo(1, 1e-6);
    }
  });
});
