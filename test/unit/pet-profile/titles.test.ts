import { expect } from 'chai';
import { PREFIX_TITLES, SUFFIX_TITLES, suggestTitles } from '../../../server/shared/pet-profile-titles';

describe('pet titles', () => {
  it('holds real show and sport titles', () => {
    for (const title of ['CH', 'GCH', 'GCHB', 'DC', 'FC', 'AFC', 'OTCH', 'MACH', 'PACH', 'TC']) expect(PREFIX_TITLES).to.include(title);
    for (const title of ['CD', 'CDX', 'UD', 'RN', 'RAE', 'CGC', 'TKN', 'TD', 'JH', 'NA', 'MX', 'FDC', 'BN', 'CA', 'SCN', 'TDI', 'HIC']) {
      expect(SUFFIX_TITLES).to.include(title);
    }
    expect(new Set(PREFIX_TITLES.map((t) => t.toLowerCase())).size).to.equal(PREFIX_TITLES.length);
    expect(new Set(SUFFIX_TITLES.map((t) => t.toLowerCase())).size).to.equal(SUFFIX_TITLES.length);
  });

  it('filters case-insensitively by substring', () => {
    expect(suggestTitles(['CH', 'GCH', 'GCHB', 'CD'], 'ch', [])).to.deep.equal(['CH', 'GCH', 'GCHB']);
    expect(suggestTitles(['CH', 'GCH', 'CD'], 'GC', [])).to.deep.equal(['GCH']);
    expect(suggestTitles(['CH', 'CD'], '', [])).to.deep.equal(['CH', 'CD']);
    expect(suggestTitles(['CH', 'CD'], 'zz', [])).to.deep.equal([]);
  });

  it('leaves out titles already chosen, whatever their case', () => {
    expect(suggestTitles(['CH', 'GCH', 'GCHB'], 'ch', ['gch'])).to.deep.equal(['CH', 'GCHB']);
    expect(suggestTitles(SUFFIX_TITLES, 'cd', ['CD', 'cdx'])).to.not.include.members(['CD', 'CDX']);
  });
});
