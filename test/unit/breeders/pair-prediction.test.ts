import { expect } from 'chai';
import { HEALTH_CONDITIONS } from '../../../server/genetics/catalogue/health-conditions.js';
import { TRAIT_LOCI } from '../../../server/genetics/catalogue/traits.js';
import { callsOf, type SimulatedDog } from '../../../server/genetics/simulate/dog.js';
import { genomicInbreeding } from '../../../server/genetics/compute/inbreeding.js';
import { NO_CALL } from '../../../server/genetics/genotype.js';
import { traitCalls } from '../../../server/genetics/compute/traits.js';
import { predictCoatColours, predictHealth, predictTraits, explainInbreeding, percent } from '../../../server/breeders/pair-prediction.js';
import { matchAgainst } from '../../../server/lab/relative-matching.js';
import { buildRelativeIndex, screenRelatives } from '../../../server/genetics/compute/relative-screen.js';
import { breedingDogs, fixture } from '../genetics/fixture.js';

const conditionWith = (moi: string) => HEALTH_CONDITIONS.find((c) => c.moi === moi)!;

/** A dog homozygous for the reference allele everywhere, with some markers set. */
function genotype(set: Record<string, number> = {}): Uint8Array {
  const { panel } = fixture();
  const calls = new Uint8Array(panel.markers.length);
  for (const [id, copies] of Object.entries(set)) {
    const index = panel.indexById.get(id);
    if (index === undefined) throw new Error(`no marker ${id}`);
    calls[index] = copies;
  }
  return calls;
}

const health = (conditionId: string, sire: Uint8Array, dam: Uint8Array) =>
  predictHealth(fixture().panel, HEALTH_CONDITIONS.filter((c) => c.id === conditionId), { calls: sire, sex: 'm' }, { calls: dam, sex: 'f' })[0];
const colours = (sire: Uint8Array, dam: Uint8Array) => predictCoatColours(fixture().panel, TRAIT_LOCI, { calls: sire, sex: 'm' }, { calls: dam, sex: 'f' });

