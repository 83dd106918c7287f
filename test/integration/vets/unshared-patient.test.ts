// QA finding (issue 13): a client who stops sharing their dog with a practice must not take the
// practice's case notes with it. The dog stays on the dashboard as no longer shared: notes kept and
// readable, results, report and writes refused; sharing again brings it all back.
import { expect } from 'chai';
import type { Express } from 'express';
import { testDb } from '../../support/database.js';
import { csrfToken } from '../../support/app.js';
import { demoPopulation, ownedPetNum } from '../results/population.js';
import { DOG_NOT_FOUND, NOT_AUTHORIZED } from '../../../server/shared/messages.js';
import { PATIENT_NO_LONGER_SHARED, PATIENT_NOT_SHARED_ANY_MORE, revokeShareWarning, unsharedPatientText } from '../../../server/shared/vets-rules.js';
import { gql, vetPeople, type VetPeople } from './people.js';

const SHARE = 'mutation($u: ID!, $n: String!, $e: String!) { shareResultsWithVet(petUuid: $u, vetName: $n, vetEmail: $e) { id practiceName } }';
const LIST = 'query($s: String) { listPracticePets(search: $s) { total pets { id name resultsStatus isShared unsharedAt reportUrl notesCount patientNotes { body } } } }';
const DASHBOARD = '{ vetDashboardInfo { practice { practicePetCount } openCases } }';
const CASE = 'mutation($id: ID!, $c: Boolean, $n: String, $nid: ID) { updatePatientCase(patientId: $id, caseCompleted: $c, patientNote: $n, patientNoteId: $nid) { id patientNotes { body } } }';
const DELETE_NOTE = 'mutation($id: ID!) { deletePatientNote(patientNoteId: $id) }';
const PET = 'query($n: Int!) { me { petByPetNum(petNum: $n) { name } } }';
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;');

