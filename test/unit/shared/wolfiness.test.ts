import { expect } from 'chai';
import { wolfinessContext } from '../../../server/shared/wolfiness.js';

describe('wolfiness in words', () => {
  it('calls a score within the 0–2 % most dogs have typical, and only a higher one more wolf-like than most (issue 36 §7)', () => {
    expect(wolfinessContext(0)).to.equal('Typical for a dog');
    expect(wolfinessContext(1.9)).to.equal('Typical for a dog');
    expect(wolfinessContext(2)).to.equal('Typical for a dog');
    expect(wolfinessContext(2.1)).to.equal('More wolf-like than most dogs');
    expect(wolfinessContext(5)).to.equal('Unusually wolf-like');
    expect(wolfinessContext(50)).to.equal('Wolf-dog hybrid');
    expect(wolfinessContext(null)).to.equal(null);
  });
});
