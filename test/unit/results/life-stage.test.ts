import { expect } from 'chai';
import { ageInMonths, lifeStageFor, sizeClassFor } from '../../../server/shared/life-stage.js';

/** The date `months` after 2010-01-15, so ages fall exactly on the table's boundaries. */
function onAge(months: number): string {
  const y = 2010 + Math.floor(months / 12);
  const m = (months % 12) + 1;
  return `${y}-${String(m).padStart(2, '0')}-15`;
}
const BORN = '2010-01-15';
const before = (months: number) => onAge(months).replace(/-15$/, '-14');

describe('life stage (spec 1 §9)', () => {
  it('sorts predicted weights into size classes in whole pounds', () => {
    expect(sizeClassFor(20)).to.equal('Small');
    expect(sizeClassFor(20.4)).to.equal('Small');
    expect(sizeClassFor(20.6)).to.equal('Medium');
    expect(sizeClassFor(21)).to.equal('Medium');
    expect(sizeClassFor(50)).to.equal('Medium');
    expect(sizeClassFor(51)).to.equal('Large');
    expect(sizeClassFor(100)).to.equal('Large');
    expect(sizeClassFor(101)).to.equal('Giant');
  });

  it('counts whole calendar months', () => {
    expect(ageInMonths('2020-03-15', '2020-09-15')).to.equal(6);
    expect(ageInMonths('2020-03-15', '2020-09-14')).to.equal(5);
    expect(ageInMonths('2020-03-31', '2021-03-30')).to.equal(11);
  });

  const table: [number, [number, string][]][] = [
    [15, [[6, 'YoungAdult'], [60, 'MatureAdult'], [132, 'Senior'], [168, 'Geriatric']]],
    [35, [[9, 'YoungAdult'], [48, 'MatureAdult'], [108, 'Senior'], [144, 'Geriatric']]],
    [75, [[15, 'YoungAdult'], [36, 'MatureAdult'], [96, 'Senior'], [132, 'Geriatric']]],
    [130, [[24, 'YoungAdult'], [36, 'MatureAdult'], [72, 'Senior'], [96, 'Geriatric']]],
  ];
  const previous: Record<string, string> = { YoungAdult: 'Puppy', MatureAdult: 'YoungAdult', Senior: 'MatureAdult', Geriatric: 'Senior' };

  for (const [weight, boundaries] of table) {
    it(`changes stage on the exact boundary days for a ${weight} lb dog`, () => {
      expect(lifeStageFor(BORN, weight, BORN)).to.equal('Puppy');
      for (const [months, stage] of boundaries) {
        expect(lifeStageFor(BORN, weight, onAge(months)), `${weight} lbs at ${months} months`).to.equal(stage);
        expect(lifeStageFor(BORN, weight, before(months)), `${weight} lbs the day before ${months} months`).to.equal(previous[stage]);
      }
    });
  }

  it('has no life stage without a birth date or weight, or with a birth date in the future', () => {
    expect(lifeStageFor(null, 40, '2024-01-01')).to.equal(null);
    expect(lifeStageFor('2020-01-01', null, '2024-01-01')).to.equal(null);
    expect(lifeStageFor('2020-01-01', 0, '2024-01-01')).to.equal(null);
    expect(lifeStageFor('2025-01-01', 40, '2024-01-01')).to.equal(null);
    expect(lifeStageFor('not a date', 40, '2024-01-01')).to.equal(null);
  });
});
