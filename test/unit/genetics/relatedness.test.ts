import { expect } from 'chai';
import { sharedDna } from '../../../server/genetics/compute/shared-segments.js';
import { displayRelatedness, relatednessCategory, type RelatednessKey } from '../../../server/genetics/compute/relatedness.js';
import { genomicInbreeding } from '../../../server/genetics/compute/inbreeding.js';
import { callsOf, type SimulatedDog } from '../../../server/genetics/simulate/dog.js';
import { breedingDogs, fixture } from './fixture.js';

const PAIRS = 30;
const BREED = 'labrador-retriever';

function categoryOf(a: SimulatedDog, b: SimulatedDog): RelatednessKey | 'none' {
  const { panel, background } = fixture();
  const shared = sharedDna(panel, callsOf(a), callsOf(b), background(a), background(b));
  return relatednessCategory(shared)?.key ?? 'none';
}

function share(keys: string[], wanted: string): number {
  return keys.filter((k) => k === wanted).length / keys.length;
}

describe('relatedness from shared IBD segments', () => {
  const families = () => {
    const { simulator } = fixture();
    const { males, females } = breedingDogs(BREED);
    return Array.from({ length: PAIRS }, (_, i) => {
      const sire = males[i % males.length];
      const dam = females[i % females.length];
      const otherDam = females[(i + 1) % females.length];
      const [pupA, pupB] = simulator.litter(sire, dam, 2);
      const halfSib = simulator.mate(sire, otherDam);
      const son = simulator.mate(sire, dam, 'm');
      const daughter = simulator.mate(sire, dam, 'f');
      const cousinA = simulator.mate(son, females[(i + 2) % females.length]);
      const cousinB = simulator.mate(males[(i + 1) % males.length], daughter);
      const strangerA = simulator.mate(males[(i + 2) % males.length], females[(i + 3) % females.length]);
      const strangerB = simulator.mate(males[(i + 3) % males.length], females[(i + 4) % females.length]);
      return { sire, pupA, pupB, halfSib, cousinA, cousinB, strangerA, strangerB };
    });
  };

  it('puts parents, full and half siblings, cousins and unrelated dogs of one breed in the right categories', () => {
    const f = families();
    expect(share(f.map((x) => categoryOf(x.sire, x.pupA)), 'immediateFamily')).to.be.at.least(0.95);
    expect(share(f.map((x) => categoryOf(x.pupA, x.pupB)), 'immediateFamily')).to.be.at.least(0.95);
    expect(share(f.map((x) => categoryOf(x.pupA, x.halfSib)), 'closeFamily')).to.be.at.least(0.9);
    expect(share(f.map((x) => categoryOf(x.cousinA, x.cousinB)), 'extendedFamily')).to.be.at.least(0.85);
    const strangers = f.map((x) => categoryOf(x.strangerA, x.strangerB));
    expect(strangers.filter((k) => k === 'immediateFamily' || k === 'closeFamily')).to.have.length(0);
    expect(share(strangers, 'none')).to.be.at.least(0.9);
  });

  it('finds no relation between dogs of different breeds', () => {
    const { simulator } = fixture();
    const keys = Array.from({ length: 10 }, () => categoryOf(simulator.purebred('beagle'), simulator.purebred('boxer')));
    expect(share(keys, 'none')).to.equal(1);
  });

  it('calls a dog compared with itself the same dog, and a parent of a full-sibling mating\'s pup immediate family', () => {
    const { simulator, panel, background } = fixture();
    const { males, females } = breedingDogs(BREED);
    const son = simulator.mate(males[0], females[0], 'm');
    const daughter = simulator.mate(males[0], females[0], 'f');
    const inbredPup = simulator.mate(son, daughter);
    expect(categoryOf(son, son)).to.equal('sameDog');
    expect(categoryOf(son, inbredPup)).to.equal('immediateFamily');
    expect(categoryOf(son, daughter)).to.equal('immediateFamily');
    expect(relatednessCategory(sharedDna(panel, callsOf(son), callsOf(son), background(son), background(son)))!.label).to.equal('Same dog');
  });

  it('reports the shared DNA of a parent and pup as about half, in long segments', () => {
    const { simulator, panel, background } = fixture();
    const [sire, dam] = simulator.breedingPair('golden-retriever');
    const pup = simulator.mate(sire, dam);
    const shared = sharedDna(panel, callsOf(sire), callsOf(pup), background(sire), background(pup));
    expect(shared.sharedFraction).to.be.closeTo(0.5, 0.05);
    expect(shared.kinship).to.be.closeTo(0.25, 0.025);
    expect(shared.longestSegmentCm).to.be.above(50);
    expect(displayRelatedness(shared.sharedFraction)).to.match(/^shares \d+\.\d% of DNA$/);
  });

  it('puts the category thresholds where the spec expects', () => {
    expect(relatednessCategory({ sharedFraction: 1, longestSegmentCm: 120 })!.label).to.equal('Same dog');
    expect(relatednessCategory({ sharedFraction: 0.65, longestSegmentCm: 120 })!.label).to.equal('Immediate family');
    expect(relatednessCategory({ sharedFraction: 0.5, longestSegmentCm: 120 })!.label).to.equal('Immediate family');
    expect(relatednessCategory({ sharedFraction: 0.25, longestSegmentCm: 60 })!.label).to.equal('Close family');
    expect(relatednessCategory({ sharedFraction: 0.12, longestSegmentCm: 40 })!.label).to.equal('Extended family');
    expect(relatednessCategory({ sharedFraction: 0.03, longestSegmentCm: 20 })!.label).to.equal('Distant relative');
    expect(relatednessCategory({ sharedFraction: 0.03, longestSegmentCm: 5 })).to.equal(null);
    expect(displayRelatedness(0.2481)).to.equal('shares 24.8% of DNA');
  });
});

describe('genomic inbreeding from runs of homozygosity', () => {
  it('is higher for pups of a full-sibling mating, near 25%', () => {
    const { simulator, panel, background } = fixture();
    const { males, females } = breedingDogs(BREED);
    const coi = (d: SimulatedDog) => genomicInbreeding(panel, callsOf(d), background(d)).coi;
    const outbred: number[] = [];
    const inbred: number[] = [];
    for (let i = 0; i < 8; i++) {
      outbred.push(coi(simulator.mate(males[i], females[i + 1])));
      const brother = simulator.mate(males[i], females[i], 'm');
      const sister = simulator.mate(males[i], females[i], 'f');
      inbred.push(coi(simulator.mate(brother, sister)));
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(inbred)).to.be.within(0.17, 0.33);
    expect(mean(outbred)).to.be.below(0.06);
    const { runs } = genomicInbreeding(panel, callsOf(simulator.dog(simulator.mate(males[0], females[0], 'm').id)!), background(males[0]));
    for (const run of runs) expect(run.endBp - run.startBp).to.be.at.least(1_000_000);
  });
});
