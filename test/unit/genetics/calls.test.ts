import { expect } from 'chai';
import { healthConditionById } from '../../../server/genetics/catalogue/health-conditions.js';
import { TRAIT_LOCI, traitLocusById } from '../../../server/genetics/catalogue/traits.js';
import { healthCall, healthStatusFor, isBreedRelevant } from '../../../server/genetics/compute/health.js';
import { predictCoatColour } from '../../../server/genetics/compute/coat-colour.js';
import { locusGenotype, traitCall } from '../../../server/genetics/compute/traits.js';
import { offspringCoatColourOdds, offspringCoi, offspringHealthOdds } from '../../../server/genetics/compute/pair-predictor.js';
import { predictedAdultWeightLbs, wolfinessPercent } from '../../../server/genetics/compute/genetic-stats.js';
import { likenessScore } from '../../../server/genetics/compute/likeness.js';
import { phaseByParents } from '../../../server/genetics/compute/phasing.js';
import { NO_CALL } from '../../../server/genetics/genotype.js';
import { createMarkerPanel } from '../../../server/genetics/panel.js';
import { callsOf } from '../../../server/genetics/simulate/dog.js';
import { fixture } from './fixture.js';

const dm = healthConditionById('degenerative-myelopathy')!;
const hemophilia = healthConditionById('hemophilia-a-gsd')!;
const mdr1 = healthConditionById('mdr1')!;
const colourLoci = ['E', 'K', 'A', 'B', 'D', 'M', 'S'].map((id) => traitLocusById(id)!);

describe('health calls', () => {
  it('reads copies of the risk allele by mode of inheritance', () => {
    expect([0, 1, 2].map((c) => healthStatusFor(dm, c, 'f').status)).to.deep.equal(['clear', 'carrier', 'atRisk']);
    expect(healthStatusFor(mdr1, 1, 'f').resultText).to.equal('at risk, heterozygote incomplete dominance');
    expect(healthStatusFor(hemophilia, 1, 'm').status).to.equal('atRisk');
    expect(healthStatusFor(hemophilia, 1, 'f').status).to.equal('carrier');
  });

  it('says "no call" and "not tested on this sample" instead of guessing', () => {
    const { panel } = fixture();
    const calls = new Uint8Array(panel.markers.length);
    calls[panel.indexById.get(dm.id)!] = NO_CALL;
    expect(healthCall(panel, calls, dm, 'm', new Map()).resultText).to.equal('no call');
    const otherArray = createMarkerPanel([{ id: 'chr1_5', chromosome: 1, position: 5, ref: 'A', alt: 'G', kind: 'snp' }]);
    expect(healthCall(otherArray, new Uint8Array(1), dm, 'm', new Map()).status).to.equal('notTested');
  });

  it('flags conditions known in the dog\'s breeds', () => {
    expect(isBreedRelevant(dm, new Map([['german-shepherd-dog', 0.5]]))).to.equal(true);
    expect(isBreedRelevant(dm, new Map([['german-shepherd-dog', 0.02], ['beagle', 0.98]]))).to.equal(false);
  });
});

describe('trait calls and coat colour', () => {
  it('predicts red/yellow for e/e whatever the K and A loci', () => {
    for (const K of [['KB', 'KB'], ['kbr', 'ky'], ['ky', 'ky']] as const)
      for (const A of [['ay', 'ay'], ['at', 'a'], ['a', 'a']] as const)
        expect(predictCoatColour({ E: ['e', 'e'], K, A }).pattern).to.equal('Red/Yellow');
  });

  it('applies dominant black, brindle, the A locus and the dilutions', () => {
    expect(predictCoatColour({ E: ['E', 'e'], K: ['KB', 'ky'], A: ['ay', 'ay'] }).name).to.equal('Black');
    expect(predictCoatColour({ E: ['E', 'E'], K: ['KB', 'ky'], B: ['b', 'b'] }).name).to.equal('Liver');
    expect(predictCoatColour({ E: ['E', 'E'], K: ['KB', 'KB'], B: ['b', 'b'], D: ['d', 'd'] }).name).to.equal('Isabella');
    expect(predictCoatColour({ E: ['E', 'E'], K: ['ky', 'ky'], A: ['at', 'a'] }).name).to.equal('Black and tan');
    expect(predictCoatColour({ E: ['Em', 'E'], K: ['kbr', 'ky'], A: ['ay', 'at'] }).name).to.equal('Black brindle with mask');
    expect(predictCoatColour({ E: ['E', 'E'], K: ['ky', 'ky'], A: ['a', 'a'], M: ['M', 'm'] }).name).to.equal('Black, merle');
    expect(predictCoatColour({ E: ['e', 'e'], B: ['b', 'b'] }).name).to.equal('Red/yellow with liver nose');
  });

  it('reads locus genotypes from the variant markers in lab notation', () => {
    const { panel } = fixture();
    const calls = new Uint8Array(panel.markers.length);
    calls[panel.indexById.get('E_Em')!] = 1;
    calls[panel.indexById.get('E_e')!] = 1;
    calls[panel.indexById.get('K_ky')!] = 0;
    expect(locusGenotype(panel, calls, traitLocusById('E')!)).to.deep.equal(['Em', 'e']);
    expect(traitCall(panel, calls, traitLocusById('K')!).notation).to.equal('kyky');
    expect(traitCall(panel, calls, traitLocusById('A')!).notation).to.equal('awaw');
    calls[panel.indexById.get('coat-length_Lh')!] = NO_CALL;
    expect(traitCall(panel, calls, traitLocusById('coat-length')!).notation).to.equal('no call');
  });
});

