import { expect } from 'chai';
import { cleanQuery, matchesQuery, searchWords } from '../../../server/shared/help-search.js';

describe('help search', () => {
  it('splits text into lower-case words without accents', () => {
    expect(searchWords('Coat Colour, Café-au-lait!')).to.deep.equal(['coat', 'colour', 'cafe', 'au', 'lait']);
  });
  it('matches when every word of the query starts a word of the text', () => {
    expect(matchesQuery('How do I activate my kit?', 'act kit')).to.equal(true);
    expect(matchesQuery('How do I activate my kit?', 'kit swab')).to.equal(false);
    expect(matchesQuery('anything', '  ')).to.equal(true);
  });
  it('keeps a query trimmed, at most 100 characters, and ignores what is not a string', () => {
    expect(cleanQuery('  carrier ')).to.equal('carrier');
    expect(cleanQuery('x'.repeat(300))).to.have.length(100);
    expect(cleanQuery(['a', 'b'])).to.equal('');
    expect(cleanQuery(undefined)).to.equal('');
  });
});
