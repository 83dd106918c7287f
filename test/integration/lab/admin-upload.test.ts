import { expect } from 'chai';
import type { Express } from 'express';
import { gzipSync, zipSync, strToU8 } from 'fflate';
import { csrfToken, signIn, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { dogAwaitingResults, genotypeFile, testLab, testWorld } from '../../support/lab.js';
import { writePlink } from '../../../server/genetics/formats/plink.js';
import { callsOf } from '../../../server/genetics/simulate/dog.js';
import { CSRF_MISMATCH } from '../../../server/shared/messages.js';
import { uploadOutcome } from '../../support/lab-uploads.js';

// Each upload is ingested by its `lab.ingest` job: the tests run it, then read the page of the upload.
describe('admin lab upload', function () {
  this.timeout(60_000);
  let app: Express;

  beforeEach(async () => {
    const db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    await createUser(db, { email: 'labadmin@example.test', isAdmin: true });
    await createUser(db, { email: 'plain@example.test' });
  });

  it('ingests an uploaded TSV and shows the outcome and the recent uploads', async () => {
    const db = await testDb();
    const { petNum, swabCode } = await dogAwaitingResults(db);
    const agent = await signIn(app, 'labadmin@example.test', TEST_PASSWORD);
    const token = await csrfToken(agent, '/admin/lab');
    const text = genotypeFile(testWorld().simulator.purebred('beagle', 'f'), swabCode);
    const response = await uploadOutcome(agent, await agent.post('/admin/lab/upload').field('_csrf', token).attach('files', Buffer.from(text), 'beagle.tsv'));
    expect(response.text).to.include(`swab ${swabCode} released for dog ${petNum}`);
    expect(response.text).to.match(/<td>\d{4}-\d\d-\d\d \d\d:\d\d UTC<\/td><td>[A-Z0-9]+<\/td><td><a [^>]+>\d+<\/a><\/td><td>TSV<\/td><td>beagle.tsv<\/td><td>released<\/td>/);
    expect(response.text).to.match(/<tr data-lab-upload-row="\d+">.*<td>labadmin@example.test<\/td><td>beagle.tsv<\/td><td><\/td><td>done<\/td><\/tr>/);
    expect((await db('swabs').where({ swab_code: swabCode }).first()).swab_state).to.equal('released');
  });

  // compressed, and stored without compression (zip -0: the entries share the zip's own buffer)
  for (const level of [6, 0] as const) {
    it(`ingests a PLINK pair zipped at level ${level} for the swab typed in the form`, async () => {
      const db = await testDb();
      const lab = await testLab(db);
      const { swabCode } = await dogAwaitingResults(db, { sex: 'm' });
      const { tped, tfam } = writePlink(lab.panel, callsOf(testWorld().simulator.purebred('boxer', 'm')), { familyId: 'F', individualId: 'I', sex: 'm' });
      const agent = await signIn(app, 'labadmin@example.test', TEST_PASSWORD);
      const token = await csrfToken(agent, '/admin/lab');
      const zip = zipSync({ 'dog.tped': strToU8(tped), 'dog.tfam': strToU8(tfam) }, { level });
      const response = await uploadOutcome(agent, await agent.post('/admin/lab/upload').field('_csrf', token).field('swabCode', swabCode).attach('files', Buffer.from(zip), 'export.zip'));
      expect(response.text).to.include(`swab ${swabCode} released`);
    });
  }

  it('registers an unknown swab of a PLINK export for a new dog of the account named in the form', async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const owner = await createUser(db, { email: 'importer@example.test' });
    const { tped, tfam } = writePlink(lab.panel, callsOf(testWorld().simulator.purebred('boxer', 'f')), { familyId: 'F', individualId: 'Tilly', sex: 'f' });
    const agent = await signIn(app, 'labadmin@example.test', TEST_PASSWORD);
    const token = await csrfToken(agent, '/admin/lab');
    const zip = zipSync({ 'dog.tped': strToU8(tped), 'dog.tfam': strToU8(tfam) });
    const response = await uploadOutcome(
      agent,
      await agent.post('/admin/lab/upload').field('_csrf', token).field('swabCode', 'IMPORTED000001').field('ownerEmail', 'importer@example.test').attach('files', Buffer.from(zip), 'export.zip'),
    );
    expect(response.text).to.include('swab IMPORTED000001 registered for a new dog of importer@example.test');
    const dog = await db('pets').join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num').where('pet_owners.user_id', owner.id).first('pets.name', 'pets.sex', 'pets.pet_num');
    expect(dog).to.include({ name: 'Tilly', sex: 'f' });
    expect(response.text).to.include(`swab IMPORTED000001 released for dog ${dog.pet_num}`);
  });

  it('names the swab of a TSV registered for a new dog, and reads a TSV Excel saved as Unicode Text (UTF-16) or with a UTF-8 file name', async () => {
    const db = await testDb();
    await createUser(db, { email: 'importer@example.test' });
    const agent = await signIn(app, 'labadmin@example.test', TEST_PASSWORD);
    const token = await csrfToken(agent, '/admin/lab');
    const text = genotypeFile(testWorld().simulator.purebred('beagle', 'f'), 'TSVIMPORT00001').replace(/\n/g, '\r\n');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const response = await uploadOutcome(agent, await agent.post('/admin/lab/upload').field('_csrf', token).field('ownerEmail', 'importer@example.test').attach('files', utf16, 'Bärli’s DNA.txt'));
    expect(response.text).to.include('Bärli’s DNA.txt: swab TSVIMPORT00001 registered for a new dog of importer@example.test.');
    expect(response.text).to.match(/Bärli’s DNA.txt: swab TSVIMPORT00001 released for dog \d+/);
    expect((await db('genotypes').first('source_file_name')).source_file_name).to.equal('Bärli’s DNA.txt');
  });

  it('refuses an upload of two exports as a whole, keeping what was typed in the form, and changes nothing', async () => {
    const db = await testDb();
    const lab = await testLab(db);
    await createUser(db, { email: 'importer@example.test' });
    const exportOf = (sex: 'm' | 'f', id: string) => writePlink(lab.panel, callsOf(testWorld().simulator.purebred('boxer', sex)), { familyId: 'F', individualId: id, sex });
    const [a, b] = [exportOf('f', 'Aspen'), exportOf('m', 'Duke')];
    const zip = zipSync({ 'aspen.tped': strToU8(a.tped), 'aspen.tfam': strToU8(a.tfam), 'duke.tped': strToU8(b.tped), 'duke.tfam': strToU8(b.tfam) });
    const agent = await signIn(app, 'labadmin@example.test', TEST_PASSWORD);
    const token = await csrfToken(agent, '/admin/lab');
    const posted = await agent
      .post('/admin/lab/upload')
      .field('_csrf', token)
      .field('swabCode', 'TWOEXPORTS0001')
      .field('ownerEmail', 'importer@example.test')
      .field('dogName', 'Aspen <b>')
      .field('replaceReleased', 'on')
      .attach('files', Buffer.from(zip), 'two.zip');
    const response = await uploadOutcome(agent, posted);
    expect(response.text).to.include('role="alert">The upload holds 2 exports (two.zip:aspen.tped, two.zip:duke.tped): upload one dog’s export at a time; nothing changed.');
    expect(response.text).to.include('value="TWOEXPORTS0001"').and.include('value="importer@example.test"').and.include('value="Aspen &lt;b&gt;"');
    expect(response.text).to.match(/name="replaceReleased" checked/);
    expect(response.text).to.include('data-lab-upload-status="failed"');
    expect(await db('genotypes').count('* as c')).to.deep.equal([{ c: 0 }]);
    expect(await db('swabs').where({ swab_code: 'TWOEXPORTS0001' })).to.have.length(0);
    const fresh = await agent.get('/admin/lab').expect(200);
    expect(fresh.text).not.to.include('value="TWOEXPORTS0001"');
  });

  it('pairs a .tped and a .tfam uploaded side by side whatever their names', async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const { swabCode } = await dogAwaitingResults(db, { sex: 'm' });
    const { tped, tfam } = writePlink(lab.panel, callsOf(testWorld().simulator.purebred('boxer', 'm')), { familyId: 'F', individualId: 'I', sex: 'm' });
    const agent = await signIn(app, 'labadmin@example.test', TEST_PASSWORD);
    const token = await csrfToken(agent, '/admin/lab');
    const response = await uploadOutcome(agent, await agent.post('/admin/lab/upload').field('_csrf', token).field('swabCode', swabCode).attach('files', Buffer.from(tped), 'aspen_x.tped').attach('files', Buffer.from(tfam), 'sample_info.tfam'));
    expect(response.text).to.include(`swab ${swabCode} released`).and.include('<td>PLINK .tped/.tfam</td><td>aspen_x.tped</td><td>released</td>');
  });

  it('shows a file error naming the line, and changes nothing', async () => {
    const db = await testDb();
    const agent = await signIn(app, 'labadmin@example.test', TEST_PASSWORD);
    const token = await csrfToken(agent, '/admin/lab');
    const response = await uploadOutcome(agent, await agent.post('/admin/lab/upload').field('_csrf', token).attach('files', Buffer.from('# swab: NOSUCHSWAB0001\nchr1_1\t1\t1\tAA\n'), 'bad.tsv'));
    expect(response.text).to.match(/role="alert">bad.tsv: line \d+: /);
    expect(await db('genotypes').count('* as c')).to.deep.equal([{ c: 0 }]);
  });

  it('says a file is empty, and where to name the swab of a PLINK export', async () => {
    const db = await testDb();
    const agent = await signIn(app, 'labadmin@example.test', TEST_PASSWORD);
    const token = await csrfToken(agent, '/admin/lab');
    const empty = await uploadOutcome(agent, await agent.post('/admin/lab/upload').field('_csrf', token).attach('files', Buffer.from('\n\n'), 'empty.txt'));
    expect(empty.text).to.include('empty.txt: the file is empty');
    const pair = await uploadOutcome(agent, await agent.post('/admin/lab/upload').field('_csrf', token).attach('files', Buffer.from('1 rs1 0 100 A A\n'), 'dog.tped').attach('files', Buffer.from('F I 0 0 1 -9\n'), 'dog.tfam'));
    expect(pair.text).to.include('dog: name the swab of a PLINK export or GenomeStudio report (the Swab code field on the lab page, --swab CODE on the command line)');
    expect(await db('genotypes').count('* as c')).to.deep.equal([{ c: 0 }]);
  });

  it('names what a file is when it is not a dog array export (a VCF, a human test, a RAR), or what a PLINK export lacks, and changes nothing', async () => {
    const db = await testDb();
    const agent = await signIn(app, 'labadmin@example.test', TEST_PASSWORD);
    const token = await csrfToken(agent, '/admin/lab');
    const upload = async (content: Buffer, name: string) => uploadOutcome(agent, await agent.post('/admin/lab/upload').field('_csrf', token).field('swabCode', 'ANYSWAB').attach('files', content, name));
    const vcf = Buffer.from('##fileformat=VCFv4.2\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tdog\n1\t100\t.\tA\tG\t.\tPASS\t.\tGT\t0/1\n');
    expect((await upload(vcf, 'dog.txt')).text).to.include('dog.txt is a VCF file of sequencing variants');
    expect((await upload(Buffer.from(gzipSync(vcf)), 'dog.vcf.gz')).text).to.include('dog.vcf is a VCF file of sequencing variants');
    const human = Buffer.from('# This data file generated by 23andMe at: Mon Jan 01 2024\n# rsid\tchromosome\tposition\tgenotype\nrs548049170\t1\t69869\tTT\n');
    expect((await upload(human, 'genome.txt')).text).to.include('genome.txt is a human DNA test’s raw data (23andMe), not a dog’s');
    expect((await upload(Buffer.from('Rar!'), 'dog.rar')).text).to.include('dog.rar is a compressed archive the lab does not open');
    expect((await upload(Buffer.from([0x6c, 0x1b, 0x01, 0, 0]), 'dog.bed')).text).to.include('dog: a PLINK export needs a .bed/.bim/.fam set; .bim and .fam are missing');
    const zipped = Buffer.from(zipSync({ 'export/dog.ped': strToU8('F dog 0 0 1 -9 A A\n') }));
    expect((await upload(zipped, 'export.zip')).text).to.include('export.zip:export/dog: a PLINK export needs a .ped/.map pair; .map is missing');
    expect((await upload(Buffer.from([0x1f, 0x8b, 8, 0, 0, 0]), 'dog.tsv')).text).to.include('dog.tsv: not a readable gzip file');
    expect(await db('genotypes').count('* as c')).to.deep.equal([{ c: 0 }]);
  });

  it('refuses a form without a file at once, keeping what was typed, and queues nothing', async () => {
    const db = await testDb();
    const agent = await signIn(app, 'labadmin@example.test', TEST_PASSWORD);
    const token = await csrfToken(agent, '/admin/lab');
    const response = await agent.post('/admin/lab/upload').field('_csrf', token).field('swabCode', 'NOFILE000001').field('dogName', 'Rex').expect(400);
    expect(response.text).to.include('role="alert">Choose a genotype file to upload.');
    expect(response.text).to.include('value="NOFILE000001"').and.include('value="Rex"');
    expect(await db('lab_uploads').count('* as c')).to.deep.equal([{ c: 0 }]);
  });

  it('refuses non-admins, and uploads without the CSRF token', async () => {
    const plain = await signIn(app, 'plain@example.test', TEST_PASSWORD);
    await plain.get('/admin/lab').expect(403);
    const token = await csrfToken(plain, '/members');
    await plain.post('/admin/lab/upload').field('_csrf', token).attach('files', Buffer.from('x'), 'a.tsv').expect(403);
    const admin = await signIn(app, 'labadmin@example.test', TEST_PASSWORD);
    const refused = await admin.post('/admin/lab/upload').attach('files', Buffer.from('x'), 'a.tsv').expect(403);
    expect(refused.text).to.equal(CSRF_MISMATCH);
    expect(await (await testDb())('lab_uploads').count('* as c')).to.deep.equal([{ c: 0 }]);
  });
});
