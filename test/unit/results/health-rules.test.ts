import { expect } from 'chai';
import { healthCounts, healthSections, modeOfInheritanceWords, orderHealthResults, type HealthCondition } from '../../../server/results/health-rules.js';
import { pathRole } from '../../../server/results/family-tree.js';

const condition = (name: string, call: HealthCondition['call'], isBreedRelevant = false, severity: HealthCondition['severity'] = 'moderate'): HealthCondition => ({
  id: name.length,
  name,
  severity,
  gene: 'G',
  variant: null,
  modeOfInheritance: 'autosomal_recessive',
  description: '',
  references: [],
  isBeta: false,
  call,
  variantCopies: null,
  resultText: '',
  isBreedRelevant,
});

describe('health results rules', () => {
  it('puts at risk first, then carrier, then clear, then failed and untested; breed-relevant first within a call', () => {
    const ordered = orderHealthResults([
      condition('A clear', 'clear'),
      condition('B untested', 'not_tested'),
      condition('C carrier', 'carrier'),
      condition('D relevant clear', 'clear', true),
      condition('E at risk', 'at_risk'),
      condition('F no call', 'no_call'),
      condition('G relevant carrier', 'carrier', true),
      condition('H severe clear', 'clear', false, 'high'),
    ]);
    expect(ordered.map((c) => c.name)).to.deep.equal(['E at risk', 'G relevant carrier', 'C carrier', 'D relevant clear', 'H severe clear', 'A clear', 'F no call', 'B untested']);
  });

  it('orders variants of one condition, tested under the same name, by gene and then variant, whatever order they come in', () => {
    const variant = (gene: string, text: string): HealthCondition => ({ ...condition('Pyruvate Kinase Deficiency', 'clear'), gene, variant: text });
    const rows = [variant('PKLR', 'Exon 7, Pug Variant'), variant('PKLR', 'Exon 10, Terrier Variant'), variant('G6PC', 'Maltese Variant'), variant('PKLR', 'Exon 5, Basenji Variant')];
    const expected = ['G6PC Maltese Variant', 'PKLR Exon 5, Basenji Variant', 'PKLR Exon 7, Pug Variant', 'PKLR Exon 10, Terrier Variant'];
    expect(orderHealthResults(rows).map((c) => `${c.gene} ${c.variant}`)).to.deep.equal(expected);
    expect(orderHealthResults([...rows].reverse()).map((c) => `${c.gene} ${c.variant}`)).to.deep.equal(expected);
  });

  it('counts the calls', () => {
    const counts = healthCounts([condition('a', 'at_risk'), condition('b', 'carrier', true), condition('c', 'clear'), condition('d', 'no_call'), condition('e', 'not_tested')]);
    expect(counts).to.deep.equal({ total: 5, atRisk: 1, carrier: 1, clear: 1, notTested: 2, breedRelevant: 1 });
  });

  it('puts modes of inheritance in words', () => {
    expect(modeOfInheritanceWords('autosomal_recessive')).to.match(/^Autosomal recessive: a dog needs two copies/);
    expect(modeOfInheritanceWords('x_linked_recessive')).to.match(/^X-linked recessive/);
  });

  it('names pedigree positions from the dog outwards', () => {
    expect(pathRole('S')).to.equal('Sire');
    expect(pathRole('DS')).to.equal("Dam's sire");
    expect(pathRole('SSD')).to.equal("Sire's sire's dam");
  });

  it('leads with at-risk and carrier results and folds the rest into clear groups and untested, in page order', () => {
    const { needsAttention, groups } = healthSections([
      condition('Clear other', 'clear'),
      condition('Carrier', 'carrier'),
      condition('Clear relevant', 'clear', true),
      condition('Untested', 'not_tested'),
      condition('No call', 'no_call'),
      condition('At risk', 'at_risk'),
    ]);
    expect(needsAttention.map((c) => c.name)).to.deep.equal(['At risk', 'Carrier']);
    expect(groups.map((g) => [g.key, g.conditions.map((c) => c.name)])).to.deep.equal([
      ['clear-breed-relevant', ['Clear relevant']],
      ['clear-other', ['Clear other']],
      ['not-tested', ['No call', 'Untested']],
    ]);
  });

  it('leaves out empty groups, and has nothing to flag for an all-clear dog', () => {
    const { needsAttention, groups } = healthSections([condition('B', 'clear'), condition('A', 'clear')]);
    expect(needsAttention).to.deep.equal([]);
    expect(groups.map((g) => g.key)).to.deep.equal(['clear-other']);
    expect(groups[0].conditions.map((c) => c.name)).to.deep.equal(['A', 'B']);
  });
});
