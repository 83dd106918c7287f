import { expect } from 'chai';
import { genomicInbreeding } from '../../../server/genetics/compute/inbreeding.js';
import { individualFrequencies } from '../../../server/genetics/compute/reference-panel.js';
import { simulatePopulation, POPULAR_BREEDS, type PopulationDog } from '../../../server/genetics/simulate/population.js';
import { buildSimulatedReferencePanel } from '../../../server/genetics/simulate/reference.js';
import { PopulationSimulator } from '../../../server/genetics/simulate/simulator.js';
import { buildSimulatedPanel } from '../../../server/genetics/panel.js';
import { callsOf } from '../../../server/genetics/simulate/dog.js';
import { GRAY_WOLF } from '../../../server/genetics/catalogue/breeds.js';
import { fixture } from './fixture.js';

const BREEDS = POPULAR_BREEDS.slice(0, 14);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const shareUnder = (xs: number[], limit: number) => xs.filter((x) => x < limit).length / xs.length;

describe('breeds as they were made (issue 35 §1): COI of the simulated population', function () {
  this.timeout(180_000);
  const coiByKind = new Map<string, number[]>();
  const coiByBreed = new Map<string, number[]>();

  before(() => {
    const { panel } = fixture();
    const { dogs, simulator } = simulatePopulation({ seed: 35, size: 800, panel, breeds: BREEDS, closedBreeding: true });
    const reference = buildSimulatedReferencePanel(simulator, [...BREEDS, GRAY_WOLF.slug]);
    const add = (map: Map<string, number[]>, key: string, coi: number) => map.set(key, [...(map.get(key) ?? []), coi]);
    for (const dog of dogs as PopulationDog[]) {
      // the lab's COI: runs of homozygosity against the dog's own breed background
      const { coi } = genomicInbreeding(panel, dog.calls, individualFrequencies(reference, new Map(Object.entries(dog.ancestry))));
      add(coiByKind, dog.kind, coi);
      if (dog.kind === 'purebred') add(coiByBreed, Object.keys(dog.ancestry)[0], coi);
    }
    const medians = [...coiByBreed].map(([slug, xs]) => `${slug} ${median(xs).toFixed(3)}`).join(', ');
    console.log(`      breed COI medians: ${medians}`);
    console.log(`      ${[...coiByKind].map(([kind, xs]) => `${kind} ${median(xs).toFixed(3)} (n ${xs.length})`).join(', ')}`);
  });

  it('gives purebreds a median COI between 0.10 and 0.40, as the labs publish', () => {
    expect(median(coiByKind.get('purebred')!)).to.be.within(0.1, 0.4);
  });

  it('spreads breed medians across that range: at least five breeds in it, some low, some high', () => {
    const medians = [...coiByBreed.values()].filter((xs) => xs.length >= 5).map(median);
    const inRange = medians.filter((m) => m >= 0.1 && m <= 0.4);
    expect(inRange.length).to.be.at.least(5);
    expect(Math.min(...inRange)).to.be.below(0.15);
    expect(Math.max(...inRange)).to.be.above(0.2);
  });

  it('keeps mixed-breed dogs low: median under 0.05, most under 0.05', () => {
    const mixes = coiByKind.get('multiGenerationMix')!;
    expect(median(mixes)).to.be.below(0.05);
    expect(shareUnder(mixes, 0.05)).to.be.at.least(0.8);
  });

  it('gives first crosses of two breeds a COI near 0', () => {
    const crosses = coiByKind.get('firstCross')!;
    expect(median(crosses)).to.be.below(0.01);
    expect(shareUnder(crosses, 0.02)).to.be.at.least(0.95);
  });
});

describe('closed breeding in the simulator', () => {
  const panel = buildSimulatedPanel({ snpCount: 1500 });

  it('breeds the same dogs from the same seed, whatever was bred before, and other dogs from another seed', () => {
    const a = new PopulationSimulator({ panel, seed: 5, closedBreeding: true });
    const b = new PopulationSimulator({ panel, seed: 5, closedBreeding: true });
    b.stock('boxer');
    expect(b.history('beagle')).to.deep.equal(a.history('beagle'));
    expect(b.stock('beagle').map((d) => callsOf(d))).to.deep.equal(a.stock('beagle').map((d) => callsOf(d)));
    expect(new PopulationSimulator({ panel, seed: 6, closedBreeding: true }).stock('beagle').map((d) => callsOf(d))).to.not.deep.equal(a.stock('beagle').map((d) => callsOf(d)));
  });

  it('makes breed-mates share haplotypes: the reference dogs of a breed carry fewer distinct long stretches than dogs drawn at random', () => {
    const simulator = new PopulationSimulator({ panel, seed: 5, closedBreeding: true });
    const stock = simulator.stock('beagle');
    // first 20 SNPs of chromosome 1, read as a haplotype string: a closed breed has few of them
    const range = panel.ranges.find((r) => r.chromosome === 1)!;
    const stretch = (h: Uint8Array) => Array.from(h.subarray(range.start, range.start + 20)).join('');
    const distinct = new Set(stock.flatMap((d) => [stretch(d.maternal), stretch(d.paternal)]));
    expect(distinct.size).to.be.below(stock.length);
  });

  it('varies breed histories: some breeds bred from a single sire a generation, others from several', () => {
    const simulator = new PopulationSimulator({ panel, seed: 5, closedBreeding: true });
    const sires = new Set(POPULAR_BREEDS.map((slug) => simulator.history(slug).siresPerGeneration));
    expect(sires.has(1)).to.equal(true);
    expect(sires.size).to.be.at.least(4);
    expect(simulator.history(GRAY_WOLF.slug).generations).to.equal(0);
  });
});
