import { expect } from 'chai';
import { inbreedingText } from '../../../server/results/inbreeding.js';

describe('how the coefficient of inbreeding is reported', () => {
  it('gives the fraction with four decimals, the percent with one, and a band', () => {
    expect(inbreedingText(0.0107)).to.deep.equal({ fraction: '0.0107', percent: '1.1%', level: 'low' });
    expect(inbreedingText(0.0625)).to.include({ level: 'moderate' });
    expect(inbreedingText(0.169)).to.deep.equal({ fraction: '0.1690', percent: '16.9%', level: 'moderate' });
    expect(inbreedingText(0.25)).to.include({ level: 'high' });
    expect(inbreedingText(0)).to.include({ fraction: '0.0000', level: 'low' });
  });
});