describe('vets: a dog its client stops sharing keeps the practice\u2019s case notes', function () {
  this.timeout(240_000);
  let app: Express;
  let people: VetPeople;
  let maple: number;
  let mapleUuid: string;
  let patientId: string;
  let shareId: string;

  const notes = async () => (await testDb())('practice_patient_notes').where({ practice_patient_id: Number(patientId) }).orderBy('id').select('id', 'body');
  const mapleOnList = async () => (await gql(people.vet, LIST, { s: 'Maple' })).data.listPracticePets.pets.find((p: { id: string }) => p.id === patientId);
  const revokeAll = async () => {
    const token = await csrfToken(people.owner, `/members/results/summary?i=${maple}`);
    await people.owner.post(`/members/vet-report/revoke?i=${maple}`).type('form').send({ _csrf: token, shareId }).expect(303).expect('Location', /vetShare=revoked/);
  };

  before(async () => {
    app = await demoPopulation();
    people = await vetPeople(app);
    maple = await ownedPetNum('parent@demo.test', 'Maple');
    mapleUuid = (await (await testDb())('pets').where({ pet_num: maple }).first('id')).id;
    const shared = await gql(people.owner, SHARE, { u: mapleUuid, n: 'Dr. Val', e: 'vet@demo.test' });
    expect(shared.data.shareResultsWithVet.practiceName).to.equal('Riverside Animal Hospital');
    shareId = shared.data.shareResultsWithVet.id;
    patientId = String((await (await testDb())('practice_patients').where({ pet_num: maple }).first('id')).id);
    const noted = await gql(people.vet, CASE, { id: patientId, n: 'Grade 2 murmur; recheck in 6 months.' });
    expect(noted.error).to.equal(undefined);
  });

  it('warns the owner, before revoking, that the practice keeps its own notes', async () => {
    const page = await people.owner.get(`/members/results/summary?i=${maple}`).expect(200);
    expect(page.text).to.contain(escapeHtml(revokeShareWarning('Maple', 'Riverside Animal Hospital')));
    expect(page.text).to.not.contain('with their notes');
  });

  it('keeps the practice\u2019s record and notes when the last share is revoked, and refuses the dog\u2019s results and report', async () => {
    const before = await gql(people.vet, DASHBOARD);
    await revokeAll();
    const db = await testDb();
    const record = await db('practice_patients').where({ id: Number(patientId) }).first('pet_num', 'unshared_at');
    expect(record.pet_num).to.equal(maple);
    expect(record.unshared_at).to.be.an.instanceOf(Date);
    expect((await notes()).map((n) => n.body)).to.deep.equal(['Grade 2 murmur; recheck in 6 months.']);

    // results and report: answered as for any dog the practice does not have (404, not found)
    await people.vet.get(`/members/results/summary?i=${maple}`).expect(404);
    await people.vet.get(`/members/results/health?i=${maple}`).expect(404);
    const report = await people.vet.get(`/members/patients/${patientId}/vet-report.pdf`).expect(404);
    expect(report.text).to.contain(DOG_NOT_FOUND);
    expect((await gql(people.vet, PET, { n: maple })).data?.me?.petByPetNum ?? null).to.equal(null);

    // still on the list, as no longer shared, with its notes
    const listed = await mapleOnList();
    expect(listed).to.deep.include({ name: 'Maple', resultsStatus: PATIENT_NO_LONGER_SHARED, isShared: false, reportUrl: null, notesCount: 1 });
    expect(listed.unsharedAt).to.be.a('string');
    expect(listed.patientNotes).to.deep.equal([{ body: 'Grade 2 murmur; recheck in 6 months.' }]);
    // no longer an open case of the practice, still one of its records
    const after = await gql(people.vet, DASHBOARD);
    expect(after.data.vetDashboardInfo.openCases).to.equal(before.data.vetDashboardInfo.openCases - 1);
    expect(after.data.vetDashboardInfo.practice.practicePetCount).to.equal(before.data.vetDashboardInfo.practice.practicePetCount);
  });

  it('shows the dog on the dashboard and its page as no longer shared, the notes readable and nothing to change', async () => {
    const dashboard = await people.vet.get('/members').expect(200);
    const row = dashboard.text.match(/<tr data-patient="Maple"[^>]*>[\s\S]*?<\/tr>/)![0];
    expect(row).to.contain('data-unshared').and.contain(PATIENT_NO_LONGER_SHARED);
    expect(row).to.not.contain(`/members/results/summary?i=${maple}`).and.not.contain('shared by client');

    const page = await people.vet.get(`/members/patients/${patientId}`).expect(200);
    expect(page.text).to.contain(escapeHtml(unsharedPatientText('Maple')));
    expect(page.text).to.contain('Grade 2 murmur; recheck in 6 months.');
    for (const gone of [`/members/results/summary?i=${maple}`, 'vet-report.pdf', `action="/members/patients/${patientId}/notes"`, `action="/members/patients/${patientId}/case"`, '/delete"']) expect(page.text, gone).to.not.contain(gone);
  });

  it('refuses new notes, edits and deletions, over forms and GraphQL, and keeps the notes as they were', async () => {
    const [note] = await notes();
    const token = await csrfToken(people.vet, `/members/patients/${patientId}`);
    const added = await people.vet.post(`/members/patients/${patientId}/notes`).type('form').send({ _csrf: token, patientNote: 'Sneaked in.' }).expect(303);
    const refusedPage = await people.vet.get(added.headers.location).expect(200);
    expect(refusedPage.text).to.contain(escapeHtml(PATIENT_NOT_SHARED_ANY_MORE));
    expect(added.headers.location).to.match(new RegExp(`^/members/patients/${patientId}\\?error=\\d+$`));
    await people.vet.post(`/members/patients/${patientId}/notes/${note.id}`).type('form').send({ _csrf: token, patientNote: 'Rewritten.' }).expect(303);
    await people.vet.post(`/members/patients/${patientId}/notes/${note.id}/delete`).type('form').send({ _csrf: token }).expect(303);
    await people.vet.post(`/members/patients/${patientId}/case`).type('form').send({ _csrf: token, caseCompleted: 'true' }).expect(303);

    expect((await gql(people.vet, CASE, { id: patientId, n: 'Another.' })).error).to.equal(PATIENT_NOT_SHARED_ANY_MORE);
    expect((await gql(people.vet, CASE, { id: patientId, n: 'Rewritten.', nid: String(note.id) })).error).to.equal(PATIENT_NOT_SHARED_ANY_MORE);
    expect((await gql(people.vet, DELETE_NOTE, { id: String(note.id) })).error).to.equal(PATIENT_NOT_SHARED_ANY_MORE);
    // another practice still finds nothing there
    expect((await gql(people.otherVet, DELETE_NOTE, { id: String(note.id) })).error).to.equal(NOT_AUTHORIZED);

    expect(await notes()).to.deep.equal([note]);
    expect((await (await testDb())('practice_patients').where({ id: Number(patientId) }).first('case_completed')).case_completed).to.equal(false);
  });

  it('brings the dog back with its notes when the client shares it again', async () => {
    const again = await gql(people.owner, SHARE, { u: mapleUuid, n: 'Dr. Val', e: 'vet@demo.test' });
    expect(again.error).to.equal(undefined);
    shareId = again.data.shareResultsWithVet.id;
    const listed = await mapleOnList();
    expect(listed).to.deep.include({ isShared: true, unsharedAt: null, reportUrl: `/members/patients/${patientId}/vet-report.pdf`, notesCount: 1 });
    expect(listed.resultsStatus).to.not.equal(PATIENT_NO_LONGER_SHARED);
    expect(listed.patientNotes).to.deep.equal([{ body: 'Grade 2 murmur; recheck in 6 months.' }]);
    await people.vet.get(`/members/results/summary?i=${maple}`).expect(200);
    await people.vet.get(`/members/patients/${patientId}/vet-report.pdf`).expect(200);
    const page = await people.vet.get(`/members/patients/${patientId}`).expect(200);
    expect(page.text).to.contain('Grade 2 murmur; recheck in 6 months.').and.contain(`action="/members/patients/${patientId}/notes"`).and.not.contain('data-unshared');
    const added = await gql(people.vet, CASE, { id: patientId, n: 'Seen again after the client shared.' });
    expect(added.data.updatePatientCase.patientNotes.map((n: { body: string }) => n.body)).to.deep.equal(['Seen again after the client shared.', 'Grade 2 murmur; recheck in 6 months.']);
  });

  it('keeps the record and notes through a second revoke: the same record, never a second one', async () => {
    await revokeAll();
    const rows = await (await testDb())('practice_patients').where({ pet_num: maple }).select('id', 'unshared_at');
    expect(rows).to.have.length(1);
    expect(String(rows[0].id)).to.equal(patientId);
    expect(rows[0].unshared_at).to.be.an.instanceOf(Date);
    expect(await notes()).to.have.length(2);
    await people.vet.get(`/members/results/summary?i=${maple}`).expect(404);
  });
});
