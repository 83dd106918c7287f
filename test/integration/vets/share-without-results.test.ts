// A dog without results has no vet report to share: the panel says so instead of offering the form,
// and the server refuses the share through GraphQL and the form alike (issue 36 §8).
import { expect } from 'chai';
import type { Express } from 'express';
import { testDb } from '../../support/database.js';
import { csrfToken, testApp } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { createPet } from '../../support/factories.js';
import { VET_SHARE_NO_RESULTS } from '../../../server/shared/messages.js';
import { gql } from './people.js';

const SHARE = 'mutation($u: ID!, $n: String!, $e: String!) { shareResultsWithVet(petUuid: $u, vetName: $n, vetEmail: $e) { id } }';
const noResultsText = VET_SHARE_NO_RESULTS.replace('{name}', 'Pip');
const escaped = (text: string) => text.replace(/'/g, '&#39;');

describe('vets: no sharing before the results', () => {
  let app: Express;
  let pip: { petNum: number; uuid: string };

  beforeEach(async () => {
    await resetToDemoData();
    app = await testApp();
    const db = await testDb();
    const parent = await db('users').where({ email: 'parent@demo.test' }).first('id');
    const petNum = await createPet(db, parent.id, { name: 'Pip' });
    pip = { petNum, uuid: (await db('pets').where({ pet_num: petNum }).first('id')).id };
  });

  const shareCount = async () => Number((await (await testDb())('vet_report_shares').where({ pet_num: pip.petNum }).count({ n: '*' }))[0].n);
  const mailCount = async () => Number((await (await testDb())('outbox').count({ n: '*' }))[0].n);

  it('says the results are not ready on the summary page, with no report link and no form', async () => {
    const owner = await signInAsDemo(app, 'parent');
    const html = (await owner.get(`/members/results/summary?i=${pip.petNum}`).expect(200)).text;
    expect(html).to.include('data-vet-share-no-results').and.include(escaped(noResultsText));
    expect(html).to.not.include('data-vet-share-form').and.not.include('data-vet-report-link');
  });

  it('refuses the share over GraphQL and through the form, sending nothing', async () => {
    const owner = await signInAsDemo(app, 'parent');
    const mailBefore = await mailCount();
    expect((await gql(owner, SHARE, { u: pip.uuid, n: 'Dr. Rivera', e: 'rivera@clinic.example' })).error).to.equal(noResultsText);
    const token = await csrfToken(owner, `/members/results/summary?i=${pip.petNum}`);
    await owner
      .post(`/members/vet-report/share?i=${pip.petNum}`)
      .type('form')
      .send({ _csrf: token, from: 'summary', vetName: 'Dr. Rivera', vetEmail: 'rivera@clinic.example' })
      .expect(303)
      .expect('Location', `/members/results/summary?i=${pip.petNum}&vetShare=no-results#share-with-vet`);
    expect(await shareCount()).to.equal(0);
    expect(await mailCount()).to.equal(mailBefore);
  });
});