describe('pair predictor: Mendelian expectations', () => {
  it('gives carrier x carrier of a recessive condition 25% clear, 50% carrier, 25% at risk', () => {
    const c = conditionWith('autosomal recessive');
    const p = health(c.id, genotype({ [c.id]: 1 }), genotype({ [c.id]: 1 }));
    expect(p.odds).to.deep.equal({ clear: 0.25, carrier: 0.5, atRisk: 0.25 });
    expect([p.sireResult, p.damResult]).to.deep.equal(['carrier', 'carrier']);
    expect(p.explanation).to.contain('25% clear, 50% carriers, 25% at risk');
  });

  it('gives carrier x clear no puppy at risk and half carriers; at risk x at risk all at risk', () => {
    const c = conditionWith('autosomal recessive');
    expect(health(c.id, genotype({ [c.id]: 1 }), genotype()).odds).to.deep.equal({ clear: 0.5, carrier: 0.5, atRisk: 0 });
    expect(health(c.id, genotype({ [c.id]: 2 }), genotype({ [c.id]: 2 })).odds).to.deep.equal({ clear: 0, carrier: 0, atRisk: 1 });
    expect(health(c.id, genotype(), genotype()).odds).to.deep.equal({ clear: 1, carrier: 0, atRisk: 0 });
  });

  it('puts half the puppies of one dominant parent at risk', () => {
    const c = conditionWith('autosomal dominant');
    expect(health(c.id, genotype({ [c.id]: 1 }), genotype()).odds).to.deep.equal({ clear: 0.5, carrier: 0, atRisk: 0.5 });
  });

  it('follows the X for X-linked conditions: a carrier dam and a clear sire give at-risk sons and carrier daughters', () => {
    const c = conditionWith('X-linked recessive');
    expect(health(c.id, genotype(), genotype({ [c.id]: 1 })).odds).to.deep.equal({ clear: 0.5, carrier: 0.25, atRisk: 0.25 });
    // an affected sire gives every daughter his X: all daughters carriers, sons clear
    expect(health(c.id, genotype({ [c.id]: 2 }), genotype()).odds).to.deep.equal({ clear: 0.5, carrier: 0.5, atRisk: 0 });
  });

  it('writes trait genotypes in the lab\u2019s notation of the trait results pages, in the table and in the explanation alike', () => {
    const k = predictTraits(fixture().panel, TRAIT_LOCI.filter((l) => l.id === 'K'), { calls: genotype({ K_KB: 1 }), sex: 'm' }, { calls: genotype(), sex: 'f' })[0];
    expect([k.sireGenotype, k.damGenotype]).to.deep.equal(['KBky', 'kyky']);
    expect(k.genotypes.map((g) => g.genotype)).to.have.members(['KBky', 'kyky']);
    expect(k.explanation).to.contain('KBky 50%').and.contain('kyky 50%').and.contain('only kyky dogs show the A locus pattern');
    const results = traitCalls(fixture().panel, genotype({ K_KB: 1, E_e: 2 }), TRAIT_LOCI);
    for (const t of predictTraits(fixture().panel, TRAIT_LOCI, { calls: genotype({ K_KB: 1, E_e: 2 }), sex: 'm' }, { calls: genotype(), sex: 'f' })) {
      // the sire's genotype as his trait results page writes it
      expect(t.sireGenotype, t.locusId).to.equal(results.find((r) => r.locusId === t.locusId)!.notation);
      for (const text of [t.sireGenotype, t.damGenotype, ...t.genotypes.map((g) => g.genotype), t.explanation]) expect(text, t.locusId).to.not.contain('/');
    }
  });

  it('says "not tested" when a parent lacks the variant call', () => {
    const c = conditionWith('autosomal recessive');
    const p = health(c.id, genotype({ [c.id]: NO_CALL }), genotype({ [c.id]: 1 }));
    expect(p.odds).to.equal(null);
    expect(p.sireResult).to.equal('not tested');
    expect(p.explanation).to.contain('The sire was not tested');
  });

  it('gives e/e x e/e only e/e puppies, all red/yellow whatever their K and A loci', () => {
    const sire = genotype({ E_e: 2, K_KB: 2 });
    const dam = genotype({ E_e: 2, A_at: 2 });
    const prediction = colours(sire, dam);
    expect(prediction.colours).to.have.length(1);
    expect(prediction.colours[0]).to.deep.equal({ outcome: 'Red/yellow', probability: 1 });
    const e = predictTraits(fixture().panel, TRAIT_LOCI.filter((l) => l.id === 'E'), { calls: sire, sex: 'm' }, { calls: dam, sex: 'f' })[0];
    expect(e.genotypes.map((g) => [g.genotype, g.probability])).to.deep.equal([['ee', 1]]);
    expect([e.sireGenotype, e.damGenotype]).to.deep.equal(['ee', 'ee']);
  });

  it('lets KB hide the A locus: KB/KB x tan-point dam gives only solid puppies', () => {
    const prediction = colours(genotype({ K_KB: 2, A_ay: 2 }), genotype({ A_at: 2 }));
    expect(prediction.colours).to.deep.equal([{ outcome: 'Black', probability: 1 }]);
  });

  it('splits ky/KB x ky/ky into half solid black and half showing the A locus', () => {
    const prediction = colours(genotype({ K_KB: 1, A_at: 2 }), genotype({ A_at: 2 }));
    expect(prediction.colours).to.deep.equal([
      { outcome: 'Black', probability: 0.5 },
      { outcome: 'Black and tan', probability: 0.5 },
    ]);
  });

  it('combines E and B: E/e b/b x E/e b/b gives 3/4 liver and 1/4 red with a liver nose', () => {
    const prediction = colours(genotype({ E_e: 1, B_b: 2, K_KB: 2 }), genotype({ E_e: 1, B_b: 2, K_KB: 2 }));
    expect(prediction.colours).to.deep.equal([
      { outcome: 'Liver', probability: 0.75 },
      { outcome: 'Red/yellow with liver nose', probability: 0.25 },
    ]);
  });

  it('cannot predict coat colour without the E locus in both parents', () => {
    const prediction = colours(genotype({ E_e: NO_CALL }), genotype());
    expect(prediction.colours).to.deep.equal([]);
    expect(prediction.lociNotTested).to.include('E');
  });

  it('explains the offspring COI in plain words', () => {
    expect(explainInbreeding(0.25, 'shared segments').explanation).to.contain('25%').and.contain('full siblings');
    expect(explainInbreeding(-0.01, 'KING-robust kinship').offspringCoi).to.equal(0);
    expect(explainInbreeding(null, 'not tested').offspringCoi).to.equal(null);
    expect(percent(0.0625)).to.equal('6.3%');
  });
});

