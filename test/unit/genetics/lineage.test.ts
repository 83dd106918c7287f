import { expect } from 'chai';
import { LINEAGE_TREES, MATERNAL_TREE, PATERNAL_TREE, haplogroupOf, lineageHaplotypes, lineageNodes, lineagePath, parseMutation } from '../../../server/genetics/catalogue/lineages.js';
import { MT_CHROMOSOME, MT_LENGTH_BP, Y_CHROMOSOME } from '../../../server/genetics/chromosomes.js';
import { callLineage, callLineages } from '../../../server/genetics/compute/lineage.js';
import { computeResults } from '../../../server/genetics/compute/results.js';
import { NO_CALL, type Calls } from '../../../server/genetics/genotype.js';
import { writePlink, parseTped } from '../../../server/genetics/formats/plink.js';
import { createMarkerPanel, locationKey, type Marker } from '../../../server/genetics/panel.js';
import { callsOf, type SimulatedDog } from '../../../server/genetics/simulate/dog.js';
import { simulatePopulation } from '../../../server/genetics/simulate/population.js';
import { offspringCalls } from '../../../server/lab/offspring.js';
import { PopulationSimulator } from '../../../server/genetics/simulate/simulator.js';
import { fixture } from './fixture.js';

// Our own simulator on the shared panel, so these tests do not shift the dogs the other genetics tests draw.
let own: PopulationSimulator | undefined;
const lineageSimulator = () => (own ??= new PopulationSimulator({ panel: fixture().panel, seed: 23 }));

const onChromosome = (calls: Calls, chromosome: number) => {
  const { panel } = fixture();
  const range = panel.ranges.find((r) => r.chromosome === chromosome)!;
  return [...calls.subarray(range.start, range.end)];
};

/** The calls with every marker of the given lineage branches' defining mutations set to no-call. */
function withMissing(calls: Calls, chromosome: number, mutations: readonly string[]): Calls {
  const { panel } = fixture();
  const out = Uint8Array.from(calls);
  for (const text of mutations) out[panel.indexByLocation.get(locationKey(chromosome, parseMutation(text).position))!] = NO_CALL;
  return out;
}

describe('lineage trees (maternal mitochondrial, paternal Y)', () => {
  it('are trees of clades, haplogroups and haplotypes with unique, valid defining positions', () => {
    for (const tree of LINEAGE_TREES) {
      const positions = new Set<number>();
      const names = new Set<string>();
      for (const { node } of lineageNodes(tree)) {
        expect(names.has(node.name), node.name).to.equal(false);
        names.add(node.name);
        for (const text of node.mutations) {
          const { position } = parseMutation(text);
          expect(positions.has(position), `${tree.suffix} ${position}`).to.equal(false);
          positions.add(position);
          if (tree.chromosome === MT_CHROMOSOME) expect(position).to.be.within(1, MT_LENGTH_BP);
        }
        if (node !== tree.root) expect(node.mutations.length, node.name).to.be.at.least(2);
      }
    }
    expect(haplogroupOf(MATERNAL_TREE, 'A17')).to.equal('A1a');
    expect(haplogroupOf(MATERNAL_TREE, 'A226/A547')).to.equal('A1e');
    expect(haplogroupOf(PATERNAL_TREE, 'H1a.48')).to.equal('A1a');
    expect(lineagePath(MATERNAL_TREE, 'A17')!.map((n) => n.name)).to.deep.equal(['A', 'A1', 'A1a', 'A17']);
    expect(lineageHaplotypes(MATERNAL_TREE).every((h) => h.weight > 0)).to.equal(true);
  });

  it('puts every defining position on the panel, haploid markers on chromosomes 40 (Y) and 42 (MT)', () => {
    const { panel } = fixture();
    const lineage = panel.markers.filter((m) => m.kind === 'lineage');
    const defining = LINEAGE_TREES.reduce((n, tree) => n + lineageNodes(tree).reduce((k, e) => k + e.node.mutations.length, 0), 0);
    expect(lineage).to.have.length(defining);
    expect(new Set(lineage.map((m) => m.chromosome))).to.deep.equal(new Set([Y_CHROMOSOME, MT_CHROMOSOME]));
    expect(panel.autosomalSnps.some((j) => panel.markers[j].kind === 'lineage')).to.equal(false);
  });
});

