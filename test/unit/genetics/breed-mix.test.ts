import { expect } from 'chai';
import { estimateAncestry } from '../../../server/genetics/compute/ancestry.js';
import { roundedPercents, summariseBreedMix } from '../../../server/genetics/compute/breed-mix.js';
import { callsOf } from '../../../server/genetics/simulate/dog.js';
import { fixture } from './fixture.js';

describe('breed mix', () => {
  it('finds purebreds to be at least 90% their breed', () => {
    const { simulator, reference } = fixture();
    for (const slug of ['labrador-retriever', 'golden-retriever', 'beagle', 'german-shepherd-dog']) {
      const shares = estimateAncestry(reference, callsOf(simulator.purebred(slug)))!;
      expect(shares.get(slug), slug).to.be.at.least(0.9);
      const mix = summariseBreedMix(shares);
      expect(mix.breedMixScenario).to.equal('purebred');
      expect(mix.breedMix[0].breedSlug).to.equal(slug);
    }
  });

  it('finds a first cross of two purebreds to be about half each, and names designer crosses', () => {
    const { simulator, reference } = fixture();
    const [labrador] = simulator.breedingPair('labrador-retriever');
    const [, poodle] = simulator.breedingPair('standard-poodle');
    const shares = estimateAncestry(reference, callsOf(simulator.mate(labrador, poodle)))!;
    expect(shares.get('labrador-retriever')).to.be.closeTo(0.5, 0.07);
    expect(shares.get('standard-poodle')).to.be.closeTo(0.5, 0.07);
    const mix = summariseBreedMix(shares);
    expect(mix.breedMixScenario).to.equal('twoBreedCross');
    expect(mix.breedMixName).to.equal('Labradoodle');
  });

  it('refuses to guess on a sample that covers too few reference markers', () => {
    const { reference } = fixture();
    expect(estimateAncestry(reference, new Uint8Array(reference.panel.markers.length).fill(3))).to.equal(null);
  });

  it('rounds percents to one decimal that add up to 100', () => {
    const p = roundedPercents([1, 1, 1]);
    expect(p.reduce((s, x) => s + x, 0)).to.be.closeTo(100, 1e-9);
    expect(p).to.deep.equal([33.4, 33.3, 33.3]);
  });

  it('groups trace breeds into Supermutt with the last colour', () => {
    const mix = summariseBreedMix(new Map([['boxer', 0.6], ['beagle', 0.25], ['chihuahua', 0.04], ['pug', 0.03], ['pointer', 0.08], ['maltese', 0.005]]));
    expect(mix.breedMix.map((e) => e.breedName)).to.deep.equal(['Boxer', 'Beagle', 'Pointer', 'Supermutt']);
    expect(mix.breedMix.map((e) => e.colorIndex)).to.deep.equal([1, 2, 3, 9]);
    expect(mix.breedMix.reduce((s, e) => s + e.breedPct, 0)).to.be.closeTo(100, 1e-9);
    expect(mix.breedMix[0].displayBreedPercent).to.match(/^\d+\.\d%$/);
    expect(mix.traceBreeds.map((t) => t.breedSlug)).to.deep.equal(['chihuahua', 'pug']);
    expect(mix.breedMixScenario).to.equal('multiBreedMix');
    expect(mix.breedMixName).to.equal('Boxer, Beagle & Pointer Mix');
  });

  it('calls a mix dominated by small shares a Supermutt mix', () => {
    const mix = summariseBreedMix(new Map([['boxer', 0.5], ['beagle', 0.2], ['pug', 0.04], ['pointer', 0.04], ['maltese', 0.04], ['vizsla', 0.04], ['whippet', 0.04], ['puli', 0.04], ['saluki', 0.06]]));
    expect(mix.breedMixScenario).to.equal('supermuttMix');
    expect(mix.breedMixName).to.equal('Boxer, Beagle & Saluki & Supermutt Mix'.replace('Beagle & Saluki', 'Beagle, Saluki'));
  });
});
