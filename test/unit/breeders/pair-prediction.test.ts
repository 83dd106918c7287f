import { expect } from 'chai';
import { HEALTH_CONDITIONS } from '../../../server/genetics/catalogue/health-conditions.js';
import { TRAIT_LOCI } from '../../../server/genetics/catalogue/traits.js';
import { callsOf, type SimulatedDog } from '../../../server/genetics/simulate/dog.js';
import { genomicInbreeding } from '../../../server/genetics/compute/inbreeding.js';
import { NO_CALL } from '../../../server/genetics/genotype.js';
import { predictCoatColours, predictHealth, predictTraits, explainInbreeding, percent } from '../../../server/breeders/pair-prediction.js';
import { parentsKinship } from '../../../server/breeders/pair-kinship.js';
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
    const asGenotype = (dog: SimulatedDog) => ({ panel, calls: allelesOf(dog), isLabPanel: true, breedShares: new Map(Object.entries(dog.ancestry)) });
    const { kinship } = parentsKinship(reference, asGenotype(sire), asGenotype(dam));
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
