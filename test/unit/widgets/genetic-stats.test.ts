import { expect } from 'chai';
import { bornWhenText } from '../../../server/shared/birthday-text';
import {
  ageRangeTexts,
  currentLifeStage,
  formatPredictedWeight,
  formatWolfiness,
  lifeStageStatus,
  lifeStageTableRows,
  lifeStageText,
  missingStatText,
  parseGeneticStatsProps,
  showsGeneticStats,
  sizeClassOf,
  weightRangeText,
} from '../../../server/shared/genetic-stats-rules';
import { closeOnce } from '../../../widgets/shared/close-once';
import { LIFE_STAGE_OFFER, LIFE_STAGE_PENDING } from '../../../server/shared/messages';

describe('genetic stats rules', () => {
  describe('display of the stats (spec 1 §5)', () => {
    it('rounds the predicted weight to whole pounds', () => {
      expect(formatPredictedWeight(67.46)).to.equal('67 lbs');
      expect(formatPredictedWeight(67.5)).to.equal('68 lbs');
      expect(formatPredictedWeight(8)).to.equal('8 lbs');
      expect(formatPredictedWeight(null)).to.equal(null);
      expect(formatPredictedWeight(Number.NaN)).to.equal(null);
    });

    it('caps wolfiness at 100 and shows one decimal', () => {
      expect(formatWolfiness(100.4)).to.equal('100.0%');
      expect(formatWolfiness(250)).to.equal('100.0%');
      expect(formatWolfiness(100)).to.equal('100.0%');
      expect(formatWolfiness(0)).to.equal('0.0%');
      expect(formatWolfiness(1.234)).to.equal('1.2%');
      expect(formatWolfiness(2.25)).to.equal('2.3%');
      expect(formatWolfiness(0.05)).to.equal('0.1%');
      expect(formatWolfiness(99.96)).to.equal('100.0%');
      expect(formatWolfiness(null)).to.equal(null);
    });
  });

  describe('life stage display (spec 1 §4)', () => {
    it('shows the life stage name when there is one', () => {
      expect(lifeStageStatus('MatureAdult', true)).to.equal('known');
      expect(lifeStageText('MatureAdult', false)).to.equal('Mature Adult');
      expect(lifeStageText('YoungAdult', true)).to.equal('Young Adult');
    });

    it("shows 'Pending' with an age test but no life stage", () => {
      expect(lifeStageStatus(null, true)).to.equal('pending');
      expect(lifeStageText(null, true)).to.equal(LIFE_STAGE_PENDING);
      expect(LIFE_STAGE_PENDING).to.equal('Pending');
    });

    it('offers help calculating with neither', () => {
      expect(lifeStageStatus(null, false)).to.equal('offer');
      expect(lifeStageText(null, false)).to.equal(LIFE_STAGE_OFFER);
    });

    it("says why for another lab's DNA file: no weight will come, so a birthday would not help", () => {
      expect(lifeStageStatus(null, false, true)).to.equal('unavailable');
      expect(lifeStageText(null, true, true)).to.equal('Not available from this DNA file: the life stage needs a predicted adult weight.');
      expect(lifeStageText('Puppy', false, true)).to.equal('Puppy');
      expect(missingStatText(true, 'weight')).to.deep.equal({
        value: 'Not predicted from this DNA file',
        why: 'We predict weight from a dog’s breeds, and the other lab’s test does not read the spots in the DNA that tell us the breeds.',
      });
      expect(missingStatText(true, 'wolfiness').value).to.equal('Not measured from this DNA file');
      expect(missingStatText(false, 'wolfiness')).to.deep.equal({ value: 'Not available yet', why: null });
    });

    it('shows the section with traits or an age test; on a public profile only with a life stage', () => {
      expect(showsGeneticStats({ isPublic: false, hasTraits: true, hasAgeTest: false, lifeStage: null })).to.equal(true);
      expect(showsGeneticStats({ isPublic: false, hasTraits: false, hasAgeTest: true, lifeStage: null })).to.equal(true);
      expect(showsGeneticStats({ isPublic: false, hasTraits: false, hasAgeTest: false, lifeStage: 'Senior' })).to.equal(false);
      expect(showsGeneticStats({ isPublic: true, hasTraits: true, hasAgeTest: true, lifeStage: null })).to.equal(false);
      expect(showsGeneticStats({ isPublic: true, hasTraits: false, hasAgeTest: false, lifeStage: 'Puppy' })).to.equal(true);
    });

    it('recomputes the life stage for today from the birth date and weight, else keeps the server’s', () => {
      const props = { birthDate: '2020-01-15', predictedWeightLbs: 67.46, lifeStage: 'Puppy' as const };
      expect(currentLifeStage(props, new Date('2022-12-31T12:00:00Z'))).to.equal('YoungAdult');
      expect(currentLifeStage(props, new Date('2023-01-15T12:00:00Z'))).to.equal('MatureAdult');
      expect(currentLifeStage({ ...props, birthDate: null }, new Date('2023-01-15T12:00:00Z'))).to.equal('Puppy');
      expect(currentLifeStage({ birthDate: null, predictedWeightLbs: null, lifeStage: null })).to.equal(null);
    });
  });

  describe('the size-class table of the calculation modal (spec 1 §9)', () => {
    it('words every row as the spec does', () => {
      const rows = lifeStageTableRows().map((row) => [row.sizeClass, row.weight, row.ages.Puppy, row.ages.YoungAdult, row.ages.MatureAdult, row.ages.Senior, row.ages.Geriatric]);
      expect(rows).to.deep.equal([
        ['Small', 'up to 20 lbs', 'to 6 months', '6 months to 5 years', '5 to 11 years', '11 to 14 years', '14 years and over'],
        ['Medium', '21 to 50 lbs', 'to 9 months', '9 months to 4 years', '4 to 9 years', '9 to 12 years', '12 years and over'],
        ['Large', '51 to 100 lbs', 'to 15 months', '15 months to 3 years', '3 to 8 years', '8 to 11 years', '11 years and over'],
        ['Giant', 'over 100 lbs', 'to 24 months', '24 months to 3 years', '3 to 6 years', '6 to 8 years', '8 years and over'],
      ]);
      expect(weightRangeText('Giant')).to.equal('over 100 lbs');
      expect(ageRangeTexts('Small').Geriatric).to.equal('14 years and over');
    });

    it('finds the dog’s size class from its predicted weight', () => {
      expect(sizeClassOf(67.46)).to.equal('Large');
      expect(sizeClassOf(20.4)).to.equal('Small');
      expect(sizeClassOf(null)).to.equal(null);
    });

    it('writes when the dog was born, as much as is known, without time-zone shifts (issue 36 \u00a76)', () => {
      expect(bornWhenText('2021-04-12')).to.equal('on April 12, 2021');
      expect(bornWhenText('2021-01-01', { precision: 'day', isEstimated: true })).to.equal('on January 1, 2021 (estimated)');
      expect(bornWhenText('2022-01-01', { precision: 'year', isEstimated: true })).to.equal('in 2022 (estimated)');
      expect(bornWhenText('2022-03-01', { precision: 'month', isEstimated: false })).to.equal('in March 2022');
      expect(bornWhenText(null)).to.equal(null);
    });
  });

  describe('modals close once only (spec 1 §4)', () => {
    it('runs the close handler once however often it is asked', () => {
      let calls = 0;
      const once = closeOnce(() => calls++);
      expect(once.isClosed).to.equal(false);
      expect(once.close()).to.equal(true);
      expect(once.close()).to.equal(false);
      once.close();
      expect(calls).to.equal(1);
      expect(once.isClosed).to.equal(true);
    });
  });

  describe('props', () => {
    const valid = {
      petNum: 7,
      petName: 'Biscuit',
      isPublic: false,
      birthDate: '2021-04-12',
      bornWhen: 'on April 12, 2021',
      birthDateSource: 'dateOfBirth',
      hasAgeTest: false,
      lifeStage: 'YoungAdult',
      predictedWeightLbs: 45.2,
      wolfiness: 1.5,
      wolfinessContext: 'More wolf-like than most dogs',
      fromOtherLabsFile: false,
      aboutHref: '/members/pet/about/7',
      display: {
        lifeStage: 'Young Adult',
        predictedWeight: '45 lbs',
        wolfiness: '1.5%',
        missing: { weight: { value: 'Not available yet', why: null }, wolfiness: { value: 'Not available yet', why: null } },
      },
    };

    it('takes what the server sends', () => {
      expect(parseGeneticStatsProps(valid)).to.deep.equal(valid);
    });

    it('refuses props it cannot show', () => {
      expect(() => parseGeneticStatsProps({ ...valid, petNum: 0 })).to.throw(TypeError);
      expect(() => parseGeneticStatsProps({ ...valid, lifeStage: 'Teenager' })).to.throw(TypeError);
      expect(() => parseGeneticStatsProps({ ...valid, wolfiness: '3' })).to.throw(TypeError);
      expect(() => parseGeneticStatsProps({ ...valid, birthDateSource: 'guess' })).to.throw(TypeError);
    });
  });
});
