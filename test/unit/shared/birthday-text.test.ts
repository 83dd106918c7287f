import { expect } from 'chai';
import { birthdayText, storedBirthdayText } from '../../../server/shared/birthday-text';

describe('birthday text: one date format on every page', () => {
  it('writes day month year with the month spelled out, as much as is known', () => {
    expect(birthdayText({ day: 4, month: 3, year: 2021 })).to.equal('March 4, 2021');
    expect(birthdayText({ day: null, month: 3, year: 2021 })).to.equal('March 2021');
    expect(birthdayText({ day: null, month: null, year: 2021 })).to.equal('2021');
  });

  it('marks an estimated date, and has nothing to say without a year', () => {
    expect(birthdayText({ day: null, month: 12, year: 2019, isEstimated: true })).to.equal('December 2019 (estimated)');
    expect(birthdayText({ day: 1, month: 1, year: 2020, isEstimated: true })).to.equal('January 1, 2020 (estimated)');
    expect(birthdayText({ day: null, month: null, year: null })).to.equal(null);
    expect(birthdayText(null)).to.equal(null);
  });

  it('reads stored dates to their precision, without time-zone shifts', () => {
    expect(storedBirthdayText('2021-03-04')).to.equal('March 4, 2021');
    expect(storedBirthdayText('2021-03-01', { precision: 'month', isEstimated: true })).to.equal('March 2021 (estimated)');
    expect(storedBirthdayText('2021-01-01', { precision: 'year' })).to.equal('2021');
    expect(storedBirthdayText(new Date(Date.UTC(2021, 11, 31)))).to.equal('December 31, 2021');
    expect(storedBirthdayText('2021-03-04T00:00:00.000Z')).to.equal('March 4, 2021');
    expect(storedBirthdayText(null)).to.equal(null);
    expect(storedBirthdayText('not a date')).to.equal(null);
  });
});
