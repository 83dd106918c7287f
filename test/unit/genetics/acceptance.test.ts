import { expect } from 'chai';
import { healthConditionById } from '../../../server/genetics/catalogue/health-conditions.js';
import { predictCoatColour } from '../../../server/genetics/compute/coat-colour.js';
import { genomicInbreeding } from '../../../server/genetics/compute/inbreeding.js';
import { offspringCoi, offspringHealthOdds } from '../../../server/genetics/compute/pair-predictor.js';
import { relatednessCategory, type RelatednessKey } from '../../../server/genetics/compute/relatedness.js';
import { sharedDna } from '../../../server/genetics/compute/shared-segments.js';
import { callsOf, type SimulatedDog } from '../../../server/genetics/simulate/dog.js';
import { breedingDogs, fixture } from './fixture.js';

const PAIRS = 200;
const BREEDS = ['labrador-retriever', 'german-shepherd-dog', 'beagle', 'boxer'];

function category(a: SimulatedDog, b: SimulatedDog): RelatednessKey | 'none' {
  const { panel, background } = fixture();
  return relatednessCategory(sharedDna(panel, callsOf(a), callsOf(b), background(a), background(b)))?.key ?? 'none';
}

const share = (keys: string[], wanted: string) => keys.filter((k) => k === wanted).length / keys.length;

describe('issue acceptance numbers on 200 simulated pairs each', function () {
  this.timeout(120_000);
  const pairs: Record<string, string[]> = { parent: [], fullSib: [], halfSib: [], cousin: [], unrelated: [] };

  before(() => {
    const { simulator } = fixture();
    for (let i = 0; i < PAIRS; i++) {
      const slug = BREEDS[i % BREEDS.length];
      const { males, females } = breedingDogs(slug);
      const k = Math.floor(i / BREEDS.length);
      const sire = males[k % males.length];
      const dam = females[(k * 7) % females.length];
      const [a, b] = simulator.litter(sire, dam, 2);
      pairs.parent.push(category(i % 2 ? sire : dam, a));
      pairs.fullSib.push(category(a, b));
      pairs.halfSib.push(category(a, simulator.mate(sire, females[(k * 7 + 1) % females.length])));
      const cousinA = simulator.mate(simulator.mate(sire, dam, 'm'), females[(k * 7 + 2) % females.length]);
      const cousinB = simulator.mate(males[(k + 1) % males.length], simulator.mate(sire, dam, 'f'));
      pairs.cousin.push(category(cousinA, cousinB));
      const strangerA = simulator.mate(males[(k + 2) % males.length], females[(k * 7 + 3) % females.length]);
      const strangerB = simulator.mate(males[(k + 3) % males.length], females[(k * 7 + 4) % females.length]);
      pairs.unrelated.push(category(strangerA, strangerB));
    }
    const wanted: Record<string, string> = { parent: 'immediateFamily', fullSib: 'immediateFamily', halfSib: 'closeFamily', cousin: 'extendedFamily', unrelated: 'none' };
    console.log(`      right category: ${Object.entries(pairs).map(([k, v]) => `${k} ${(share(v, wanted[k]) * 100).toFixed(1)}%`).join(', ')}`);
  });

  it('calls parent–offspring and full siblings immediate family', () => {
    expect(share(pairs.parent, 'immediateFamily')).to.be.at.least(0.95);
    expect(share(pairs.fullSib, 'immediateFamily')).to.be.at.least(0.95);
  });

  it('calls half siblings close family', () => {
    expect(share(pairs.halfSib, 'closeFamily')).to.be.at.least(0.95);
  });

  it('calls first cousins extended family', () => {
    expect(share(pairs.cousin, 'extendedFamily')).to.be.at.least(0.95);
  });

  it('calls unrelated dogs of one breed no relative', () => {
    expect(share(pairs.unrelated, 'none')).to.be.at.least(0.95);
  });

  it('gives carrier x carrier 25% at risk and e/e red whatever K and A', () => {
    expect(offspringHealthOdds(healthConditionById('degenerative-myelopathy')!, 1, 1).atRisk).to.equal(0.25);
    for (const K of [['KB', 'KB'], ['KB', 'ky'], ['kbr', 'kbr'], ['ky', 'ky']] as const)
      for (const A of [['ay', 'at'], ['aw', 'aw'], ['at', 'at'], ['a', 'a']] as const) expect(predictCoatColour({ E: ['e', 'e'], K, A }).pattern).to.equal('Red/Yellow');
  });

  it('predicts offspring COI near 25% for a full-sibling mating, as the pups show', () => {
    const { simulator, panel, background } = fixture();
    const { males, females } = breedingDogs('beagle');
    const predicted: number[] = [];
    const observed: number[] = [];
    for (let i = 0; i < 8; i++) {
      const brother = simulator.mate(males[i], females[i], 'm');
      const sister = simulator.mate(males[i], females[i], 'f');
      predicted.push(offspringCoi(sharedDna(panel, callsOf(brother), callsOf(sister), background(brother), background(sister)).kinship));
      const pup = simulator.mate(brother, sister);
      observed.push(genomicInbreeding(panel, callsOf(pup), background(pup)).coi);
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(predicted)).to.be.closeTo(0.25, 0.05);
    expect(mean(observed)).to.be.closeTo(mean(predicted), 0.07);
  });
});