describe('pair predictor: offspring COI against simulated litters', () => {
  const PUPS = 200;
  const BREED = 'labrador-retriever';

  /**
   * A copy of a breeding dog whose haplotypes also carry a label (value = allele + 2 * label), so
   * that after meiosis every stretch of a descendant's DNA says which founder haplotype it came from.
   */
  function traced(dog: SimulatedDog, labels: [number, number]): SimulatedDog {
    return { ...dog, maternal: dog.maternal.map((a) => a + 2 * labels[0]), paternal: dog.paternal.map((a) => a + 2 * labels[1]) };
  }

  const allelesOf = (dog: SimulatedDog) => callsOf({ maternal: dog.maternal.map((v) => v & 1), paternal: dog.paternal.map((v) => v & 1) });

  /** Realised COI: the share of the autosomal markers where both of the pup's copies come from one founder haplotype. */
  function realisedCoi(pup: SimulatedDog): number {
    const { panel } = fixture();
    let same = 0;
    for (const j of panel.autosomalSnps) if (pup.maternal[j] >> 1 === pup.paternal[j] >> 1) same++;
    return same / panel.autosomalSnps.length;
  }

  /** The predictor's offspring COI for two of the founders' descendants, and the mean realised COI of 200 of their pups. */
  function predictedAndRealised(sire: SimulatedDog, dam: SimulatedDog): { predicted: number; realised: number } {
    const { panel, simulator, reference } = fixture();
    // the kinship the relatives search stores for the pair (findRelatives: the bit-packed screen, then shared segments), 0 when it lists no relation
    const [s, d] = [sire, dam].map((dog, i) => ({ petNum: i + 1, calls: allelesOf(dog), breedShares: new Map(Object.entries(dog.ancestry)) }));
    const screened = screenRelatives(buildRelativeIndex(panel, [{ id: d.petNum, calls: d.calls }]), s.calls).length > 0;
    const kinship = screened ? (matchAgainst(reference, s, [d])[0]?.kinship ?? 0) : 0;
    let total = 0;
    for (let i = 0; i < PUPS; i++) total += realisedCoi(simulator.mate(sire, dam));
    return { predicted: explainInbreeding(kinship, 'shared segments').offspringCoi!, realised: total / PUPS };
  }

  const founders = () => {
    const { males, females } = breedingDogs(BREED);
    return {
      sires: males.map((dog, i) => traced(dog, [4 * i + 1, 4 * i + 2])),
      dams: females.map((dog, i) => traced(dog, [4 * i + 3, 4 * i + 4])),
    };
  };

  it('predicts the mean realised COI of 200 pups of full siblings within 0.02', () => {
    const { simulator } = fixture();
    const { sires, dams } = founders();
    for (let k = 0; k < 3; k++) {
      const brother = simulator.mate(sires[k], dams[k], 'm');
      const sister = simulator.mate(sires[k], dams[k], 'f');
      const { predicted, realised } = predictedAndRealised(brother, sister);
      expect(realised).to.be.within(0.15, 0.35);
      expect(Math.abs(predicted - realised), `full siblings ${k}: predicted ${predicted}, realised ${realised}`).to.be.below(0.02);
    }
  });

  it('predicts the mean realised COI of 200 pups of half siblings within 0.02', () => {
    const { simulator } = fixture();
    const { sires, dams } = founders();
    for (let k = 0; k < 3; k++) {
      const son = simulator.mate(sires[k], dams[k], 'm');
      const halfSister = simulator.mate(sires[k], dams[k + 1], 'f');
      const { predicted, realised } = predictedAndRealised(son, halfSister);
      expect(realised).to.be.within(0.06, 0.2);
      expect(Math.abs(predicted - realised), `half siblings ${k}: predicted ${predicted}, realised ${realised}`).to.be.below(0.02);
    }
  });

  it('predicts the mean realised COI of 200 pups of unrelated dogs of one breed within 0.02', () => {
    const { sires, dams } = founders();
    const { predicted, realised } = predictedAndRealised(sires[3], dams[4]);
    expect(realised).to.equal(0);
    expect(predicted).to.be.below(0.02);
  });

  it('reads the pups of full siblings as inbred on the lab COI too (runs of homozygosity, which miss the shortest pieces)', () => {
    const { simulator, panel, background } = fixture();
    const { sires, dams } = founders();
    const brother = simulator.mate(sires[5], dams[5], 'm');
    const sister = simulator.mate(sires[5], dams[5], 'f');
    const { predicted } = predictedAndRealised(brother, sister);
    let total = 0;
    for (let i = 0; i < 50; i++) {
      const pup = simulator.mate(brother, sister);
      total += genomicInbreeding(panel, allelesOf(pup), background(pup)).coi;
    }
    expect(total / 50).to.be.within(predicted - 0.06, predicted + 0.02);
  });
});

