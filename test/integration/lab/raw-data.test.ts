import { expect } from 'chai';
import type { Express } from 'express';
import request from 'supertest';
import { ingestGenotypeFile } from '../../../server/lab/ingest.js';
import { parseTsvGenotypes } from '../../../server/genetics/formats/tsv.js';
import { callsOf } from '../../../server/genetics/simulate/dog.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { signIn, testApp } from '../../support/app.js';
import { TEST_PASSWORD } from '../../support/factories.js';
import { dogAwaitingResults, genotypeFile, testLab, testWorld } from '../../support/lab.js';
import { createUser } from '../../support/factories.js';
import { deletePetForOwner } from '../../../server/pet-profile/mutations.js';
import { DOG_NOT_FOUND } from '../../../server/shared/messages.js';

describe('raw data download', function () {
  this.timeout(60_000);
  let app: Express;
  let petNum: number;
  let swabCode: string;
  let expectedCalls: Uint8Array;

  before(async () => {
    const db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    const dog = await dogAwaitingResults(db, { ownerEmail: 'owner@raw.test' });
    ({ petNum, swabCode } = dog);
    const beagle = testWorld().simulator.purebred('beagle', 'f');
    expectedCalls = callsOf(beagle);
    await ingestGenotypeFile(db, await testLab(db), { fileName: 'b.tsv', text: genotypeFile(beagle, swabCode) });
    await createUser(db, { email: 'stranger@raw.test' });
  });

  it('gives the owner the genotype back in the same TSV format', async () => {
    const agent = await signIn(app, 'owner@raw.test', TEST_PASSWORD);
    const response = await agent.get(`/members/pet/${petNum}/raw-data`).expect(200);
    expect(response.headers['content-disposition']).to.match(/attachment; filename="?[a-z0-9-]+-raw-data\.tsv"?/);
    const parsed = parseTsvGenotypes(response.text, testWorld().panel);
    expect(parsed.swabCode).to.equal(swabCode);
    expect(Array.from(parsed.calls)).to.deep.equal(Array.from(expectedCalls));
  });

  it('links the download from the summary page, for owners', async () => {
    const agent = await signIn(app, 'owner@raw.test', TEST_PASSWORD);
    const page = await agent.get(`/members/results/summary?i=${petNum}`).expect(200);
    expect(page.text).to.include(`href="/members/pet/${petNum}/raw-data"`);
  });

  it('offers the PLINK transposed pair too', async () => {
    const agent = await signIn(app, 'owner@raw.test', TEST_PASSWORD);
    const tped = await agent.get(`/members/pet/${petNum}/raw-data?format=tped`).expect(200);
    expect(tped.text.split('\n')[0].split(/\s+/)).to.have.length(6);
    const tfam = await agent.get(`/members/pet/${petNum}/raw-data?format=tfam`).expect(200);
    expect(tfam.text.trim().split(/\s+/)).to.have.length(6);
    await agent.get(`/members/pet/${petNum}/raw-data?format=vcf`).expect(400);
  });

  it('refuses other users and signed-out visitors', async () => {
    const stranger = await signIn(app, 'stranger@raw.test', TEST_PASSWORD);
    const refused = await stranger.get(`/members/pet/${petNum}/raw-data`).expect(404);
    expect(refused.text).to.include(DOG_NOT_FOUND);
    await stranger.get('/members/pet/abc/raw-data').expect(404);
    await request(app).get(`/members/pet/${petNum}/raw-data`).expect(302).expect('Location', '/');
  });

  it('no longer gives the raw data of a deleted dog, to its owner or an admin, even when its genotype stays for research', async () => {
    const db = await testDb();
    const dog = await dogAwaitingResults(db, { ownerEmail: 'deleter@raw.test' });
    await ingestGenotypeFile(db, await testLab(db), { fileName: 'd.tsv', text: genotypeFile(testWorld().simulator.purebred('pug', 'f'), dog.swabCode) });
    await db('pets').where({ pet_num: dog.petNum }).update({ agreed_to_research: true });
    await createUser(db, { email: 'admin@raw.test', isAdmin: true });
    const owner = await signIn(app, 'deleter@raw.test', TEST_PASSWORD);
    await owner.get(`/members/pet/${dog.petNum}/raw-data`).expect(200);
    await deletePetForOwner(db, dog.petNum);
    expect(await db('genotypes').where({ pet_num: dog.petNum }).count('* as c')).to.deep.equal([{ c: 1 }]);
    for (const format of ['tsv', 'tped', 'tfam']) await owner.get(`/members/pet/${dog.petNum}/raw-data?format=${format}`).expect(404);
    const admin = await signIn(app, 'admin@raw.test', TEST_PASSWORD);
    await admin.get(`/members/pet/${dog.petNum}/raw-data`).expect(404);
  });
});