describe('pair predictor', () => {
  it('gives carrier x carrier of a recessive condition 25% at risk', () => {
    expect(offspringHealthOdds(dm, 1, 1)).to.deep.equal({ clear: 0.25, carrier: 0.5, atRisk: 0.25 });
    expect(offspringHealthOdds(dm, 2, 0)).to.deep.equal({ clear: 0, carrier: 1, atRisk: 0 });
  });

  it('follows the X for X-linked conditions: a carrier dam gives half her sons the disease', () => {
    expect(offspringHealthOdds(hemophilia, 0, 1)).to.deep.equal({ clear: 0.5, carrier: 0.25, atRisk: 0.25 });
  });

  it('enumerates coat colour odds of the pups', () => {
    const odds = offspringCoatColourOdds(colourLoci, { E: ['E', 'e'], K: ['KB', 'KB'] }, { E: ['E', 'e'], K: ['KB', 'KB'] });
    expect(odds).to.deep.equal([{ name: 'Black', odds: 0.75 }, { name: 'Red/yellow', odds: 0.25 }]);
    expect(offspringCoi(0.25)).to.equal(0.25);
  });
});

describe('genetic stats, likeness and phasing', () => {
  it('predicts adult weight from breed mix, in the breed range for purebreds', () => {
    const { simulator, reference } = fixture();
    const pup = simulator.purebred('chihuahua');
    const chihuahua = predictedAdultWeightLbs(reference, callsOf(pup), new Map([['chihuahua', 1]]));
    expect(chihuahua).to.be.within(2, 9);
    const shepherd = predictedAdultWeightLbs(reference, callsOf(simulator.purebred('german-shepherd-dog')), new Map([['german-shepherd-dog', 1]]));
    expect(shepherd).to.be.within(50, 95);
  });

  it('scores wolves far above dogs on wolfiness, capped at 100', () => {
    const { simulator, reference } = fixture();
    const wolf = wolfinessPercent(reference, callsOf(simulator.purebred('gray-wolf')))!;
    const dog = wolfinessPercent(reference, callsOf(simulator.purebred('beagle')))!;
    expect(wolf).to.be.above(80).and.at.most(100);
    expect(dog).to.be.below(10);
  });

  it('finds siblings more alike than dogs of different breeds', () => {
    const { simulator, panel } = fixture();
    const [sire, dam] = simulator.breedingPair('boxer');
    const [a, b] = simulator.litter(sire, dam, 2);
    const siblings = likenessScore(panel, callsOf(a), callsOf(b))!;
    const strangers = likenessScore(panel, callsOf(simulator.purebred('beagle')), callsOf(simulator.purebred('chihuahua')))!;
    expect(siblings).to.be.above(strangers);
    expect(likenessScore(panel, callsOf(a), callsOf(a))).to.equal(100);
  });

  it('recovers maternal and paternal haplotypes of a pup from its parents', () => {
    const { simulator } = fixture();
    const [sire, dam] = simulator.breedingPair('rottweiler');
    const pup = simulator.mate(sire, dam, 'f');
    const phased = phaseByParents(callsOf(pup), callsOf(sire), callsOf(dam));
    let agree = 0;
    let known = 0;
    for (let j = 0; j < pup.maternal.length; j++) {
      if (phased.maternal[j] === NO_CALL) continue;
      known++;
      if (phased.maternal[j] === pup.maternal[j] && phased.paternal[j] === pup.paternal[j]) agree++;
    }
    expect(agree).to.equal(known);
    expect(phased.phasedShare).to.be.above(0.5);
  });
});

describe('trait loci cover every marked allele on the panel', () => {
  it('has a variant marker for each non-default allele', () => {
    const { panel } = fixture();
    for (const locus of TRAIT_LOCI)
      for (const a of locus.alleles) if (a.symbol !== locus.defaultAllele) expect(panel.indexById.has(`${locus.id}_${a.symbol}`), `${locus.id}_${a.symbol}`).to.equal(true);
  });
});