describe('lineage inheritance in the simulator', () => {
  it('passes the mitochondria from mother to every pup and the Y from father to sons only, as homozygous calls', () => {
    const simulator = lineageSimulator();
    const [sire] = simulator.breedingPair('boxer');
    const [, dam] = simulator.breedingPair('beagle');
    const litter = simulator.litter(sire, dam, 8);
    const sons = litter.filter((d) => d.sex === 'm');
    const daughters = litter.filter((d) => d.sex === 'f');
    expect(sons.length).to.be.greaterThan(0);
    expect(daughters.length).to.be.greaterThan(0);
    const damMt = onChromosome(callsOf(dam), MT_CHROMOSOME);
    const sireY = onChromosome(callsOf(sire), Y_CHROMOSOME);
    expect(damMt.every((g) => g === 0 || g === 2)).to.equal(true);
    expect(damMt).to.include(2);
    expect(sireY.every((g) => g === 0 || g === 2)).to.equal(true);
    for (const pup of litter) {
      expect(pup.mtHaplotype).to.equal(dam.mtHaplotype);
      expect(onChromosome(callsOf(pup), MT_CHROMOSOME)).to.deep.equal(damMt);
    }
    for (const son of sons) {
      expect(son.yHaplotype).to.equal(sire.yHaplotype);
      expect(onChromosome(callsOf(son), Y_CHROMOSOME)).to.deep.equal(sireY);
    }
    for (const daughter of daughters) {
      expect(daughter.yHaplotype).to.equal(null);
      expect(onChromosome(callsOf(daughter), Y_CHROMOSOME).every((g) => g === NO_CALL)).to.equal(true);
    }
    expect(onChromosome(callsOf(dam), Y_CHROMOSOME).every((g) => g === NO_CALL)).to.equal(true);
  });

  it('keeps lineages down a simulated pedigree: a grandson carries his paternal grandsire\'s Y and his maternal granddam\'s mitochondria', () => {
    const simulator = lineageSimulator();
    const [grandsire, granddam] = simulator.breedingPair('rottweiler');
    const father = simulator.mate(grandsire, simulator.breedingPair('chihuahua')[1], 'm');
    const mother = simulator.mate(simulator.breedingPair('border-collie')[0], granddam, 'f');
    const grandson = simulator.mate(father, mother, 'm');
    expect(grandson.yHaplotype).to.equal(grandsire.yHaplotype);
    expect(grandson.mtHaplotype).to.equal(granddam.mtHaplotype);
    const { panel } = fixture();
    const called = callLineages(panel, callsOf(grandson), 'm');
    expect(called.maternal).to.include({ status: 'called', haplotype: granddam.mtHaplotype, haplogroup: haplogroupOf(MATERNAL_TREE, granddam.mtHaplotype) });
    expect(called.paternal).to.include({ status: 'called', haplotype: grandsire.yHaplotype, haplogroup: haplogroupOf(PATERNAL_TREE, grandsire.yHaplotype!) });
  });

  it('gives breeds their own lineage frequencies, and the population dogs their true haplotypes', () => {
    const simulator = lineageSimulator();
    const lines = (slug: string) => new Set(simulator.stock(slug).map((d) => d.mtHaplotype));
    expect(lines('beagle').size).to.be.within(1, 4);
    const { panel, dogs } = simulatePopulation({ seed: 3, size: 60 });
    for (const dog of dogs) {
      const called = callLineages(panel, dog.calls, dog.sex);
      expect(called.maternal.haplotype, `dog ${dog.id}`).to.equal(dog.mtHaplotype);
      if (dog.sex === 'm') expect(called.paternal!.haplotype).to.equal(dog.yHaplotype);
      else expect(called.paternal).to.equal(null);
    }
  });

  it('lets the lab\'s offspring of stored genotypes inherit the lineages too', () => {
    const simulator = lineageSimulator();
    const { panel } = fixture();
    const [sire, dam] = simulator.breedingPair('golden-retriever');
    const son = offspringCalls(panel, callsOf(sire), callsOf(dam), 'm', 1);
    const daughter = offspringCalls(panel, callsOf(sire), callsOf(dam), 'f', 2);
    expect(callLineages(panel, son, 'm').paternal!.haplotype).to.equal(sire.yHaplotype);
    expect(callLineages(panel, daughter, 'f').maternal.haplotype).to.equal(dam.mtHaplotype);
    expect(onChromosome(daughter, Y_CHROMOSOME).every((g) => g === NO_CALL)).to.equal(true);
  });
});

