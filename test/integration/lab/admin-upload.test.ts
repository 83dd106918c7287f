import { expect } from 'chai';
import type { Express } from 'express';
import { zipSync, strToU8 } from 'fflate';
import { csrfToken, signIn, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { dogAwaitingResults, genotypeFile, testLab, testWorld } from '../../support/lab.js';
import { writePlink } from '../../../server/genetics/formats/plink.js';
import { callsOf } from '../../../server/genetics/simulate/dog.js';
import { CSRF_MISMATCH } from '../../../server/shared/messages.js';

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
    const response = await agent.post('/admin/lab/upload').field('_csrf', token).attach('files', Buffer.from(text), 'beagle.tsv').expect(200);
    expect(response.text).to.include(`swab ${swabCode} released for dog ${petNum}`);
    expect(response.text).to.include('<td>raw_tsv</td>');
    expect((await db('swabs').where({ swab_code: swabCode }).first()).swab_state).to.equal('released');
  });

  it('ingests a zipped PLINK pair for the swab typed in the form', async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const { swabCode } = await dogAwaitingResults(db, { sex: 'm' });
    const { tped, tfam } = writePlink(lab.panel, callsOf(testWorld().simulator.purebred('boxer', 'm')), { familyId: 'F', individualId: 'I', sex: 'm' });
    const agent = await signIn(app, 'labadmin@example.test', TEST_PASSWORD);
    const token = await csrfToken(agent, '/admin/lab');
    const zip = zipSync({ 'dog.tped': strToU8(tped), 'dog.tfam': strToU8(tfam) });
    const response = await agent.post('/admin/lab/upload').field('_csrf', token).field('swabCode', swabCode).attach('files', Buffer.from(zip), 'export.zip').expect(200);
    expect(response.text).to.include(`swab ${swabCode} released`);
  });

  it('registers an unknown swab of a PLINK export for a new dog of the account named in the form', async () => {
    const db = await testDb();
    const lab = await testLab(db);
    const owner = await createUser(db, { email: 'importer@example.test' });
    const { tped, tfam } = writePlink(lab.panel, callsOf(testWorld().simulator.purebred('boxer', 'f')), { familyId: 'F', individualId: 'Tilly', sex: 'f' });
    const agent = await signIn(app, 'labadmin@example.test', TEST_PASSWORD);
    const token = await csrfToken(agent, '/admin/lab');
    const zip = zipSync({ 'dog.tped': strToU8(tped), 'dog.tfam': strToU8(tfam) });
    const response = await agent
      .post('/admin/lab/upload')
      .field('_csrf', token)
      .field('swabCode', 'IMPORTED000001')
      .field('ownerEmail', 'importer@example.test')
      .attach('files', Buffer.from(zip), 'export.zip')
      .expect(200);
    expect(response.text).to.include('swab IMPORTED000001 registered for a new dog of importer@example.test');
    const dog = await db('pets').join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num').where('pet_owners.user_id', owner.id).first('pets.name', 'pets.sex', 'pets.pet_num');
    expect(dog).to.include({ name: 'Tilly', sex: 'f' });
    expect(response.text).to.include(`swab IMPORTED000001 released for dog ${dog.pet_num}`);
  });

  it('shows a file error naming the line, and changes nothing', async () => {
    const db = await testDb();
    const agent = await signIn(app, 'labadmin@example.test', TEST_PASSWORD);
    const token = await csrfToken(agent, '/admin/lab');
    const response = await agent.post('/admin/lab/upload').field('_csrf', token).attach('files', Buffer.from('# swab: NOSUCHSWAB0001\nchr1_1\t1\t1\tAA\n'), 'bad.tsv').expect(400);
    expect(response.text).to.match(/line \d+: /);
    expect(await db('genotypes').count('* as c')).to.deep.equal([{ c: 0 }]);
  });

  it('refuses non-admins, and uploads without the CSRF token', async () => {
    const plain = await signIn(app, 'plain@example.test', TEST_PASSWORD);
    await plain.get('/admin/lab').expect(403);
    const token = await csrfToken(plain, '/members');
    await plain.post('/admin/lab/upload').field('_csrf', token).attach('files', Buffer.from('x'), 'a.tsv').expect(403);
    const admin = await signIn(app, 'labadmin@example.test', TEST_PASSWORD);
    const refused = await admin.post('/admin/lab/upload').attach('files', Buffer.from('x'), 'a.tsv').expect(403);
    expect(refused.text).to.equal(CSRF_MISMATCH);
  });
});