describe('pair predictor: health explanations describe the actual parents', () => {
  const explained = (moi: string, sireCopies: number, damCopies: number) => {
    const c = conditionWith(moi);
    return health(c.id, genotype({ [c.id]: sireCopies }), genotype({ [c.id]: damCopies }));
  };

  it('dominant, both parents with two copies: every puppy at risk, said so, no "half"', () => {
    const p = explained('autosomal dominant', 2, 2);
    expect(p.odds).to.deep.equal({ clear: 0, carrier: 0, atRisk: 1 });
    expect(p.explanation).to.contain('The sire has two copies of the variant (at risk), so he passes it to every puppy; the dam has two copies of the variant (at risk), so she passes it to every puppy.');
    expect(p.explanation).to.contain('every puppy will be at risk');
    expect(p.explanation).to.not.contain('half');
  });

  it('dominant, one copy and clear: half at risk, from the parent that has it', () => {
    const p = explained('autosomal dominant', 1, 0);
    expect(p.odds).to.deep.equal({ clear: 0.5, carrier: 0, atRisk: 0.5 });
    expect(p.explanation).to.contain('The sire has one copy of the variant (at risk), so he passes it to half of the puppies; the dam has no copy of the variant (clear), so she passes it to no puppy.');
    expect(p.explanation).to.contain('50% of the puppies will get at least one and be at risk');
    const twoAndNone = explained('autosomal dominant', 0, 2);
    expect(twoAndNone.odds!.atRisk).to.equal(1);
    expect(twoAndNone.explanation).to.contain('the dam has two copies of the variant (at risk), so she passes it to every puppy').and.contain('every puppy will be at risk');
  });

  it('recessive: each combination of clear, carrier and at-risk parents in its own words', () => {
    const carriers = explained('autosomal recessive', 1, 1);
    expect(carriers.explanation).to.contain('The sire has one copy of the variant (carrier), so he passes it to half of the puppies; the dam has one copy of the variant (carrier)');
    expect(carriers.explanation).to.contain('25% of the puppies will get one from each and be at risk, and 50% will get one copy and be carriers');
    const atRiskAndCarrier = explained('autosomal recessive', 2, 1);
    expect(atRiskAndCarrier.odds).to.deep.equal({ clear: 0, carrier: 0.5, atRisk: 0.5 });
    expect(atRiskAndCarrier.explanation).to.contain('The sire has two copies of the variant (at risk), so he passes it to every puppy').and.contain('50% of the puppies will get one from each and be at risk');
    const atRiskAndClear = explained('autosomal recessive', 2, 0);
    expect(atRiskAndClear.odds).to.deep.equal({ clear: 0, carrier: 1, atRisk: 0 });
    expect(atRiskAndClear.explanation).to.contain('none will be at risk, though every puppy will be a carrier');
    const carrierAndClear = explained('autosomal recessive', 0, 1);
    expect(carrierAndClear.explanation).to.contain('The sire has no copy of the variant (clear), so he passes it to no puppy').and.contain('none will be at risk, though 50% of them will be carriers');
    const bothAtRisk = explained('autosomal recessive', 2, 2);
    expect(bothAtRisk.explanation).to.contain('every puppy gets one from each, so every puppy will be at risk').and.not.contain('half');
    expect(explained('autosomal recessive', 0, 0).explanation).to.contain('Neither parent has the variant, so no puppy can inherit it.');
  });

  it('incomplete dominance: says how many puppies get one copy and how many two', () => {
    const p = explained('incomplete dominant', 1, 1);
    expect(p.odds).to.deep.equal({ clear: 0.25, carrier: 0, atRisk: 0.75 });
    expect(p.explanation).to.contain('75% of the puppies will get at least one copy, and 25% two copies');
    expect(explained('incomplete dominant', 2, 2).explanation).to.contain('every puppy will get two copies').and.not.contain('half');
    expect(explained('incomplete dominant', 1, 0).explanation).to.contain('50% of the puppies will get at least one copy, none of them two');
    expect(explained('incomplete dominant', 0, 2).explanation).to.contain('every puppy will get at least one copy, none of them two');
  });

  it('X-linked, affected sire and clear dam: sons clear, every daughter a carrier, no carrier dam invented', () => {
    const p = explained('X-linked recessive', 1, 0);
    expect(p.odds).to.deep.equal({ clear: 0.5, carrier: 0.5, atRisk: 0 });
    expect(p.explanation).to.contain('The sire\u2019s single X carries the variant (he is at risk); the dam has no copy of the variant (clear).');
    expect(p.explanation).to.contain('so no son will be at risk').and.contain('every daughter will be a carrier');
    expect(p.explanation).to.not.match(/carrier dam|half of (her|the) sons/);
  });

  it('X-linked: the other combinations of sire and dam', () => {
    const carrierDam = explained('X-linked recessive', 0, 1);
    expect(carrierDam.odds).to.deep.equal({ clear: 0.5, carrier: 0.25, atRisk: 0.25 });
    expect(carrierDam.explanation).to.contain('The sire\u2019s single X is clear; the dam has one copy of the variant (a carrier)');
    expect(carrierDam.explanation).to.contain('half of the sons will be at risk').and.contain('no daughter will be at risk, but half of them will be carriers');
    const both = explained('X-linked recessive', 1, 1);
    expect(both.odds).to.deep.equal({ clear: 0.25, carrier: 0.25, atRisk: 0.5 });
    expect(both.explanation).to.contain('half of the sons will be at risk').and.contain('half of the daughters will be at risk and half carriers');
    const affectedDam = explained('X-linked recessive', 0, 2);
    expect(affectedDam.odds).to.deep.equal({ clear: 0, carrier: 0.5, atRisk: 0.5 });
    expect(affectedDam.explanation).to.contain('every son will be at risk').and.contain('every daughter will be a carrier and none at risk');
    const allAtRisk = explained('X-linked recessive', 1, 2);
    expect(allAtRisk.odds).to.deep.equal({ clear: 0, carrier: 0, atRisk: 1 });
    expect(allAtRisk.explanation).to.contain('every son will be at risk').and.contain('every daughter will be at risk').and.not.contain('half');
  });

  it('never says what the parents do not have, for any mode and genotype pair', () => {
    for (const moi of ['autosomal recessive', 'autosomal dominant', 'incomplete dominant', 'X-linked recessive']) {
      for (const s of moi === 'X-linked recessive' ? [0, 1] : [0, 1, 2]) {
        for (const d of [0, 1, 2]) {
          const { explanation, odds } = explained(moi, s, d);
          const label = `${moi} ${s}x${d}`;
          expect(explanation, label).to.not.contain('each parent with one copy');
          if (s + d > 0 && moi !== 'X-linked recessive') expect(explanation, label).to.contain(`The sire has ${['no copy', 'one copy', 'two copies'][s]} of the variant`).and.contain(`the dam has ${['no copy', 'one copy', 'two copies'][d]} of the variant`);
          // a "half" in the words needs a parent with one copy
          if (explanation.includes('half')) expect(s === 1 || d === 1, label).to.equal(true);
          if (odds!.atRisk === 0) expect(explanation, label).to.not.match(/(?<!no son |none |no daughter )will be at risk/);
        }
      }
    }
  });
});
