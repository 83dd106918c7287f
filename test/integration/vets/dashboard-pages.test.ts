import { expect } from 'chai';
import type { Express } from 'express';
import { testDb } from '../../support/database.js';
import { testApp, csrfToken } from '../../support/app.js';
import { resetToDemoData } from '../../support/demo.js';
import { PATIENT_NOTE_REQUIRED } from '../../../server/shared/messages.js';
import { binaryParser, pdfText, vetPeople, type VetPeople } from './people.js';

describe('vets: the practice dashboard pages and their forms', function () {
  this.timeout(180_000);
  let app: Express;
  let people: VetPeople;
  const patientId = async (name: string) => (await (await testDb())('practice_patients').join('pets', 'pets.pet_num', 'practice_patients.pet_num').where('pets.name', name).first('practice_patients.id')).id as number;
  const notes = async () => (await testDb())('practice_patient_notes').orderBy('id').select('id', 'body');

  before(async () => {
    await resetToDemoData();
    app = await testApp();
    people = await vetPeople(app);
  });

  it("shows a vet the practice's patients, counts and checklist at /members; owners keep their dog list", async () => {
    const html = (await people.vet.get('/members').expect(200)).text;
    expect(html).to.include('Riverside Animal Hospital');
    expect(html).to.include('My Patients');
    for (const name of ['Biscuit', 'Otis', 'Pepper', 'Rufus']) expect(html, name).to.include(`data-patient="${name}"`);
    expect(html).to.include('shared by client');
    expect(html).to.match(/data-stat="transfers-requested">1</);
    expect(html).to.include('2 of 7 done');
    expect((html.match(/data-checklist-item=/g) ?? []).length).to.equal(7);
    const search = (await people.vet.get('/members?q=pep').expect(200)).text;
    expect(search).to.include('data-patient="Pepper"').and.not.include('data-patient="Otis"');
    const owner = (await people.owner.get('/members').expect(200)).text;
    expect(owner).to.include('My Dogs').and.not.include('data-checklist-item');
    expect((await people.otherVet.get('/members').expect(200)).text).to.include('No patients yet');
  });

  it('pages through the patients ten at a time', async () => {
    const db = await testDb();
    const practice = await db('vet_practices').where({ name: 'Riverside Animal Hospital' }).first('id');
    for (let i = 0; i < 8; i++) {
      const [{ pet_num: petNum }] = await db('pets').insert({ name: `Zed ${i}`, handle: `zed-page-${i}` }).returning('pet_num');
      await db('practice_patients').insert({ practice_id: practice.id, pet_num: petNum, added_by_practice: true });
    }
    const first = (await people.vet.get('/members').expect(200)).text;
    expect(first).to.include('Showing 1–10 of 12').and.include('rel="next"');
    const second = (await people.vet.get('/members?page=2').expect(200)).text;
    expect(second).to.include('Showing 11–12 of 12').and.include('data-patient="Zed 7"');
    await people.vet.get('/members?page=abc').expect(200);
  });

  it('adds a note, edits and deletes it, completes the case and ticks a checklist item through forms', async () => {
    const otis = await patientId('Otis');
    const page = (await people.vet.get(`/members/patients/${otis}`).expect(200)).text;
    expect(page).to.include('Send the invitation again').and.include('Requested ');
    const token = await csrfToken(people.vet, `/members/patients/${otis}`);
    await people.vet.post(`/members/patients/${otis}/notes`).type('form').send({ _csrf: token, patientNote: 'Bloods normal.' }).expect(303).expect('Location', `/members/patients/${otis}?notice=noted`);
    const note = (await notes()).find((n) => n.body === 'Bloods normal.')!;
    await people.vet.post(`/members/patients/${otis}/notes/${note.id}`).type('form').send({ _csrf: token, patientNote: 'Bloods normal; recheck in 6 months.' }).expect(303);
    expect((await people.vet.get(`/members/patients/${otis}`)).text).to.include('Bloods normal; recheck in 6 months.');
    const blank = await people.vet.post(`/members/patients/${otis}/notes`).type('form').send({ _csrf: token, patientNote: '  ' }).expect(303);
    expect((await people.vet.get(blank.headers.location)).text).to.include(PATIENT_NOTE_REQUIRED);
    await people.vet.post(`/members/patients/${otis}/case`).type('form').send({ _csrf: token, caseCompleted: 'true' }).expect(303);
    expect((await people.vet.get(`/members/patients/${otis}`)).text).to.include('Reopen the case');
    // the note is Otis's: deleting it from another patient's page is refused
    await people.vet.post(`/members/patients/${await patientId('Pepper')}/notes/${note.id}/delete`).type('form').send({ _csrf: token }).expect(404);
    expect((await notes()).some((n) => n.id === note.id)).to.equal(true);
    await people.vet.post(`/members/patients/${otis}/notes/${note.id}/delete`).type('form').send({ _csrf: token }).expect(303);
    expect((await notes()).some((n) => n.id === note.id)).to.equal(false);
    await people.vet.post('/members/practice/checklist').type('form').send({ _csrf: token, itemKey: 'learn_to_use_dashboard', status: 'completed' }).expect(303);
    expect((await people.vet.get('/members')).text).to.include('3 of 7 done');
    await people.vet.post('/members/practice/checklist').type('form').send({ _csrf: token, itemKey: 'nope', status: 'completed' }).expect(400);
  });

  it('refuses other practices, owners and admins, bad ids and huge or NUL notes, changing nothing', async () => {
    const otis = await patientId('Otis');
    const before = await notes();
    for (const agent of [people.otherVet, people.owner, people.admin]) {
      await agent.get(`/members/patients/${otis}`).expect(404);
      const token = await csrfToken(agent, '/help');
      await agent.post(`/members/patients/${otis}/notes`).type('form').send({ _csrf: token, patientNote: 'not mine' }).expect(404);
    }
    const token = await csrfToken(people.vet, '/help');
    await people.vet.get('/members/patients/abc').expect(404);
    await people.vet.post('/members/patients/abc/notes').type('form').send({ _csrf: token, patientNote: 'x' }).expect(400);
    await people.vet.post('/members/patients/99999/notes').type('form').send({ _csrf: token, patientNote: 'x' }).expect(404);
    await people.vet.post(`/members/patients/${otis}/notes`).type('form').send({ _csrf: token, patientNote: 'x'.repeat(1024 * 1024) }).expect(413);
    await people.vet.post(`/members/patients/${otis}/notes`).type('form').send({ _csrf: token, patientNote: 'nul \u0000 here' }).expect(400);
    const biscuit = await patientId('Biscuit');
    const edit = await people.vet.post(`/members/patients/${biscuit}`).type('form').send({ _csrf: token, name: 'Mine' }).expect(303);
    expect(edit.headers.location).to.equal(`/members/patients/${biscuit}?error=4`);
    await people.readOnlyImpersonator.post(`/members/patients/${otis}/notes`).type('form').send({ _csrf: await csrfToken(people.readOnlyImpersonator, '/help'), patientNote: 'x' }).expect(303).expect('Location', '/members/forbidden/read-only-account');
    expect(await notes()).to.deep.equal(before);
    expect((await (await testDb())('pets').join('practice_patients', 'practice_patients.pet_num', 'pets.pet_num').where('practice_patients.id', biscuit).first('pets.name')).name).to.equal('Biscuit');
  });

  it("gives the practice's vets a patient's vet report, and nobody else", async () => {
    const biscuit = await patientId('Biscuit');
    const pdf = await people.vet.get(`/members/patients/${biscuit}/vet-report.pdf?paper=a4`).buffer(true).parse(binaryParser as never).expect(200);
    expect(pdf.headers['content-type']).to.equal('application/pdf');
    expect(await pdfText(pdf.body)).to.include('Embark vet report: Biscuit');
    for (const agent of [people.otherVet, people.owner, people.admin]) await agent.get(`/members/patients/${biscuit}/vet-report.pdf`).expect(404);
    await people.vet.get('/members/patients/0/vet-report.pdf').expect(404);
  });

  it('adds a patient through the form and opens its page', async () => {
    const token = await csrfToken(people.vet, '/members');
    const added = await people.vet.post('/members/patients').type('form').send({ _csrf: token, name: 'Juno', sex: 'f', clientName: 'Ari Client', clientEmail: 'ari@client.example' }).expect(303);
    expect(added.headers.location).to.match(/^\/members\/patients\/\d+\?notice=added$/);
    const page = (await people.vet.get(added.headers.location).expect(200)).text;
    expect(page).to.include('<h1>Juno</h1>').and.include('Release to client');
    const bad = await people.vet.post('/members/patients').type('form').send({ _csrf: token, name: '', clientEmail: 'x' }).expect(303);
    expect(bad.headers.location).to.equal('/members?error=2#add-patient');
  });
});
