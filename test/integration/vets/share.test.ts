import { expect } from 'chai';
import type { Express } from 'express';
import { testDb } from '../../support/database.js';
import { csrfToken, testApp } from '../../support/app.js';
import { signInAsDemo } from '../../support/demo.js';
import { endWindows, pointsUsed } from '../../support/rate-limits.js';
import { SHARES } from '../../../server/vets/shares.js';
import { VET_SHARES_PER_HOUR } from '../../../server/shared/vets-rules.js';
import { demoPopulation, ownedPetNum } from '../results/population.js';
import { NOT_AUTHORIZED, PLEASE_LOG_IN, READ_ONLY_IMPERSONATION, VET_EMAIL_INVALID, VET_EMAIL_REQUIRED, VET_NAME_ONE_LINE, VET_NAME_REQUIRED, VET_NAME_TOO_LONG, VET_REPORT_LINK_COPIED, VET_SHARE_RATE_LIMITED } from '../../../server/shared/messages.js';
import { binaryParser, gql, pdfText, signedOut, vetPeople, type VetPeople } from './people.js';

const SHARE = 'mutation($u: ID!, $n: String!, $e: String!) { shareResultsWithVet(petUuid: $u, vetName: $n, vetEmail: $e) { id vetName vetEmail sentAt revokedAt practiceName } }';
const REVOKE = 'mutation($u: ID!, $s: ID!) { revokeVetReportShare(petUuid: $u, shareId: $s) { id revokedAt } }';
const RESET = 'mutation($u: ID!) { resetVetReportLink(petUuid: $u) }';
const PET = 'query($n: Int!) { me { petByPetNum(petNum: $n) { hashPetId vetReportShares { vetName revokedAt } } } }';
const REPORT = '/members/reports/print-vet-report-pdf/';

