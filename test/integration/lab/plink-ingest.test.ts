import { expect } from 'chai';
import { gzipSync, zipSync, strToU8 } from 'fflate';
import { ingestGenotypeFile, IngestError } from '../../../server/lab/ingest.js';
import { genotypeFilesFromEntries } from '../../../server/lab/genotype-files.js';
import { writePlink } from '../../../server/genetics/formats/plink.js';
import { callsOf } from '../../../server/genetics/simulate/dog.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { dogAwaitingResults, testLab, testWorld } from '../../support/lab.js';
import { toBed, toIlluminaReport, toPedMap } from '../../support/plink-layouts.js';
import { tarOf } from '../../support/tar.js';

describe('lab ingest of PLINK exports', function () {
  this.timeout(60_000);

  beforeEach(async () => {
    await resetDatabase(await testDb());
  });

  it('reads a zipped .tped/.tfam pair for a named swab and computes the same results as the TSV would', async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const { petNum, swabCode } = await dogAwaitingResults(db, { sex: 'm' });
    const boxer = testWorld().simulator.purebred('boxer', 'm');
    const { tped, tfam } = writePlink(lab.panel, callsOf(boxer), { familyId: 'FAM', individualId: 'DOG', sex: 'm' });
    const zip = zipSync({ 'export/dog.tped': strToU8(tped), 'export/dog.tfam': strToU8(tfam) });
    const [file] = await genotypeFilesFromEntries([{ name: 'dog.zip', content: zip }], swabCode);
    const outcome = await ingestGenotypeFile(db, lab, file);
    expect(outcome).to.include({ status: 'released', petNum });
    const genotype = await db('genotypes').where({ pet_num: petNum }).first('source_format');
    expect(genotype.source_format).to.equal('plink_tped');
    const top = await db('breed_mix_rows').join('breeds', 'breeds.id', 'breed_mix_rows.breed_id').where({ pet_num: petNum }).orderBy('rank').first('breeds.slug');
    expect(top.slug).to.equal('boxer');
    expect((await ingestGenotypeFile(db, lab, file)).status).to.equal('unchanged');
  });

  it('reads a zip as customers download it: notes beside the pair, differently named pair members, a byte order mark', async () => {
    const { tped, tfam } = writePlink(testWorld().panel, callsOf(testWorld().simulator.purebred('boxer', 'm')), { familyId: 'FAM', individualId: 'DOG', sex: 'm' });
    const zip = zipSync({
      'Embark_raw_data/README.txt': strToU8('How to read these files'),
      'Embark_raw_data/.DS_Store': strToU8('x'),
      '__MACOSX/Embark_raw_data/._dog.tped': strToU8('x'),
      'Embark_raw_data/dog_genotypes.tped': strToU8(`\ufeff${tped}`),
      'Embark_raw_data/dog_family.tfam': strToU8(tfam),
    });
    const files = await genotypeFilesFromEntries([{ name: 'export.zip', content: zip }], 'SWAB');
    expect(files).to.have.length(1);
    const [file] = files;
    if (!('plink' in file)) throw new Error('expected a PLINK export');
    expect(file.plink.tped).to.equal(tped);
    expect(file.plink.tfam).to.equal(tfam);
    expect(file.swabCode).to.equal('SWAB');
  });

  describe('PLINK\u2019s other layouts and archives', () => {
    const boxerExport = () => writePlink(testWorld().panel, callsOf(testWorld().simulator.purebred('boxer', 'm')), { familyId: 'FAM', individualId: 'DOG', sex: 'm' });
    const ingestsAsBoxer = async (entries: { name: string; content: Uint8Array }[], expectedFileName: string) => {
      const db = await testDb();
      const lab = await testLab(db);
      const { petNum, swabCode } = await dogAwaitingResults(db, { sex: 'm' });
      const files = await genotypeFilesFromEntries(entries, swabCode);
      expect(files.map((file) => file.fileName)).to.deep.equal([expectedFileName]);
      expect(await ingestGenotypeFile(db, lab, files[0])).to.include({ status: 'released', petNum });
      const top = await db('breed_mix_rows').join('breeds', 'breeds.id', 'breed_mix_rows.breed_id').where({ pet_num: petNum }).orderBy('rank').first('breeds.slug');
      expect(top.slug).to.equal('boxer');
    };

    it('reads a zipped .ped/.map pair whatever its files are called', async () => {
      const { tped, tfam } = boxerExport();
      const { ped, map } = toPedMap(tped, tfam);
      await ingestsAsBoxer([{ name: 'rex.zip', content: zipSync({ 'rex/genotypes.ped': strToU8(ped), 'rex/markers.map': strToU8(map) }) }], 'rex.zip:rex/genotypes.ped');
    });

    it('reads a .bed/.bim/.fam set in a .tar.gz', async () => {
      const { tped, tfam } = boxerExport();
      const { bed, bim, fam } = toBed(tped, tfam);
      const tar = tarOf([{ name: 'rex/', type: '5' }, { name: 'rex/rex.bed', content: bed }, { name: 'rex/rex.bim', content: bim }, { name: 'rex/rex.fam', content: fam }, { name: 'rex/README.txt', content: 'notes' }]);
      await ingestsAsBoxer([{ name: 'rex.tar.gz', content: gzipSync(tar) }], 'rex.tar.gz:rex/rex.bed');
    });

    it('reads an Illumina GenomeStudio Final Report (comma-separated, Windows line ends) for a named swab', async () => {
      const { tped, tfam } = boxerExport();
      await ingestsAsBoxer([{ name: 'FinalReport.csv', content: strToU8(toIlluminaReport(tped, tfam, { delimiter: ',' })) }], 'FinalReport.csv');
    });

    it('reads a gzipped .tped beside its .tfam', async () => {
      const { tped, tfam } = boxerExport();
      await ingestsAsBoxer([{ name: 'rex.tped.gz', content: gzipSync(strToU8(tped)) }, { name: 'rex.tfam', content: strToU8(tfam) }], 'rex.tped');
    });

    it('refuses an export of several dogs, and archives nested too deep, writing nothing', async () => {
      const db = await testDb();
      const lab = await testLab(db);
      const { swabCode } = await dogAwaitingResults(db, { sex: 'm' });
      const { tped, tfam } = boxerExport();
      const twoDogs = tped.replace(/$/gm, (end) => end).split('\n').map((line) => (line ? `${line} A A` : line)).join('\n');
      const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);
      const [file] = await genotypeFilesFromEntries([{ name: 'litter.tped', content: strToU8(twoDogs) }, { name: 'litter.tfam', content: strToU8(`${tfam}FAM PUP2 0 0 2 -9\n`) }], swabCode);
      const several = await refusal(ingestGenotypeFile(db, lab, file));
      expect(several).to.be.instanceOf(IngestError).with.property('message', 'the .tfam holds 2 dogs (DOG, PUP2): upload one dog’s export at a time');
      let nested = zipSync({ 'rex.tped': strToU8(tped), 'rex.tfam': strToU8(tfam) });
      for (let depth = 0; depth < 5; depth++) nested = gzipSync(nested);
      const deep = await refusal(genotypeFilesFromEntries([{ name: 'rex.zip.gz.gz.gz.gz.gz', content: nested }], swabCode));
      expect(deep).to.be.instanceOf(IngestError).with.property('message').that.matches(/refused, archives nested more than 4 deep$/);
      expect(await db('genotypes').count('* as c')).to.deep.equal([{ c: 0 }]);
    });
  });

  it('needs both files of the pair and a swab code', async () => {
    const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);
    const lone = await refusal(genotypeFilesFromEntries([{ name: 'a.tped', content: strToU8('1 x 0 1 A A') }], 'SWAB'));
    expect(lone).to.be.instanceOf(IngestError).with.property('message').that.equal('a: a PLINK export needs a .tped/.tfam pair; .tfam is missing');
    const unnamed = await refusal(genotypeFilesFromEntries([{ name: 'a.tped', content: strToU8('') }, { name: 'a.tfam', content: strToU8('') }]));
    expect(unnamed).to.be.instanceOf(IngestError).with.property('message').that.matches(/--swab/);
  });

  it('refuses an export with too few markers to read, writing nothing', async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const { swabCode } = await dogAwaitingResults(db);
    const few = writePlink(lab.panel, callsOf(testWorld().simulator.purebred('pug', 'f')), { familyId: 'F', individualId: 'I', sex: 'f' });
    const tped = few.tped.split('\n').slice(0, 100).join('\n');
    let error: unknown;
    try {
      await ingestGenotypeFile(db, lab, { fileName: 'few.tped', plink: { tped, tfam: few.tfam }, swabCode });
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(IngestError);
    expect((error as Error).message).to.match(/has 100 markers: an array export needs at least 1000/);
    expect(await db('genotypes').count('* as c')).to.deep.equal([{ c: 0 }]);
  });
});
