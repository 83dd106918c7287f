import { expect } from 'chai';
import { alignAlleles } from '../../../server/genetics/alleles.js';
import { MT_CHROMOSOME, XY_CHROMOSOME, X_CHROMOSOME, Y_CHROMOSOME, chromosomeLabel } from '../../../server/genetics/chromosomes.js';
import { chromosomeNumber, parseTped } from '../../../server/genetics/formats/plink.js';
import { GenotypeFileError } from '../../../server/genetics/formats/genotype-file-error.js';
import { inferSex } from '../../../server/genetics/compute/sex-check.js';

describe('real export format', () => {
  it("numbers dog chromosomes as PLINK does: 39 X, 40 Y, 41 XY (pseudo-autosomal), 42 MT, 0 unplaced", () => {
    expect([X_CHROMOSOME, Y_CHROMOSOME, XY_CHROMOSOME, MT_CHROMOSOME]).to.deep.equal([39, 40, 41, 42]);
    expect(['39', '40', '41', '42', '0', 'X', 'chrY', 'XY', 'MT', 'chrM', '43', '-1', 'chrUn_JH373319', '1.5'].map(chromosomeNumber)).to.deep.equal([39, 40, 41, 42, 0, 39, 40, 41, 42, 42, null, null, null, null]);
    expect([41, 42].map(chromosomeLabel)).to.deep.equal(['XY', 'MT']);
  });

  it('reads I/D alleles as their own allele codes, and XY markers neither as X nor as a lineage', () => {
    const lines = ['1 BICF2S1 0 100 I D', '1 BICF2S2 0 200 D D', '41 chrX_1000 0 1000 A G', '42 chrM_70 0 70 T T', '0 chrUn_1 0 418 A A', '1 BICF2S3 0 300 0 0'];
    const { panel, calls, skipped, markerCount } = parseTped(lines.join('\n'));
    expect(skipped.count).to.equal(0);
    expect(markerCount).to.equal(6);
    const at = (chromosome: number, position: number) => panel.indexByLocation.at(chromosome, position)!;
    expect(panel.markers[at(1, 100)]).to.include({ ref: 'I', alt: 'D' });
    expect(calls[at(1, 100)]).to.equal(1);
    expect(panel.markers[at(1, 200)]).to.include({ ref: 'D', alt: 'N' });
    expect(calls[at(XY_CHROMOSOME, 1000)]).to.equal(1);
    // a heterozygous XY marker does not make a male look female: the sex check reads chromosome 39 only
    expect(inferSex(panel, calls).markers).to.equal(0);
  });

  it('skips and counts the lines it cannot use, naming the first', () => {
    const good = Array.from({ length: 100 }, (_, i) => `1 M${i} 0 ${1000 + i} A G`);
    const text = [...good.slice(0, 50), '44 odd 0 5 A G', '1 bad 0 77 N N', '1 short 0', ...good.slice(50)].join('\n');
    const { skipped, markerCount } = parseTped(text);
    expect(markerCount).to.equal(100);
    expect(skipped.count).to.equal(3);
    expect(skipped.reasons).to.deep.equal({ 'unknown chromosome': 1, 'bad alleles': 1, 'too few fields': 1 });
    expect(skipped.first).to.deep.equal({ line: 51, message: 'unknown chromosome 44' });
  });

  it('refuses a file of garbage, naming its first line', () => {
    const garbage = ['<html>', '<body>Not found</body>', '</html>'].join('\n');
    expect(() => parseTped(garbage)).to.throw(GenotypeFileError, /^line 1: expected at least 6 fields .*3 of 3 lines cannot be read: this is not a genotype export/);
    const mostlyBad = [...Array.from({ length: 10 }, (_, i) => `1 M${i} 0 ${i + 1} A G`), ...Array.from({ length: 10 }, () => '1 x 0 5 Q Q')].join('\n');
    expect(() => parseTped(mostlyBad)).to.throw(GenotypeFileError, /^line 11: bad alleles "Q Q"/);
  });
});

describe('aligning alleles across arrays', () => {
  it('matches by base, swapping ref and alt when the other panel has them the other way round', () => {
    expect(alignAlleles('A', 'G', 'A', 'G')).to.equal('same');
    expect(alignAlleles('A', 'G', 'G', 'A')).to.equal('swapped');
    expect(alignAlleles('I', 'D', 'D', 'I')).to.equal('swapped');
  });

  it('reads an unknown alt (every dog so far homozygous) as whatever the other side shows: opposite homozygotes stay opposite', () => {
    expect(alignAlleles('A', 'N', 'G', 'N')).to.equal('swapped');
    expect(alignAlleles('A', 'N', 'A', 'N')).to.equal('same');
    expect(alignAlleles('A', 'N', 'G', 'A')).to.equal('swapped');
  });

  it('handles strand flips, and leaves out A/T and C/G markers and alleles that cannot be aligned', () => {
    expect(alignAlleles('A', 'G', 'T', 'C')).to.equal('same');
    expect(alignAlleles('A', 'G', 'C', 'T')).to.equal('swapped');
    expect(alignAlleles('A', 'G', 'T', 'N')).to.equal('same');
    expect(alignAlleles('A', 'T', 'A', 'T')).to.equal(null);
    expect(alignAlleles('A', 'N', 'T', 'N')).to.equal(null);
    expect(alignAlleles('C', 'G', 'G', 'C')).to.equal(null);
    expect(alignAlleles('A', 'G', 'C', 'A')).to.equal(null);
    expect(alignAlleles('I', 'D', 'A', 'G')).to.equal(null);
    expect(alignAlleles('N', 'N', 'A', 'G')).to.equal(null);
  });

  it('is symmetric', () => {
    const pairs: [string, string][] = [['A', 'G'], ['G', 'A'], ['T', 'C'], ['A', 'N'], ['G', 'N'], ['C', 'A'], ['A', 'T']];
    for (const [r1, a1] of pairs) for (const [r2, a2] of pairs) expect(alignAlleles(r1, a1, r2, a2), `${r1}${a1} ${r2}${a2}`).to.equal(alignAlleles(r2, a2, r1, a1));
  });
});
