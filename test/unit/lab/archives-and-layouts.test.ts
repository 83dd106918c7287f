import { expect } from 'chai';
import { bedToTransposed, pedToTransposed } from '../../../server/genetics/formats/plink-layouts.js';
import { GenotypeFileError } from '../../../server/genetics/formats/genotype-file-error.js';
import { parseTped } from '../../../server/genetics/formats/plink.js';
import { isTar, untarEntries } from '../../../server/lab/untar.js';
import { IngestError } from '../../../server/lab/ingest-error.js';
import { UNZIP_LIMITS } from '../../../server/lab/unzip.js';
import { realDataPresent, readExport, REAL_EXPORTS } from '../../support/realdata.js';
import { toBed, toIlluminaReport, toPedMap } from '../../support/plink-layouts.js';
import { illuminaReportToTransposed, isIlluminaReport } from '../../../server/genetics/formats/illumina-report.js';
import { tarOf } from '../../support/tar.js';

describe('PLINK .ped/.map and .bed/.bim/.fam files', () => {
  const tped = ['1 BICF2S1 0 100 A G', '1 BICF2S2 0 200 G G', '39 chrX_5 0 500 0 0', '1 BICF2S3 0 300 I D'].join('\n') + '\n';
  const tfam = 'FAM Rex 0 0 1 -9\n';
  const callsOf = (text: string) => Array.from(parseTped(text).calls);

  it('reads a .ped/.map pair as the same genotypes as the .tped/.tfam pair', () => {
    const { ped, map } = toPedMap(tped, tfam);
    const pair = pedToTransposed(ped, map);
    expect(pair.tfam.trim()).to.equal(tfam.trim());
    expect(callsOf(pair.tped)).to.deep.equal(callsOf(tped));
  });

  it('reads a .bed/.bim/.fam set, allele 1 unknown on homozygous markers, as the same genotypes', () => {
    const { bed, bim, fam } = toBed(tped, tfam);
    const pair = bedToTransposed(bed, bim, fam);
    expect(pair.tfam.trim()).to.equal(tfam.trim());
    expect(pair.tped.split('\n')[1]).to.equal('1 BICF2S2 0 200 G G');
    expect(pair.tped.split('\n')[2]).to.equal('39 chrX_5 0 500 0 0');
    expect(callsOf(pair.tped)).to.deep.equal(callsOf(tped));
  });

  it('refuses a file of several dogs, naming how many and the first ones', () => {
    const { ped, map } = toPedMap(tped, tfam);
    const three = ped + ped.replace('Rex', 'Bo') + ped.replace('Rex', 'Kit') + ped.replace('Rex', 'Ace');
    expect(() => pedToTransposed(three, map, { ped: 'dogs.ped', map: 'dogs.map' })).to.throw(GenotypeFileError, 'dogs.ped holds 4 dogs (Rex, Bo, Kit, …): upload one dog’s export at a time');
    const { bed, bim } = toBed(tped, tfam);
    expect(() => bedToTransposed(bed, bim, 'F Rex 0 0 1 -9\nF Bo 0 0 2 -9\n')).to.throw(GenotypeFileError, 'the .fam holds 2 dogs (Rex, Bo)');
  });

  it('refuses what does not add up: a .ped line without two alleles a marker, a .bed of another size or layout', () => {
    const { ped, map } = toPedMap(tped, tfam);
    expect(() => pedToTransposed(ped.replace(/ A G/, ''), map)).to.throw(GenotypeFileError, /expected 6 columns and 2 alleles for each of the 4 markers of the .map, found 12 fields/);
    const { bed, bim, fam } = toBed(tped, tfam);
    expect(() => bedToTransposed(bed.subarray(0, 5), bim, fam)).to.throw(GenotypeFileError, 'the .bed holds 2 bytes of genotypes, but the .bim lists 4 markers');
    expect(() => bedToTransposed(Uint8Array.from([0x6c, 0x1b, 0x00, 0, 0, 0, 0]), bim, fam)).to.throw(GenotypeFileError, /one dog a row/);
    expect(() => bedToTransposed(Uint8Array.from([1, 2, 3]), bim, fam)).to.throw(GenotypeFileError, 'the .bed is not a PLINK .bed file');
    expect(() => pedToTransposed(ped, '')).to.throw(GenotypeFileError, 'the .map lists no marker');
  });

  (realDataPresent() ? it : it.skip)('reads each real export rewritten as .ped/.map and as .bed/.bim/.fam to the same calls', function () {
    // three 230k-marker exports written and read twice each: seconds of CPU, more on a busy machine
    this.timeout(90_000);
    for (const dog of REAL_EXPORTS) {
      const exported = readExport(dog);
      const expected = parseTped(exported.tped);
      const { ped, map } = toPedMap(exported.tped, exported.tfam);
      const { bed, bim, fam } = toBed(exported.tped, exported.tfam);
      for (const pair of [pedToTransposed(ped, map), bedToTransposed(bed, bim, fam)]) {
        const read = parseTped(pair.tped);
        expect(read.markerCount, dog.name).to.equal(expected.markerCount);
        expect(Buffer.from(read.calls).equals(Buffer.from(expected.calls)), dog.name).to.equal(true);
      }
    }
  });
});

