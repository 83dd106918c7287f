import { expect } from 'chai';
import type { Express } from 'express';
import { csrfToken, signIn, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { dogAwaitingResults, genotypeFile, matchRelativesNow, testLab, testWorld } from '../../support/lab.js';
import { ingestGenotypeFile } from '../../../server/lab/ingest.js';

describe('genotypes held for lab review', function () {
  this.timeout(60_000);
  let app: Express;

  beforeEach(async () => {
    const db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    await createUser(db, { email: 'labadmin@example.test', isAdmin: true });
    await createUser(db, { email: 'plain@example.test' });
  });

  /** A dog registered as female whose file is a male's: held. */
  async function heldDog() {
    const db = await testDb();
    const lab = await testLab(db);
    const dog = await dogAwaitingResults(db, { sex: 'f', name: 'Juniper' });
    const outcome = await ingestGenotypeFile(db, lab, { fileName: 'juniper.tsv', text: genotypeFile(testWorld().simulator.purebred('beagle', 'm'), dog.swabCode) });
    expect(outcome.status).to.equal('held');
    const { id } = await db('genotypes').where({ pet_num: dog.petNum, lab_review_hold: true }).first('id');
    return { ...dog, genotypeId: Number(id) };
  }

  it('lists a held genotype on the lab page, and releases it with the sex its DNA shows: results, relatives and the e-mail, once', async () => {
    const db = await testDb();
    const { petNum, swabCode, genotypeId } = await heldDog();
    const agent = await signIn(app, 'labadmin@example.test', TEST_PASSWORD);
    const page = await agent.get('/admin/lab').expect(200);
    expect(page.text).to.include('<h2>Held for review</h2>').and.include(`action="/admin/lab/held/${genotypeId}/release"`).and.include('Make Juniper male and release');
    expect(page.text).to.match(/<td>female<\/td>\s*<td>male \(X heterozygosity 0\.\d{3}\)<\/td>/);
    const token = await csrfToken(agent, '/admin/lab');
    const released = await agent.post(`/admin/lab/held/${genotypeId}/release`).type('form').send({ _csrf: token }).expect(200);
    expect(released.text).to.include(`Dog ${petNum} is now male, as its DNA shows: swab ${swabCode} released, its relatives are being matched among the stored dogs.`);
    expect(await matchRelativesNow(db)).to.deep.equal({ done: 1, failed: 0 }, 'the release queued its relative matching');
    expect(released.text).to.include('No genotype is held.');
    expect((await db('pets').where({ pet_num: petNum }).first('sex')).sex).to.equal('m');
    expect((await db('swabs').where({ swab_code: swabCode }).first('swab_state')).swab_state).to.equal('released');
    const genotypes = await db('genotypes').where({ pet_num: petNum }).select('id', 'is_current', 'lab_review_hold', 'stated_sex');
    expect(genotypes).to.have.length(1);
    expect(genotypes[0]).to.include({ is_current: true, lab_review_hold: false, stated_sex: 'm' });
    expect(Number(genotypes[0].id)).to.be.above(genotypeId);
    expect((await db('breed_mix_rows').where({ pet_num: petNum })).length).to.be.above(0);
    expect(await db('outbox').where({ template: 'results-released' })).to.have.length(1);

    const again = await agent.post(`/admin/lab/held/${genotypeId}/release`).type('form').send({ _csrf: token }).expect(409);
    expect(again.text).to.include('This genotype is no longer held for review: it was released or replaced since.');
    expect(await db('outbox').where({ template: 'results-released' })).to.have.length(1);
  });

  it('refuses everyone but admins, and an unreadable id, changing nothing', async () => {
    const db = await testDb();
    const { petNum, genotypeId } = await heldDog();
    const plain = await signIn(app, 'plain@example.test', TEST_PASSWORD);
    const plainToken = await csrfToken(plain, '/members');
    await plain.post(`/admin/lab/held/${genotypeId}/release`).type('form').send({ _csrf: plainToken }).expect(403);
    const admin = await signIn(app, 'labadmin@example.test', TEST_PASSWORD);
    const token = await csrfToken(admin, '/admin/lab');
    await admin.post('/admin/lab/held/x1/release').type('form').send({ _csrf: token }).expect(400);
    await admin.post(`/admin/lab/held/${genotypeId}/release`).type('form').send({}).expect(403);
    expect((await db('pets').where({ pet_num: petNum }).first('sex')).sex).to.equal('f');
    expect(await db('genotypes').where({ pet_num: petNum, lab_review_hold: true })).to.have.length(1);
  });
});
