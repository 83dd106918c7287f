import { expect } from 'chai';
import { foreignGenotypeFormat } from '../../../server/genetics/formats/foreign-formats.js';

describe('files the lab recognises but does not read', () => {
  const text = (value: string) => new TextEncoder().encode(value);

  it('names VCFs, human tests and archives it does not open, by name or first bytes', () => {
    expect(foreignGenotypeFormat('x.vcf.gz', text(''))).to.match(/^a VCF file/);
    expect(foreignGenotypeFormat('x.txt', text('##fileformat=VCFv4.3\n'))).to.match(/^a VCF file/);
    expect(foreignGenotypeFormat('x.txt', text('#AncestryDNA raw data download\n'))).to.match(/\(AncestryDNA\), not a dog’s/);
    expect(foreignGenotypeFormat('x.csv', text('RSID,CHROMOSOME,POSITION,RESULT\n'))).to.match(/\(MyHeritage or FamilyTreeDNA\)/);
    expect(foreignGenotypeFormat('x.csv', text('"RSID","CHROMOSOME","POSITION","RESULT"\n'))).to.match(/\(MyHeritage or FamilyTreeDNA\)/);
    expect(foreignGenotypeFormat('dog.rar', text('Rar!'))).to.match(/^a compressed archive the lab does not open: unpack it, or pack the files as a \.zip, \.tar or \.tar\.gz$/);
  });

  it('leaves our own TSV, PLINK\u2019s layouts and anything else to the parsers', () => {
    for (const name of ['dog.ped', 'dog.map', 'dog.bed', 'dog.bim', 'dog.fam', 'dog.tped', 'dog.tfam']) expect(foreignGenotypeFormat(name, text('1 m 0 1\n')), name).to.equal(null);
    expect(foreignGenotypeFormat('dog.tsv', text('# swab: ABC123\nmarker\tchromosome\tposition\tgenotype\nchr1_1\t1\t1\tAA\n'))).to.equal(null);
    expect(foreignGenotypeFormat('notes.txt', text('hello'))).to.equal(null);
    expect(foreignGenotypeFormat('dog.tsv', '23andMe'.padStart(2100, ' '))).to.equal(null);
  });
});
