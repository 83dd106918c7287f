import { expect } from 'chai';
import { RELATIVE_SCREEN_PARAMETERS } from '../../../server/genetics/compute/parameters.js';
import { individualFrequencies } from '../../../server/genetics/compute/reference-panel.js';
import { relatednessCategory } from '../../../server/genetics/compute/relatedness.js';
import { addToRelativeIndex, buildRelativeIndex, createRelativeIndex, screenRelatives } from '../../../server/genetics/compute/relative-screen.js';
import { sharedDna } from '../../../server/genetics/compute/shared-segments.js';
import { callsOf, type SimulatedDog } from '../../../server/genetics/simulate/dog.js';
import { PopulationSimulator } from '../../../server/genetics/simulate/simulator.js';
import { allBreedsReference, fixture } from './fixture.js';
import { syntheticCalls, syntheticShares } from '../../../server/genetics/simulate/synthetic.js';

const BREEDS = ['labrador-retriever', 'boxer', 'chihuahua', 'border-collie'];

// Its own seeded simulator, so the families drawn do not depend on which tests ran before.
let ownSimulator: PopulationSimulator | undefined;

function family(slug: string, i: number) {
  ownSimulator ??= new PopulationSimulator({ panel: fixture().panel, seed: 11 });
  const simulator = ownSimulator;
  const stock = simulator.stock(slug);
  const males = stock.filter((d) => d.sex === 'm');
  const females = stock.filter((d) => d.sex === 'f');
  const sire = males[i % males.length];
  const dam = females[i % females.length];
  const [pup, fullSib] = simulator.litter(sire, dam, 2);
  const halfSib = simulator.mate(sire, females[(i + 1) % females.length]);
  const daughter = simulator.mate(sire, dam, 'f');
  const cousin = simulator.mate(males[(i + 1) % males.length], daughter);
  const son = simulator.mate(sire, dam, 'm');
  const cousinOfCousin = simulator.mate(son, females[(i + 2) % females.length]);
  const strangers = [simulator.mate(males[(i + 2) % males.length], females[(i + 3) % females.length]), simulator.purebred('beagle'), simulator.purebred('pug')];
  return { pup, relatives: { sire, fullSib, halfSib }, cousins: [cousin, cousinOfCousin] as const, strangers };
}

const entry = (d: SimulatedDog) => ({ id: d.id, calls: callsOf(d) });

describe('relative screen on bit-packed homozygotes', function () {
  this.timeout(120_000);

  it('never screens out parents, full and half siblings, seldom a first cousin, and drops most unrelated dogs', () => {
    const { panel } = fixture();
    let strangersKept = 0;
    let strangers = 0;
    let cousinsDropped = 0;
    for (const slug of BREEDS) {
      for (let i = 0; i < 10; i++) {
        const f = family(slug, i);
        const [cousinA, cousinB] = f.cousins;
        const others = [...Object.values(f.relatives), ...f.strangers];
        const index = buildRelativeIndex(panel, [...others, cousinB].map(entry));
        const kept = new Set(screenRelatives(index, callsOf(f.pup)).map((c) => c.id));
        for (const [name, dog] of Object.entries(f.relatives)) expect(kept.has(dog.id), `${slug} ${name}`).to.equal(true);
        const cousinScreen = screenRelatives(index, callsOf(cousinA), { minKinship: -1 }).find((c) => c.id === cousinB.id)!;
        if (cousinScreen.kinship < RELATIVE_SCREEN_PARAMETERS.minKinship) cousinsDropped++;
        strangers += f.strangers.length;
        strangersKept += f.strangers.filter((s) => kept.has(s.id)).length;
        for (const other of f.strangers.slice(1)) expect(kept.has(other.id), 'a dog of another breed').to.equal(false);
        const byRate = screenRelatives(index, callsOf(f.pup), { maxOpposingHomozygoteRate: 0.005 }).map((c) => c.id);
        expect(byRate, 'parents have (almost) no opposing homozygotes').to.include(f.relatives.sire.id);
      }
    }
    // First cousins share 1/16 on average but vary widely: of 1,000 simulated pairs (seeds 11-20,
    // five breeds) 6 to 9 read below 0 on the screen, before and after issue 35 §5 redrew the
    // simulated dogs; one in these 40 may, two would be a change in the screen.
    expect(cousinsDropped, 'first cousins screened out').to.be.at.most(1);
    expect(strangersKept / strangers).to.be.below(0.3);
  });

  it('finds the family of one dog among 100,000 dogs through the screen and shared DNA', () => {
    const { panel } = fixture();
    const reference = allBreedsReference();
    const f = family('labrador-retriever', 3);
    const index = createRelativeIndex(panel, 100_000);
    const known = new Map<number, { calls: Uint8Array; background: Float32Array }>();
    for (const dog of [...Object.values(f.relatives), f.cousins[0]]) {
      known.set(dog.id, { calls: callsOf(dog), background: individualFrequencies(reference, new Map(Object.entries(dog.ancestry))) });
      addToRelativeIndex(index, dog.id, callsOf(dog));
    }
    const buffer = new Uint8Array(panel.markers.length).fill(3);
    for (let id = 1_000_000; index.size < 100_000; id++) {
      syntheticCalls(reference, id, index.markers, buffer);
      addToRelativeIndex(index, id, buffer);
    }
    const query = callsOf(f.pup);
    const queryBackground = individualFrequencies(reference, new Map(Object.entries(f.pup.ancestry)));
    const candidates = screenRelatives(index, query);
    const found = new Map<number, string>();
    for (const c of candidates) {
      let other = known.get(c.id);
      if (!other) {
        const calls = syntheticCalls(reference, c.id, panel.autosomalSnps, new Uint8Array(panel.markers.length).fill(3));
        other = { calls, background: individualFrequencies(reference, syntheticShares(reference, c.id)) };
      }
      const category = relatednessCategory(sharedDna(panel, query, other.calls, queryBackground, other.background));
      if (category) found.set(c.id, category.key);
    }
    expect(found.get(f.relatives.sire.id)).to.equal('immediateFamily');
    expect(found.get(f.relatives.fullSib.id)).to.equal('immediateFamily');
    expect(found.get(f.relatives.halfSib.id)).to.equal('closeFamily');
    // The synthetic dogs share only their breeds' background with the pup: none of them is family.
    const syntheticFamily = [...found].filter(([id, category]) => id >= 1_000_000 && category !== 'distantRelative');
    expect(syntheticFamily).to.deep.equal([]);
  });
});