describe('haplogroup calling', () => {
  const male = (): SimulatedDog => lineageSimulator().purebred('labrador-retriever', 'm');

  it('tolerates a missing call or two on a branch, and stops at the haplogroup when a haplotype cannot be told', () => {
    const { panel } = fixture();
    const dog = male();
    const path = lineagePath(MATERNAL_TREE, dog.mtHaplotype)!;
    const leaf = path[path.length - 1];
    const clade = path[0];
    // two of the clade's three markers and one of the haplotype's two missing: still called
    const tolerant = withMissing(callsOf(dog), MT_CHROMOSOME, [...clade.mutations.slice(0, 2), leaf.mutations[0]]);
    expect(callLineage(panel, tolerant, MATERNAL_TREE)).to.include({ status: 'called', haplotype: dog.mtHaplotype });
    // both haplotype markers missing: the haplogroup only
    const stopped = withMissing(callsOf(dog), MT_CHROMOSOME, leaf.mutations);
    expect(callLineage(panel, stopped, MATERNAL_TREE)).to.include({ status: 'called', haplotype: null, haplogroup: path[path.length - 2].name });
    // every clade marker missing: no branch can be entered
    const lost = withMissing(callsOf(dog), MT_CHROMOSOME, clade.mutations);
    expect(callLineage(panel, lost, MATERNAL_TREE)).to.include({ status: 'noCall', haplotype: null, haplogroup: null });
  });

  it('does not enter a branch one of whose markers reads ancestral', () => {
    const { panel } = fixture();
    const dog = male();
    const path = lineagePath(PATERNAL_TREE, dog.yHaplotype!)!;
    const calls = callsOf(dog);
    const leafMarker = parseMutation(path[path.length - 1].mutations[0]);
    calls[panel.indexByLocation.get(locationKey(Y_CHROMOSOME, leafMarker.position))!] = 0;
    expect(callLineage(panel, calls, PATERNAL_TREE)).to.include({ status: 'called', haplotype: null, haplogroup: path[path.length - 2].name });
  });

  it('says not tested when the sample has none of the markers, and gives females no paternal lineage', () => {
    const { panel, reference } = fixture();
    const dog = male();
    const noMt = withMissing(callsOf(dog), MT_CHROMOSOME, lineageNodes(MATERNAL_TREE).flatMap((e) => e.node.mutations));
    expect(callLineage(panel, noMt, MATERNAL_TREE)).to.include({ status: 'notTested', markersCalled: 0 });
    const female = lineageSimulator().purebred('labrador-retriever', 'f');
    expect(callLineages(panel, callsOf(female), 'f').paternal).to.equal(null);
    // a female whose sample shows Y calls still has no paternal haplotype (the sex check judges her)
    const withY = Uint8Array.from(callsOf(female));
    const yRange = panel.ranges.find((r) => r.chromosome === Y_CHROMOSOME)!;
    withY.set(callsOf(dog).subarray(yRange.start, yRange.end), yRange.start);
    expect(callLineages(panel, withY, 'f').paternal).to.equal(null);
    const results = computeResults({ reference, calls: noMt, statedSex: 'm' });
    expect(results.lineages.maternal.status).to.equal('notTested');
    expect(results.notTested).to.include('maternalLineage');
    expect(results.lineages.paternal).to.include({ status: 'called', haplotype: dog.yHaplotype });
  });

  it('reads lineages from another array by position and base, whatever its marker names and allele order', () => {
    const { panel } = fixture();
    const dog = male();
    const { tped } = writePlink(panel, callsOf(dog), { familyId: 'F', individualId: 'I', sex: 'm' });
    // an export of only the Y and MT markers, under probe names of its own, read on its own panel
    const lineageOnly = tped.split('\n').filter((line) => /^(40|42) /.test(line)).map((line, i) => line.replace(/^(\d+) \S+/, `$1 PROBE${i}`)).join('\n');
    const own = parseTped(lineageOnly);
    const called = callLineages(own.panel, own.calls, 'm');
    expect(called.maternal.haplotype).to.equal(dog.mtHaplotype);
    expect(called.paternal!.haplotype).to.equal(dog.yHaplotype);
    // the other strand: complemented bases read the same (except A/T and C/G changes, which stay unread)
    const complement: Record<string, string> = { A: 'T', T: 'A', C: 'G', G: 'C' };
    const flipped: Marker[] = own.panel.markers.map((m) => ({ ...m, ref: complement[m.ref] ?? m.ref, alt: complement[m.alt] ?? m.alt }));
    const onOtherStrand = callLineages(createMarkerPanel(flipped), own.calls, 'm');
    expect(onOtherStrand.maternal.haplogroup).to.equal(called.maternal.haplogroup);
  });
});