describe('Illumina GenomeStudio Final Reports', () => {
  const tped = ['1 BICF2S1 0 100 A G', '1 BICF2S2 0 200 G G', '39 chrX_5 0 500 0 0', '1 BICF2S3 0 300 I D'].join('\n') + '\n';
  const tfam = 'FAM Rex 0 0 1 -9\n';
  const callsOf = (text: string) => Array.from(parseTped(text).calls);

  it('reads a tab- or comma-separated report as the same genotypes, the sample as the dog, its sex left to the X', () => {
    for (const delimiter of ['\t', ',']) {
      const report = toIlluminaReport(tped, tfam, { delimiter });
      expect(isIlluminaReport(report)).to.equal(true);
      const pair = illuminaReportToTransposed(report, 'rex.txt');
      expect(pair.tfam).to.equal('Rex Rex 0 0 0 -9\n');
      expect(callsOf(pair.tped)).to.deep.equal(callsOf(tped));
    }
  });

  it('prefers the genome strand (Plus) to Forward and Top when a report has several', () => {
    const report = toIlluminaReport(tped, tfam, { columns: ['SNP Name', 'Sample ID', 'Allele1 - Top', 'Allele2 - Top', 'Allele1 - Plus', 'Allele2 - Plus', 'Chr', 'Position'] })
      .replace(/\tA\tG\tA\tG\t/, '\tT\tC\tA\tG\t');
    expect(illuminaReportToTransposed(report, 'rex.txt').tped.split('\n')[0]).to.equal('1 BICF2S1 0 100 A G');
  });

  it('refuses a report of several dogs, one without positions or base calls, naming what to export', () => {
    expect(() => illuminaReportToTransposed(toIlluminaReport(tped, tfam, { samples: ['Rex', 'Bo'] }), 'plate.txt')).to.throw(GenotypeFileError, 'plate.txt holds 2 dogs (Rex, Bo)');
    expect(() => illuminaReportToTransposed(toIlluminaReport(tped, tfam, { columns: ['SNP Name', 'Sample ID', 'Allele1 - Forward', 'Allele2 - Forward'] }), 'r.txt')).to.throw(GenotypeFileError, /r.txt is a GenomeStudio Final Report without the Chr and Position columns: export it again with them/);
    expect(() => illuminaReportToTransposed(toIlluminaReport(tped, tfam, { columns: ['SNP Name', 'Sample ID', 'Allele1 - AB', 'Allele2 - AB', 'Chr', 'Position'] }), 'r.txt')).to.throw(GenotypeFileError, /without base calls/);
    expect(() => illuminaReportToTransposed('[Header]\nGSGT Version\t2\n', 'r.txt')).to.throw(GenotypeFileError, 'r.txt has no [Data] section');
  });

  (realDataPresent() ? it : it.skip)('reads a real export written as a Final Report to the same calls', () => {
    const exported = readExport(REAL_EXPORTS[0]);
    const pair = illuminaReportToTransposed(toIlluminaReport(exported.tped, exported.tfam), 'aspen.txt');
    expect(Buffer.from(parseTped(pair.tped).calls).equals(Buffer.from(parseTped(exported.tped).calls))).to.equal(true);
  });
});

describe('tar archives', () => {
  it('lists the regular files, with long and prefixed names, passing over folders and links', async () => {
    const long = `${'d'.repeat(120)}/dog.tped`;
    const tar = tarOf([
      { name: 'export/', type: '5' },
      { name: 'export/dog.tfam', content: 'F I 0 0 1 -9\n' },
      { name: long, content: '1 m 0 1 A A\n' },
      { name: 'export/link', type: '2' },
    ]);
    expect(isTar(tar)).to.equal(true);
    const entries = await untarEntries('x.tar', tar);
    expect(entries.map((entry) => entry.name)).to.deep.equal(['export/dog.tfam', long]);
    expect(new TextDecoder().decode(entries[1].content)).to.equal('1 m 0 1 A A\n');
  });

  const refusal = (read: Promise<unknown>) => read.then(() => null, (error: unknown) => error);

  it('refuses a tar whose file runs past its end, or that holds no file', async () => {
    const tar = tarOf([{ name: 'dog.tped', content: 'x'.repeat(2000) }]);
    const cut = await refusal(untarEntries('cut.tar', tar.subarray(0, 1024)));
    expect(cut).to.be.instanceOf(IngestError).with.property('message', 'cut.tar: not a readable tar archive');
    const empty = await refusal(untarEntries('empty.tar', tarOf([{ name: 'a/', type: '5' }])));
    expect(empty).to.be.instanceOf(IngestError).with.property('message', 'empty.tar: not a readable tar archive (no files in it)');
  });

  it('refuses an archive of more files than a zip may hold', async () => {
    const many = tarOf(Array.from({ length: UNZIP_LIMITS.maxEntries + 1 }, (_, i) => ({ name: `f${i}.txt`, content: 'x' })));
    const refused = await refusal(untarEntries('many.tar', many));
    expect(refused).to.be.instanceOf(IngestError).with.property('message', `many.tar: refused, more than ${UNZIP_LIMITS.maxEntries} files in the archive`);
  });
});
