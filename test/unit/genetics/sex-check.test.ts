import { expect } from 'chai';
import { inferSex, sexMismatch } from '../../../server/genetics/compute/sex-check.js';
import { X_CHROMOSOME } from '../../../server/genetics/chromosomes.js';
import { NO_CALL } from '../../../server/genetics/genotype.js';
import { callsOf } from '../../../server/genetics/simulate/dog.js';
import { fixture } from './fixture.js';

describe('sex check from the X chromosome', () => {
  it('has X markers on the simulated panel', () => {
    const { panel } = fixture();
    const x = panel.ranges.find((r) => r.chromosome === X_CHROMOSOME)!;
    expect(x.end - x.start).to.be.above(200);
  });

  it('tells males from females among purebreds, mixes and inbred dogs', () => {
    const { simulator } = fixture();
    for (const slug of ['beagle', 'boxer', 'chihuahua', 'golden-retriever', 'gray-wolf']) {
      for (const sex of ['m', 'f'] as const) {
        const check = inferSex(fixture().panel, callsOf(simulator.purebred(slug, sex)));
        expect(check.inferredSex, `${slug} ${sex}`).to.equal(sex);
        expect(check.markers).to.be.above(100);
      }
    }
    const [sire, dam] = simulator.breedingPair('pug');
    const brother = simulator.mate(sire, dam, 'm');
    const sister = simulator.mate(sire, dam, 'f');
    const inbredFemale = simulator.mate(brother, sister, 'f');
    expect(inferSex(fixture().panel, callsOf(inbredFemale)).inferredSex).to.equal('f');
    const male = inferSex(fixture().panel, callsOf(simulator.mate(simulator.breedingPair('beagle')[0], dam, 'm')));
    expect(male.inferredSex).to.equal('m');
    expect(male.xHeterozygosity).to.equal(0);
  });

  it('does not guess without X markers, and flags only real disagreements', () => {
    const { panel, simulator } = fixture();
    const calls = callsOf(simulator.purebred('beagle', 'f'));
    const x = panel.ranges.find((r) => r.chromosome === X_CHROMOSOME)!;
    calls.fill(NO_CALL, x.start, x.end);
    expect(inferSex(panel, calls).inferredSex).to.equal(null);
    expect(sexMismatch('m', 'f')).to.equal(true);
    expect(sexMismatch('f', 'f')).to.equal(false);
    expect(sexMismatch(null, 'f')).to.equal(false);
    expect(sexMismatch('m', null)).to.equal(false);
  });
});
