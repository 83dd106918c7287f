import { expect } from 'chai';
import { foreignGenotypeFormat } from '../../../server/genetics/formats/foreign-formats.js';

describe('files the lab recognises but does not read', () => {
  const text = (value: string) => new TextEncoder().encode(value);

  it('names VCFs, human tests, PLINK\u2019s other layouts and compressed files, by name or first bytes', () => {
    expect(foreignGenotypeFormat('x.vcf.gz', text(''))).to.match(/^a VCF file/);
    expect(foreignGenotypeFormat('x.txt', text('##fileformat=VCFv4.3\n'))).to.match(/^a VCF file/);
    expect(foreignGenotypeFormat('x.txt', text('#AncestryDNA raw data download\n'))).to.match(/\(AncestryDNA\), not a dog’s/);
    expect(foreignGenotypeFormat('x.csv', text('RSID,CHROMOSOME,POSITION,RESULT\n'))).to.match(/\(MyHeritage or FamilyTreeDNA\)/);
    expect(foreignGenotypeFormat('x.csv', text('"RSID","CHROMOSOME","POSITION","RESULT"\n'))).to.match(/\(MyHeritage or FamilyTreeDNA\)/);
    expect(foreignGenotypeFormat('dog.map', text('1 m 0 1\n'))).to.match(/^a PLINK \.ped\/\.map file/);
    expect(foreignGenotypeFormat('dog.fam', text('F dog 0 0 1 -9\n'))).to.match(/^a binary PLINK file/);
    expect(foreignGenotypeFormat('noname', new Uint8Array([0x6c, 0x1b, 0x01]))).to.match(/^a binary PLINK file/);
    expect(foreignGenotypeFormat('dog.tsv', new Uint8Array([0x1f, 0x8b, 8]))).to.match(/^a gzip-compressed file/);
    expect(foreignGenotypeFormat('dog.tar', text(''))).to.match(/^a compressed archive/);
  });

  it('leaves our own TSV and anything else to the parsers', () => {
    expect(foreignGenotypeFormat('dog.tsv', text('# swab: ABC123\nmarker\tchromosome\tposition\tgenotype\nchr1_1\t1\t1\tAA\n'))).to.equal(null);
    expect(foreignGenotypeFormat('notes.txt', text('hello'))).to.equal(null);
    expect(foreignGenotypeFormat('dog.tsv', '23andMe'.padStart(2100, ' '))).to.equal(null);
  });
});
