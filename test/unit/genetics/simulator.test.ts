import { expect } from 'chai';
import { buildSimulatedPanel, createMarkerPanel, type MarkerPanel } from '../../../server/genetics/panel.js';
import { PopulationSimulator } from '../../../server/genetics/simulate/simulator.js';
import { callsOf } from '../../../server/genetics/simulate/dog.js';
import { X_CHROMOSOME } from '../../../server/genetics/chromosomes.js';
import { locusGenotype } from '../../../server/genetics/compute/traits.js';
import { traitLocusById } from '../../../server/genetics/catalogue/traits.js';
import { fixture } from './fixture.js';

describe('population simulator', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const panel = buildSimulatedPanel({ snpCount: 1500 });
    const run = (seed: number) => {
      const sim = new PopulationSimulator({ panel, seed, breedStockSize: 6 });
      const pup = sim.purebred('beagle');
      const cross = sim.mate(sim.breedingPair('boxer')[0], pup.sex === 'f' ? pup : sim.breedingPair('beagle')[1]);
      return [callsOf(pup), callsOf(cross)];
    };
    expect(run(5)).to.deep.equal(run(5));
    expect(run(5)[0]).to.not.deep.equal(run(6)[0]);
  });

  it('keeps a breed\'s dogs, SNPs and lineages, when the panel gains or loses named variants: a condition added to the catalogue moves no kinship, COI or breed mix (issue 35 §5)', () => {
    const panel = buildSimulatedPanel({ snpCount: 1500 });
    // a chromosome's first and last markers set the span meiosis works on: those stay
    const ends = new Set(panel.ranges.flatMap((range) => [range.start, range.end - 1]));
    const fewer = createMarkerPanel(panel.markers.filter((m, j) => m.kind !== 'health' || j % 2 === 0 || ends.has(j)));
    expect(fewer.markers.length).to.be.below(panel.markers.length);
    const stock = (p: MarkerPanel, closedBreeding: boolean) =>
      new PopulationSimulator({ panel: p, seed: 3, breedStockSize: 6, closedBreeding }).stock('beagle').map((dog) => {
        const calls = callsOf(dog);
        return { snps: p.markers.flatMap((m, j) => (m.kind === 'snp' ? [`${m.id}:${calls[j]}`] : [])).join(' '), mt: dog.mtHaplotype, y: dog.yHaplotype };
      });
    for (const closedBreeding of [false, true]) expect(stock(fewer, closedBreeding), `closedBreeding ${closedBreeding}`).to.deep.equal(stock(panel, closedBreeding));
  });

  it('records the pedigree, ancestry and lineages of a mating', () => {
    const { simulator } = fixture();
    const [sire, dam] = simulator.breedingPair('labrador-retriever');
    const [, poodleDam] = simulator.breedingPair('standard-poodle');
    const pup = simulator.mate(sire, poodleDam, 'm');
    expect(pup.sireId).to.equal(sire.id);
    expect(pup.ancestry).to.deep.equal({ 'labrador-retriever': 0.5, 'standard-poodle': 0.5 });
    expect(pup.mtHaplotype).to.equal(poodleDam.mtHaplotype);
    expect(pup.yHaplotype).to.equal(sire.yHaplotype);
    expect(simulator.dog(pup.id)).to.equal(pup);
    expect(dam.sex).to.equal('f');
  });

  it('gives males a single X (never heterozygous) and females two', () => {
    const { simulator, panel } = fixture();
    const x = panel.ranges.find((r) => r.chromosome === X_CHROMOSOME)!;
    const het = (calls: Uint8Array) => calls.subarray(x.start, x.end).filter((g) => g === 1).length;
    expect(het(callsOf(simulator.purebred('beagle', 'm')))).to.equal(0);
    expect(het(callsOf(simulator.purebred('beagle', 'f')))).to.be.above(10);
  });

  it('gives purebreds their breed-typical variants (Golden Retrievers are e/e)', () => {
    const { simulator, panel } = fixture();
    for (let i = 0; i < 5; i++) {
      expect(locusGenotype(panel, callsOf(simulator.purebred('golden-retriever')), traitLocusById('E')!)).to.deep.equal(['e', 'e']);
    }
  });

  it('can leave markers uncalled', () => {
    const { simulator } = fixture();
    const calls = callsOf(simulator.purebred('boxer'), { noCallRate: 0.1, random: simulator.stream('no-calls') });
    const missing = calls.filter((g) => g === 3).length / calls.length;
    expect(missing).to.be.within(0.07, 0.13);
  });
});
