import { expect } from 'chai';
import { identifiableBreeds } from '../../../server/genetics/catalogue/breeds.js';
import { HEALTH_CONDITIONS } from '../../../server/genetics/catalogue/health-conditions.js';
import { healthCall } from '../../../server/genetics/compute/health.js';
import { buildSimulatedPanel } from '../../../server/genetics/panel.js';
import { simulatePopulation, type PopulationDog } from '../../../server/genetics/simulate/population.js';
import { buildSimulatedReferencePanel } from '../../../server/genetics/simulate/reference.js';
import { PopulationSimulator } from '../../../server/genetics/simulate/simulator.js';
import { fixture } from './fixture.js';

describe('demo population', function () {
  this.timeout(60_000);
  const population = () => simulatePopulation({ seed: 3, size: 600, panel: fixture().panel });

  it('is deterministic for a seed', () => {
    const panel = buildSimulatedPanel({ snpCount: 1000 });
    const a = simulatePopulation({ seed: 9, size: 80, panel });
    const b = simulatePopulation({ seed: 9, size: 80, panel });
    expect(a.dogs.map((d) => [d.id, d.name, d.sex, d.birthYear, d.sireId])).to.deep.equal(b.dogs.map((d) => [d.id, d.name, d.sex, d.birthYear, d.sireId]));
    expect(a.dogs.map((d) => d.calls)).to.deep.equal(b.dogs.map((d) => d.calls));
  });

  it('holds purebreds, crosses, designer crosses, supermutts and wolf hybrids of real breeds', () => {
    const { dogs } = population();
    expect(dogs).to.have.length(600);
    const kinds = new Set(dogs.map((d) => d.kind));
    expect([...kinds]).to.include.members(['purebred', 'firstCross', 'designerCross', 'multiGenerationMix', 'wolfHybrid']);
    const known = new Set([...identifiableBreeds().map((b) => b.slug), 'gray-wolf']);
    for (const d of dogs) {
      for (const slug of Object.keys(d.ancestry)) expect(known.has(slug), slug).to.equal(true);
      expect(Object.values(d.ancestry).reduce((s, q) => s + q, 0)).to.be.closeTo(1, 1e-9);
      expect(d.birthYear).to.be.within(2010, 2025);
    }
    expect(new Set(dogs.filter((d) => d.kind === 'purebred').map((d) => Object.keys(d.ancestry)[0])).size).to.be.at.least(25);
    expect(dogs.some((d) => d.label === 'Labradoodle' || d.label === 'Goldendoodle')).to.equal(true);
    expect(dogs.some((d) => d.kind === 'multiGenerationMix' && Object.keys(d.ancestry).length >= 6)).to.equal(true);
  });

  it('holds families: parents with their pups, full and half siblings and cousins', () => {
    const { dogs } = population();
    const byId = new Map(dogs.map((d) => [d.id, d]));
    const withParents = dogs.filter((d) => d.sireId !== null && d.damId !== null);
    expect(withParents.length).to.be.above(50);
    for (const pup of withParents) expect(pup.birthYear).to.be.above(Math.max(byId.get(pup.sireId!)!.birthYear, byId.get(pup.damId!)!.birthYear));
    const key = (d: PopulationDog) => `${d.sireId}/${d.damId}`;
    const litters = new Map<string, number>();
    for (const d of withParents) litters.set(key(d), (litters.get(key(d)) ?? 0) + 1);
    expect([...litters.values()].filter((n) => n >= 2).length, 'full-sibling groups').to.be.above(10);
    const damsBySire = new Map<number, Set<number>>();
    for (const d of withParents) damsBySire.set(d.sireId!, (damsBySire.get(d.sireId!) ?? new Set()).add(d.damId!));
    expect([...damsBySire.values()].filter((s) => s.size >= 2).length, 'sires of half siblings').to.be.above(5);
    const grandparents = (d: PopulationDog) => [d.sireId, d.damId].flatMap((p) => (p === null ? [] : [byId.get(p)!.sireId, byId.get(p)!.damId])).filter((x) => x !== null);
    const cousinPairs = withParents.filter((d) => grandparents(d).length > 0);
    expect(cousinPairs.length, 'dogs with tested grandparents').to.be.above(10);
  });

  it('has carriers and at-risk dogs of recessive conditions from breed frequencies', () => {
    const { dogs } = population();
    const { panel } = fixture();
    const statuses = new Map<string, number>();
    for (const d of dogs)
      for (const c of HEALTH_CONDITIONS.filter((x) => x.moi === 'autosomal recessive').slice(0, 20)) {
        const s = healthCall(panel, d.calls, c, d.sex, new Map()).status;
        statuses.set(s, (statuses.get(s) ?? 0) + 1);
      }
    expect(statuses.get('carrier')).to.be.above(100);
    expect(statuses.get('atRisk')).to.be.above(2);
  });

  it('keeps a condition listed for no breed rare: malignant hyperthermia puts few dogs at risk (it put a third of them)', () => {
    const { dogs } = population();
    const { panel } = fixture();
    const mh = HEALTH_CONDITIONS.find((c) => c.id === 'malignant-hyperthermia')!;
    expect(mh.breedSlugs).to.deep.equal([]);
    const atRisk = dogs.filter((d) => healthCall(panel, d.calls, mh, d.sex, new Map()).status === 'atRisk').length;
    expect(atRisk / dogs.length).to.be.below(0.06);
  });

  it('builds 2,500 dogs and a reference population for every identifiable breed', function () {
    this.timeout(60_000);
    const panel = fixture().panel;
    const { dogs } = simulatePopulation({ seed: 21, size: 2500, panel });
    const reference = buildSimulatedReferencePanel(new PopulationSimulator({ panel, seed: 21 }));
    expect(dogs).to.have.length(2500);
    expect(new Set(dogs.map((dog) => dog.id)).size).to.equal(2500);
    expect(reference.populations.length).to.be.above(200);
  });
});
