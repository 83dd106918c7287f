import { expect } from 'chai';
import type { Express } from 'express';
import { testDb } from '../../support/database.js';
import { testApp, csrfToken, type Agent } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import {
  CLIENT_EMAIL_INVALID,
  INVALID_ARGUMENTS,
  NOT_AUTHORIZED,
  PATIENT_NAME_REQUIRED,
  PATIENT_NOT_EDITABLE,
  PATIENT_NOTE_REQUIRED,
  PATIENT_NOTE_TOO_LONG,
  PLEASE_LOG_IN,
  READ_ONLY_IMPERSONATION,
} from '../../../server/shared/messages.js';
import { gql, signedOut, vetPeople, type VetPeople } from './people.js';

const DASHBOARD = '{ vetDashboardInfo { practice { name practicePetCount swabsOrderedCount petActivationCount practiceUsers { name isDVM } onboardingChecklist { key label status } } checklistProgress { completed total } transfersRequested transfersCompleted openCases } }';
const LIST = 'query($s: String, $l: Int, $o: Int) { listPracticePets(search: $s, limit: $l, offset: $o) { total pets { id petNum name clientName resultsStatus isEditableByPractice addedByPractice vetClientTransfer { requestedAt completedAt } } } }';
const ADD = 'mutation($p: PatientInput!) { addNewPatient(patient: $p) { id name sex clientName clientEmail patientEMRId isEditableByPractice } }';
const UPDATE = 'mutation($id: ID!, $p: PatientInput!) { updatePatient(patientId: $id, patient: $p) { id name clientName } }';
const RELEASE = 'mutation($id: ID!) { releasePetToClient(patientId: $id) { id vetClientTransfer { requestedAt completedAt } } }';
const CASE = 'mutation($id: ID!, $c: Boolean, $n: String, $nid: ID) { updatePatientCase(patientId: $id, caseCompleted: $c, patientNote: $n, patientNoteId: $nid) { id caseCompleted patientNotes { id body authorName } } }';
const DELETE_NOTE = 'mutation($id: ID!) { deletePatientNote(patientNoteId: $id) }';
const CHECKLIST = 'mutation($k: String!, $s: String!) { updatePracticeOnboardingChecklistStatus(itemKey: $k, status: $s) { checklistProgress { completed total } } }';