describe('vets: sharing results with a vet and the vet report PDF', function () {
  this.timeout(240_000);
  let app: Express;
  let people: VetPeople;
  let biscuit: number;
  let maple: number;
  let mapleUuid: string;

  before(async () => {
    app = await demoPopulation();
    people = await vetPeople(app);
    biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
    maple = await ownedPetNum('parent@demo.test', 'Maple');
    mapleUuid = (await (await testDb())('pets').where({ pet_num: maple }).first('id')).id;
  });

  const state = async () => {
    const db = await testDb();
    const [{ shares }] = await db('vet_report_shares').count({ shares: '*' });
    const [{ mail }] = await db('outbox').count({ mail: '*' });
    const [{ patients }] = await db('practice_patients').count({ patients: '*' });
    return { shares: Number(shares), mail: Number(mail), patients: Number(patients) };
  };
  const latestShareMail = async () => (await testDb())('outbox').where({ template: 'vet-report-shared' }).orderBy('id', 'desc').first();
  const pdf = (path: string) => signedOut(app).get(path).buffer(true).parse(binaryParser as never);

  it('shares with a vet outside Embark: e-mail through the outbox with its own report link, listed for the owner', async () => {
    const result = await gql(people.owner, SHARE, { u: mapleUuid, n: '  Dr. Rivera ', e: 'Rivera@Clinic.example' });
    expect(result.error).to.equal(undefined);
    expect(result.data.shareResultsWithVet).to.include({ vetName: 'Dr. Rivera', vetEmail: 'rivera@clinic.example', revokedAt: null, practiceName: null });
    const mail = await latestShareMail();
    expect(mail).to.include({ to_address: 'rivera@clinic.example', status: 'pending' });
    expect(mail.subject).to.equal('Pet Parent shared Maple’s DNA results with you'.replace('Pet Parent', (await (await testDb())('users').where({ email: 'parent@demo.test' }).first('name')).name));
    const token = mail.payload.token as string;
    expect(token).to.match(/^[A-Za-z0-9_-]{43}$/);
    const report = await pdf(`${REPORT}${token}`).expect(200);
    expect(report.headers['content-type']).to.equal('application/pdf');
    expect(report.headers['cache-control']).to.equal('no-store');
    expect(await pdfText(report.body)).to.include('Maple');
    const pet = await gql(people.owner, PET, { n: maple });
    expect(pet.data.me.petByPetNum.vetReportShares[0]).to.deep.equal({ vetName: 'Dr. Rivera', revokedAt: null });
    expect(await (await testDb())('practice_patients').where({ pet_num: maple })).to.deep.equal([]);
  });

  it('makes the dog a read-only patient of the practice when the e-mail is a vet account, until the share is revoked', async () => {
    await people.vet.get(`/members/results/summary?i=${maple}`).expect(404);
    const shared = await gql(people.owner, SHARE, { u: mapleUuid, n: 'Dr. Val', e: 'vet@demo.test' });
    expect(shared.data.shareResultsWithVet.practiceName).to.equal('Riverside Animal Hospital');
    const page = await people.vet.get(`/members/results/summary?i=${maple}`).expect(200);
    expect(page.text).to.not.include('data-vet-share');
    const asVet = await gql(people.vet, PET, { n: maple });
    expect(asVet.data.me.petByPetNum).to.deep.equal({ hashPetId: null, vetReportShares: [] });
    expect((await gql(people.vet, SHARE, { u: mapleUuid, n: 'Me', e: 'me@clinic.example' })).error).to.equal(NOT_AUTHORIZED);
    await people.otherVet.get(`/members/results/summary?i=${maple}`).expect(404);

    const token = (await latestShareMail()).payload.token as string;
    await pdf(`${REPORT}${token}`).expect(200);
    const revoked = await gql(people.owner, REVOKE, { u: mapleUuid, s: shared.data.shareResultsWithVet.id });
    expect(revoked.data.revokeVetReportShare.find((s: { id: string }) => s.id === shared.data.shareResultsWithVet.id).revokedAt).to.be.a('string');
    await pdf(`${REPORT}${token}`).expect(404);
    await people.vet.get(`/members/results/summary?i=${maple}`).expect(404);
    expect((await gql(people.owner, REVOKE, { u: mapleUuid, s: shared.data.shareResultsWithVet.id })).error).to.equal(NOT_AUTHORIZED);
  });

  it('refuses bad input with the spec texts and changes nothing', async () => {
    const before = await state();
    const cases: [Record<string, string>, string][] = [
      [{ n: '   ', e: 'a@b.example' }, VET_NAME_REQUIRED],
      [{ n: 'Dr. A', e: '' }, VET_EMAIL_REQUIRED],
      [{ n: 'Dr. A', e: 'not-an-email' }, VET_EMAIL_INVALID],
      [{ n: 'Dr. A', e: 'two@@example.test' }, VET_EMAIL_INVALID],
      [{ n: 'x'.repeat(101), e: 'a@b.example' }, VET_NAME_TOO_LONG],
      [{ n: 'Dr. A\r\nBcc: b@c.example', e: 'a@b.example' }, VET_NAME_ONE_LINE],
    ];
    for (const [args, message] of cases) expect((await gql(people.owner, SHARE, { u: mapleUuid, ...args })).error, JSON.stringify(args)).to.equal(message);
    expect((await gql(people.owner, SHARE, { u: mapleUuid, n: 'Dr. \u0000', e: 'a@b.example' })).error).to.equal('Invalid Arguments');
    expect((await gql(people.owner, SHARE, { u: 'not-a-uuid', n: 'Dr. A', e: 'a@b.example' })).error).to.equal('Invalid Arguments');
    expect(await state()).to.deep.equal(before);
  });

  it('refuses everyone but the owner: other owner, vets, admin, read-only impersonation, signed out', async () => {
    const before = await state();
    const args = { u: mapleUuid, n: 'Dr. A', e: 'a@b.example' };
    for (const [who, agent] of [['other owner', people.otherOwner], ['vet', people.vet], ['other vet', people.otherVet], ['admin', people.admin]] as const) {
      expect((await gql(agent, SHARE, args)).error, who).to.equal(NOT_AUTHORIZED);
      expect((await gql(agent, RESET, { u: mapleUuid })).error, who).to.equal(NOT_AUTHORIZED);
    }
    expect((await gql(people.readOnlyImpersonator, SHARE, args)).error).to.equal(READ_ONLY_IMPERSONATION);
    expect((await gql(signedOut(app), SHARE, args)).error).to.equal(PLEASE_LOG_IN);
    expect(await state()).to.deep.equal(before);
  });

  it("opens the dog's own report link until it is replaced, and never for a wrong token or a deleted dog", async () => {
    const own = (await gql(people.owner, PET, { n: biscuit })).data.me.petByPetNum.hashPetId as string;
    await pdf(`${REPORT}${own}`).expect(200);
    const next = (await gql(people.owner, RESET, { u: (await (await testDb())('pets').where({ pet_num: biscuit }).first('id')).id })).data.resetVetReportLink as string;
    expect(next).to.match(/^\/members\/reports\/print-vet-report-pdf\/[A-Za-z0-9_-]{43}$/);
    await pdf(`${REPORT}${own}`).expect(404);
    await pdf(next).expect(200);
    for (const wrong of ['nope', String(biscuit), 'A'.repeat(43), '%00', 'x'.repeat(5000)]) await pdf(`${REPORT}${wrong}`).expect((res) => expect(res.status, wrong).to.be.oneOf([400, 404]));
    const db = await testDb();
    await db('pets').where({ pet_num: biscuit }).update({ deleted_at: db.fn.now() });
    try {
      await pdf(next).expect(404);
    } finally {
      await db('pets').where({ pet_num: biscuit }).update({ deleted_at: null });
    }
  });

  it("puts the dog's name, top breed and every at-risk condition in the PDF", async () => {
    const db = await testDb();
    const condition = await db('health_results').join('health_conditions', 'health_conditions.id', 'health_results.health_condition_id').where({ pet_num: biscuit }).orderBy('health_conditions.name').first('health_conditions.id', 'health_conditions.name', 'health_results.call');
    await db('health_results').where({ pet_num: biscuit, health_condition_id: condition.id }).update({ call: 'at_risk' });
    const atRisk: string[] = await db('health_results').join('health_conditions', 'health_conditions.id', 'health_results.health_condition_id').where({ pet_num: biscuit, call: 'at_risk' }).pluck('health_conditions.name');
    const topBreed = await db('breed_mix_rows').join('breeds', 'breeds.id', 'breed_mix_rows.breed_id').where({ pet_num: biscuit }).orderBy('rank').first('breeds.name');
    const own = (await gql(people.owner, PET, { n: biscuit })).data.me.petByPetNum.hashPetId as string;
    const text = (await pdfText((await pdf(`${REPORT}${own}`).expect(200)).body)).replace(/\s+/g, ' ');
    expect(text).to.include('Embark vet report: Biscuit');
    expect(text).to.include(topBreed.name);
    expect(atRisk.length).to.be.greaterThan(0);
    for (const name of atRisk) expect(text, name).to.include(`At risk: ${name}`.replace(/\s+/g, ' '));
    expect(text).to.match(/Coefficient of inbreeding \d\.\d{4}/);
    expect(text).to.include('Swab id: SIMSWAB');
    await db('health_results').where({ pet_num: biscuit, health_condition_id: condition.id }).update({ call: condition.call });
  });

  it('shows the share accordion to the owner on summary and health only, and shares through the form without scripts', async () => {
    for (const page of ['summary', 'health']) {
      const html = (await people.owner.get(`/members/results/${page}?i=${maple}`).expect(200)).text;
      expect(html, page).to.include('id="share-with-vet"');
      expect(html, page).to.include(`data-copy-link-done="${VET_REPORT_LINK_COPIED}"`);
      expect(html, page).to.include('data-copy-link-ms="2000"');
      expect(html, page).to.include('Dr. Rivera');
    }
    expect((await people.owner.get(`/members/results/traits?i=${maple}`)).text).to.not.include('id="share-with-vet"');
    expect((await people.owner.get(`/members/results/summary?i=${maple}`)).text).to.include('<fieldset class="vet-share__controls">');
    // a sub-admin looking through the account sees the panel and the report, with every control disabled and why
    const viewed = (await people.readOnlyImpersonator.get(`/members/results/summary?i=${maple}`).expect(200)).text;
    expect(viewed).to.include('<fieldset class="vet-share__controls" disabled>').and.include(`${READ_ONLY_IMPERSONATION}: you can open the report, but not share, revoke or replace its link.`);
    expect((await people.admin.get(`/members/results/summary?i=${maple}`)).text).to.not.include('id="share-with-vet"');
    const token = await csrfToken(people.owner, `/members/results/health?i=${maple}`);
    const before = await state();
    const bad = await people.owner.post(`/members/vet-report/share?i=${maple}`).type('form').send({ _csrf: token, from: 'health', vetName: '', vetEmail: 'nope' }).expect(303);
    expect(bad.headers.location).to.equal(`/members/results/health?i=${maple}&vetShareError=name-required&vetShareError=email-invalid#share-with-vet`);
    expect((await people.owner.get(bad.headers.location.replace('#share-with-vet', ''))).text).to.include(VET_EMAIL_INVALID);
    expect(await state()).to.deep.equal(before);
    const sent = await people.owner.post(`/members/vet-report/share?i=${maple}`).type('form').send({ _csrf: token, from: 'health', vetName: 'Dr. Form', vetEmail: 'form@clinic.example' }).expect(303);
    expect(sent.headers.location).to.equal(`/members/results/health?i=${maple}&vetShare=sent#share-with-vet`);
    expect((await state()).shares).to.equal(before.shares + 1);
    const vetToken = await csrfToken(people.vet, '/help');
    await people.vet.post(`/members/vet-report/share?i=${maple}`).type('form').send({ _csrf: vetToken, vetName: 'Dr. X', vetEmail: 'x@clinic.example' }).expect(404);
    await people.otherOwner.post(`/members/vet-report/revoke?i=${maple}`).type('form').send({ _csrf: await csrfToken(people.otherOwner, '/help'), shareId: '1' }).expect(404);
    expect((await state()).shares).to.equal(before.shares + 1);
  });

  // last: it uses up the owner's shares for the hour
  it('refuses an owner who shared 10 times in the last hour, by GraphQL and by the form, in any app process, and sends nothing', async () => {
    const db = await testDb();
    const ownerId = (await db('users').where({ email: 'parent@demo.test' }).first('id')).id;
    // the shares this file made so far count; the rest alternate with another app process on the same database
    const elsewhere = await signInAsDemo(await testApp(), 'parent');
    for (let i = await pointsUsed(db, SHARES, ownerId); i < VET_SHARES_PER_HOUR; i++) {
      expect((await gql(i % 2 ? elsewhere : people.owner, SHARE, { u: mapleUuid, n: `Dr. ${i}`, e: `vet${i}@clinic.example` })).error).to.equal(undefined);
    }
    const before = await state();
    expect((await gql(people.owner, SHARE, { u: mapleUuid, n: 'Dr. Eleven', e: 'victim@example.org' })).error).to.equal(VET_SHARE_RATE_LIMITED);
    expect((await gql(elsewhere, SHARE, { u: mapleUuid, n: 'Dr. Twelve', e: 'victim@example.org' })).error).to.equal(VET_SHARE_RATE_LIMITED);
    const token = await csrfToken(people.owner, `/members/results/summary?i=${maple}`);
    const refused = await people.owner.post(`/members/vet-report/share?i=${maple}`).type('form').send({ _csrf: token, vetName: 'Dr. Form', vetEmail: 'victim@example.org' }).expect(303);
    expect(refused.headers.location).to.equal(`/members/results/summary?i=${maple}&vetShare=limited#share-with-vet`);
    expect((await people.owner.get(refused.headers.location.replace('#share-with-vet', ''))).text).to.include(VET_SHARE_RATE_LIMITED);
    expect(await state()).to.deep.equal(before);
    expect(await pointsUsed(db, SHARES, ownerId), 'a refused share counts nothing').to.equal(VET_SHARES_PER_HOUR);
    // other owners are not held back by it
    const otherPet = await db('pets').join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num').join('users', 'users.id', 'pet_owners.user_id').where('users.email', 'breeder@demo.test').whereNull('pets.deleted_at').first('pets.id');
    expect((await gql(people.otherOwner, SHARE, { u: otherPet.id, n: 'Dr. Other', e: 'other@clinic.example' })).error).to.equal(undefined);
    // an hour later the owner may share again
    await endWindows(db, SHARES);
    expect((await gql(people.owner, SHARE, { u: mapleUuid, n: 'Dr. Later', e: 'later@clinic.example' })).error).to.equal(undefined);
  });
});