describe('vets: the practice dashboard over GraphQL, with the role matrix', function () {
  this.timeout(180_000);
  let app: Express;
  let people: VetPeople;
  let vetImpersonator: Agent;
  const patientId = async (name: string) => String((await (await testDb())('practice_patients').join('pets', 'pets.pet_num', 'practice_patients.pet_num').where('pets.name', name).first('practice_patients.id')).id);
  const snapshot = async () => {
    const db = await testDb();
    return {
      patients: await db('practice_patients').orderBy('id').select('id', 'practice_id', 'pet_num', 'client_name', 'client_email', 'case_completed', 'vet_client_transfer_requested_at', 'vet_client_transfer_completed_at'),
      notes: await db('practice_patient_notes').orderBy('id').select('id', 'body'),
      checklist: await db('practice_onboarding_statuses').orderBy(['practice_id', 'item_key']).select('practice_id', 'item_key', 'status'),
      pets: await db('pets').orderBy('pet_num').select('pet_num', 'name', 'sex'),
      owners: await db('pet_owners').orderBy(['pet_num', 'user_id']).select('pet_num', 'user_id'),
      outbox: (await db('outbox').count({ n: '*' }))[0].n,
    };
  };

  before(async () => {
    await resetToDemoData();
    app = await testApp();
    people = await vetPeople(app);
    vetImpersonator = await signInAsDemo(app, 'subadmin');
    const token = await csrfToken(vetImpersonator, '/cs/impersonate');
    await vetImpersonator.post('/cs/impersonate').type('form').send({ email: 'vet@demo.test', _csrf: token }).expect(302);
  });

  it("gives the vet the practice's dashboard: counts, the seven checklist items and their progress", async () => {
    const { data, error } = await gql(people.vet, DASHBOARD);
    expect(error).to.equal(undefined);
    const info = data.vetDashboardInfo;
    expect(info.practice).to.deep.include({ name: 'Riverside Animal Hospital', practicePetCount: 4, swabsOrderedCount: 1 });
    expect(info.practice.practiceUsers).to.deep.equal([{ name: 'Dr. Val Vet', isDVM: true }]);
    expect(info.practice.onboardingChecklist.map((item: { label: string }) => item.label)).to.deep.equal([
      'Place first order', 'Test first patient', 'Receive first results', 'Assign staff champion', 'Talk about genetic testing', 'Learn to use dashboard', 'Connect with success manager',
    ]);
    expect(info.checklistProgress).to.deep.equal({ completed: 2, total: 7 });
    expect(info).to.include({ transfersRequested: 1, transfersCompleted: 0, openCases: 4 });
    expect((await gql(vetImpersonator, DASHBOARD)).data.vetDashboardInfo.practice.name).to.equal('Riverside Animal Hospital');
    expect((await gql(people.otherVet, DASHBOARD)).data.vetDashboardInfo.practice.practicePetCount).to.equal(0);
    for (const agent of [people.owner, people.otherOwner, people.admin, people.readOnlyImpersonator]) expect((await gql(agent, DASHBOARD)).error).to.equal(NOT_AUTHORIZED);
    expect((await gql(signedOut(app), DASHBOARD)).error).to.equal(PLEASE_LOG_IN);
  });

  it("gives each patient who ordered its swab, with their DVM flag, and whether it is a vet affiliate; to the practice only (issue 36 \u00a719)", async () => {
    const ORDERED = '{ listPracticePets { pets { name swabOrderedBy { name isDVM } isVetAffiliate } } }';
    const db = await testDb();
    const pepper = db('practice_patients').whereIn('pet_num', db('pets').where('name', 'Pepper').select('pet_num'));
    const [before] = await pepper.clone().select('swab_ordered_by_name', 'swab_ordered_by_is_dvm', 'is_vet_affiliate');
    await pepper.clone().update({ swab_ordered_by_name: 'Sam Tech', swab_ordered_by_is_dvm: false, is_vet_affiliate: true });
    const pets = (await gql(people.vet, ORDERED)).data.listPracticePets.pets;
    await pepper.clone().update(before);
    expect(pets).to.deep.equal([
      { name: 'Biscuit', swabOrderedBy: null, isVetAffiliate: false },
      { name: 'Otis', swabOrderedBy: { name: 'Dr. Val Vet', isDVM: true }, isVetAffiliate: false },
      { name: 'Pepper', swabOrderedBy: { name: 'Sam Tech', isDVM: false }, isVetAffiliate: true },
      { name: 'Rufus', swabOrderedBy: { name: 'Dr. Val Vet', isDVM: true }, isVetAffiliate: false },
    ]);
    expect((await gql(people.otherVet, ORDERED)).data.listPracticePets.pets).to.deep.equal([]);
    for (const agent of [people.owner, people.otherOwner, people.admin, people.readOnlyImpersonator]) expect((await gql(agent, ORDERED)).error).to.equal(NOT_AUTHORIZED);
    expect((await gql(signedOut(app), ORDERED)).error).to.equal(PLEASE_LOG_IN);
  });

  it('lists the patients, not dogs the vet owns, with search and paging', async () => {
    expect(await (await testDb())('pet_owners').join('users', 'users.id', 'pet_owners.user_id').where('users.email', 'vet@demo.test')).to.deep.equal([]);
    const all = (await gql(people.vet, LIST, {})).data.listPracticePets;
    expect(all.total).to.equal(4);
    expect(all.pets.map((p: { name: string }) => p.name)).to.deep.equal(['Biscuit', 'Otis', 'Pepper', 'Rufus']);
    expect(all.pets[0]).to.include({ isEditableByPractice: false, addedByPractice: false, resultsStatus: 'Results ready' });
    expect(all.pets[1].vetClientTransfer.requestedAt).to.be.a('string');
    expect((await gql(people.vet, LIST, { s: ' OTIS ' })).data.listPracticePets.pets.map((p: { name: string }) => p.name)).to.deep.equal(['Otis']);
    expect((await gql(people.vet, LIST, { s: 'morgan@client' })).data.listPracticePets.pets.map((p: { name: string }) => p.name)).to.deep.equal(['Pepper']);
    expect((await gql(people.vet, LIST, { s: 'RAH-1001' })).data.listPracticePets.pets.map((p: { name: string }) => p.name)).to.deep.equal(['Biscuit']);
    expect((await gql(people.vet, LIST, { s: '%' })).data.listPracticePets.total).to.equal(0);
    const page = (await gql(people.vet, LIST, { l: 2, o: 2 })).data.listPracticePets;
    expect(page).to.deep.include({ total: 4 });
    expect(page.pets.map((p: { name: string }) => p.name)).to.deep.equal(['Pepper', 'Rufus']);
    for (const bad of [{ l: 0 }, { l: 101 }, { o: -1 }, { l: 'x' }]) expect((await gql(people.vet, LIST, bad)).error, JSON.stringify(bad)).to.equal(INVALID_ARGUMENTS);
    expect((await gql(people.otherVet, LIST, {})).data.listPracticePets).to.deep.equal({ total: 0, pets: [] });
    for (const agent of [people.owner, people.admin]) expect((await gql(agent, LIST, {})).error).to.equal(NOT_AUTHORIZED);
  });

  it('adds a patient sent 20 times at once 20 times, each with a handle of its own, and no server error (issue 30)', async () => {
    const sent = await Promise.all(Array.from({ length: 20 }, () => gql(people.vet, ADD, { p: { name: 'Echo', sex: 'm', clientName: 'Robin Client', clientEmail: 'robin@client.example' } })));
    expect(sent.map((result) => result.error)).to.deep.equal(Array(20).fill(undefined));
    const handles = await (await testDb())('pets').where({ name: 'Echo' }).pluck('handle');
    expect(new Set(handles).size).to.equal(20);
  });

  it('adds and updates a patient the practice registers, and never edits a client’s dog', async () => {
    const added = await gql(people.vet, ADD, { p: { name: ' Scout ', sex: 'f', clientName: 'Robin Client', clientEmail: 'Robin@Client.example', patientEmrId: 'RAH-2000' } });
    expect(added.error).to.equal(undefined);
    expect(added.data.addNewPatient).to.deep.include({ name: 'Scout', sex: 'f', clientEmail: 'robin@client.example', patientEMRId: 'RAH-2000', isEditableByPractice: true });
    const id = added.data.addNewPatient.id;
    const pet = await (await testDb())('practice_patients').join('pets', 'pets.pet_num', 'practice_patients.pet_num').where('practice_patients.id', id).first('pets.pet_num', 'pets.privacy');
    expect(pet.privacy).to.equal('private');
    expect(await (await testDb())('pet_owners').where({ pet_num: pet.pet_num })).to.deep.equal([]);
    const updated = await gql(people.vet, UPDATE, { id, p: { name: 'Scout II', clientName: 'Robin C.' } });
    expect(updated.data.updatePatient).to.deep.include({ name: 'Scout II', clientName: 'Robin C.' });

    const before = await snapshot();
    expect((await gql(people.vet, ADD, { p: { name: '  ' } })).error).to.equal(PATIENT_NAME_REQUIRED);
    expect((await gql(people.vet, ADD, { p: { name: 'Ace', clientEmail: 'nope' } })).error).to.equal(CLIENT_EMAIL_INVALID);
    expect((await gql(people.vet, ADD, { p: { name: 'Ace\u0000' } })).error).to.equal(INVALID_ARGUMENTS);
    expect((await gql(people.vet, UPDATE, { id: await patientId('Biscuit'), p: { name: 'Mine now' } })).error).to.equal(PATIENT_NOT_EDITABLE);
    for (const bad of ['abc', '-1', '99999999999', '1.5']) expect((await gql(people.vet, UPDATE, { id: bad, p: { name: 'X' } })).error, bad).to.equal(INVALID_ARGUMENTS);
    expect((await gql(people.vet, UPDATE, { id: '999999', p: { name: 'X' } })).error).to.equal(NOT_AUTHORIZED);
    for (const agent of [people.owner, people.otherOwner, people.otherVet, people.admin]) expect((await gql(agent, UPDATE, { id, p: { name: 'Taken' } })).error).to.equal(NOT_AUTHORIZED);
    for (const agent of [people.owner, people.otherOwner, people.admin]) expect((await gql(agent, ADD, { p: { name: 'Taken' } })).error).to.equal(NOT_AUTHORIZED);
    expect((await gql(vetImpersonator, ADD, { p: { name: 'Taken' } })).error).to.equal(READ_ONLY_IMPERSONATION);
    expect((await gql(signedOut(app), ADD, { p: { name: 'Taken' } })).error).to.equal(PLEASE_LOG_IN);
    expect(await snapshot()).to.deep.equal(before);
  });

  it('adds, edits and deletes case notes and completes the case; refuses bad notes and other practices', async () => {
    const otis = await patientId('Otis');
    const added = await gql(people.vet, CASE, { id: otis, n: 'Hip scoring booked.' });
    expect(added.data.updatePatientCase.patientNotes).to.deep.equal([{ id: added.data.updatePatientCase.patientNotes[0].id, body: 'Hip scoring booked.', authorName: 'Dr. Val Vet' }]);
    const noteId = added.data.updatePatientCase.patientNotes[0].id;
    const edited = await gql(people.vet, CASE, { id: otis, n: 'Hip scoring done: fair.', nid: noteId, c: true });
    expect(edited.data.updatePatientCase).to.deep.include({ caseCompleted: true });
    expect(edited.data.updatePatientCase.patientNotes[0].body).to.equal('Hip scoring done: fair.');

    const before = await snapshot();
    expect((await gql(people.vet, CASE, { id: otis, n: '   ' })).error).to.equal(PATIENT_NOTE_REQUIRED);
    expect((await gql(people.vet, CASE, { id: otis, n: 'x'.repeat(5001) })).error).to.equal(PATIENT_NOTE_TOO_LONG);
    expect((await gql(people.vet, CASE, { id: otis, n: 'bad \u0000 byte' })).error).to.equal(INVALID_ARGUMENTS);
    const huge = await people.vet.post('/graphql').set('x-csrf-token', await csrfToken(people.vet, '/help')).set('accept', 'application/json').send({ query: CASE, variables: { id: otis, n: 'x'.repeat(1024 * 1024) } });
    expect(huge.status).to.equal(413);
    expect((await gql(people.vet, CASE, { id: await patientId('Pepper'), n: 'moved', nid: noteId })).error).to.equal(NOT_AUTHORIZED);
    expect((await gql(people.vet, CASE, { id: otis, nid: noteId })).error).to.equal(INVALID_ARGUMENTS);
    for (const agent of [people.owner, people.otherVet, people.admin]) {
      expect((await gql(agent, CASE, { id: otis, n: 'not mine' })).error).to.equal(NOT_AUTHORIZED);
      expect((await gql(agent, DELETE_NOTE, { id: noteId })).error).to.equal(NOT_AUTHORIZED);
    }
    expect((await gql(vetImpersonator, DELETE_NOTE, { id: noteId })).error).to.equal(READ_ONLY_IMPERSONATION);
    expect(await snapshot()).to.deep.equal(before);

    const deleted = await gql(people.vet, DELETE_NOTE, { id: noteId });
    expect(deleted.error).to.equal(undefined);
    expect(deleted.data.deletePatientNote).to.equal(true);
    expect((await gql(people.vet, DELETE_NOTE, { id: noteId })).error).to.equal(NOT_AUTHORIZED);
    expect((await gql(people.vet, DELETE_NOTE, { id: 'x' })).error).to.equal(INVALID_ARGUMENTS);
  });

  it('releases a patient to its client by e-mail, and the client adds the dog to their account with the link', async () => {
    const pepper = await patientId('Pepper');
    const released = await gql(people.vet, RELEASE, { id: pepper });
    expect(released.data.releasePetToClient.vetClientTransfer.requestedAt).to.be.a('string');
    const db = await testDb();
    const mail = await db('outbox').where({ template: 'vet-client-transfer' }).orderBy('id', 'desc').first();
    expect(mail.to_address).to.equal('morgan@client.demo.test');
    const token = mail.payload.token as string;
    await signedOut(app).get(`/patient-transfer/${token}`).expect(200);
    await signedOut(app).get('/patient-transfer/not-a-real-token-at-all-000').expect(404);

    await signedOut(app).post('/signup').type('form').send({});
    const client = (await import('supertest')).default.agent(app);
    const signupToken = await csrfToken(client, '/signup');
    await client.post('/signup').type('form').send({ name: 'Morgan Client', email: 'morgan@client.demo.test', password: 'secret-pass', _csrf: signupToken }).expect(302);
    const page = await client.get(`/patient-transfer/${token}`).expect(200);
    expect(page.text).to.include('Pepper');
    await client.post(`/patient-transfer/${token}`).type('form').send({ _csrf: await csrfToken(client, `/patient-transfer/${token}`) }).expect(303);
    const pet = await db('practice_patients').where({ id: pepper }).first('pet_num', 'vet_client_transfer_completed_at');
    expect(pet.vet_client_transfer_completed_at).to.not.equal(null);
    expect(await db('pet_owners').join('users', 'users.id', 'pet_owners.user_id').where({ pet_num: pet.pet_num }).pluck('users.email')).to.deep.equal(['morgan@client.demo.test']);
    await client.get(`/patient-transfer/${token}`).expect(404);
    // The client's dog now: the practice reads it and can no longer change it.
    expect((await gql(people.vet, UPDATE, { id: pepper, p: { name: 'Renamed' } })).error).to.equal(PATIENT_NOT_EDITABLE);
    expect((await gql(people.vet, RELEASE, { id: pepper })).error).to.equal(PATIENT_NOT_EDITABLE);
    expect((await gql(people.vet, RELEASE, { id: await patientId('Biscuit') })).error).to.equal(PATIENT_NOT_EDITABLE);
    expect((await gql(people.otherVet, RELEASE, { id: await patientId('Rufus') })).error).to.equal(NOT_AUTHORIZED);
    expect((await gql(people.owner, RELEASE, { id: await patientId('Rufus') })).error).to.equal(NOT_AUTHORIZED);
    const info = (await gql(people.vet, DASHBOARD)).data.vetDashboardInfo;
    expect(info).to.include({ transfersCompleted: 1 });
  });

  it('ticks onboarding checklist items for the practice only', async () => {
    const done = await gql(people.vet, CHECKLIST, { k: 'assign_staff_champion', s: 'completed' });
    expect(done.data.updatePracticeOnboardingChecklistStatus.checklistProgress).to.deep.equal({ completed: 3, total: 7 });
    const other = await gql(people.otherVet, CHECKLIST, { k: 'assign_staff_champion', s: 'completed' });
    expect(other.data.updatePracticeOnboardingChecklistStatus.checklistProgress).to.deep.equal({ completed: 1, total: 7 });
    const before = await snapshot();
    expect((await gql(people.vet, CHECKLIST, { k: 'make_coffee', s: 'completed' })).error).to.equal(INVALID_ARGUMENTS);
    expect((await gql(people.vet, CHECKLIST, { k: 'assign_staff_champion', s: 'done' })).error).to.equal(INVALID_ARGUMENTS);
    for (const agent of [people.owner, people.admin]) expect((await gql(agent, CHECKLIST, { k: 'assign_staff_champion', s: 'skipped' })).error).to.equal(NOT_AUTHORIZED);
    expect((await gql(vetImpersonator, CHECKLIST, { k: 'assign_staff_champion', s: 'skipped' })).error).to.equal(READ_ONLY_IMPERSONATION);
    expect(await snapshot()).to.deep.equal(before);
  });
});
