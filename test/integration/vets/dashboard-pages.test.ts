import { expect } from 'chai';
import type { Express } from 'express';
import { testDb } from '../../support/database.js';
import { testApp, csrfToken, signIn } from '../../support/app.js';
import { resetToDemoData } from '../../support/demo.js';
import { attrOf, invalidFields, selectedOf, tagById, textOf } from './html.js';
import { CLIENT_EMAIL_INVALID, DOG_NOT_FOUND, NOT_AUTHORIZED, PATIENT_NAME_REQUIRED, PATIENT_NOTE_REQUIRED, PATIENT_NOTE_TOO_LONG } from '../../../server/shared/messages.js';
import { CLIENT_PHONE_INVALID } from '../../../server/shared/vets-rules.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
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
    const blank = await people.vet.post(`/members/patients/${otis}/notes`).type('form').send({ _csrf: token, patientNote: '  ' }).expect(400);
    expect(blank.text).to.include(PATIENT_NOTE_REQUIRED);
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
    // another practice's patient, or any patient for who has no practice, answers as one that does not exist (issue 36 §24)
    for (const agent of [people.otherVet, people.owner, people.admin]) {
      const page = await agent.get(`/members/patients/${otis}`).expect(404);
      expect(page.text).to.include(DOG_NOT_FOUND).and.not.include(NOT_AUTHORIZED);
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
    const bad = await people.vet.post('/members/patients').type('form').send({ _csrf: token, name: '', clientEmail: 'x' }).expect(400);
    expect(bad.text).to.include(PATIENT_NAME_REQUIRED).and.include(CLIENT_EMAIL_INVALID);
  });

  it('gives a refused new patient back as typed, each error beside its field, and adds nothing', async () => {
    const db = await testDb();
    const before = await db('practice_patients').count({ n: '*' }).first();
    const token = await csrfToken(people.vet, '/members');
    const typed = { name: 'Nala', sex: 'f', clientName: 'Jane Client', clientEmail: 'jane@clinic', clientPhone: 'call me maybe', patientEmrId: 'EMR-77' };
    const html = (await people.vet.post('/members/patients').type('form').send({ _csrf: token, ...typed }).expect(400)).text;
    expect(attrOf(html, 'new-patient-name', 'value')).to.equal('Nala');
    expect(selectedOf(html, 'new-patient-sex')).to.equal('f');
    expect(attrOf(html, 'new-patient-client', 'value')).to.equal('Jane Client');
    expect(attrOf(html, 'new-patient-email', 'value')).to.equal('jane@clinic');
    expect(attrOf(html, 'new-patient-phone', 'value')).to.equal('call me maybe');
    expect(attrOf(html, 'new-patient-emr', 'value')).to.equal('EMR-77');
    expect(attrOf(html, 'new-patient-email', 'aria-describedby')).to.equal('new-patient-email-error');
    expect(textOf(html, 'new-patient-email-error')).to.equal(CLIENT_EMAIL_INVALID);
    expect(textOf(html, 'new-patient-phone-error')).to.equal(CLIENT_PHONE_INVALID);
    expect(attrOf(html, 'new-patient-email', 'autofocus')).to.equal('');
    expect(invalidFields(html)).to.deep.equal(['clientEmail', 'clientPhone']);
    // the summary at the top links each refused field
    expect(html).to.include(`<li><a href="#new-patient-email">${CLIENT_EMAIL_INVALID}</a></li>`).and.include('<li><a href="#new-patient-phone">');
    expect(tagById(html, 'new-patient-name-error')).to.equal(null);
    expect(await db('practice_patients').count({ n: '*' }).first()).to.deep.equal(before);
    // only the phone refused: it alone is marked, and a real number is accepted
    const phone = (await people.vet.post('/members/patients').type('form').send({ _csrf: token, ...typed, clientEmail: 'jane@clinic.example', clientPhone: '-12345' }).expect(400)).text;
    expect(invalidFields(phone)).to.deep.equal(['clientPhone']);
    await people.vet.post('/members/patients').type('form').send({ _csrf: token, ...typed, clientEmail: 'jane@clinic.example', clientPhone: '+1 (555) 010-4477' }).expect(303);
  });

  it('gives refused patient details back as typed on the patient page, keeping the saved ones', async () => {
    const pepper = await patientId('Pepper');
    const token = await csrfToken(people.vet, `/members/patients/${pepper}`);
    const html = (
      await people.vet
        .post(`/members/patients/${pepper}`)
        .type('form')
        .send({ _csrf: token, name: 'Pepper Pot', sex: 'm', clientName: 'New Client', clientEmail: 'jane@clinic', clientPhone: '555 0104', patientEmrId: 'E-9' })
        .expect(400)
    ).text;
    expect(html).to.include('<h1>Pepper</h1>');
    expect(attrOf(html, 'patient-name', 'value')).to.equal('Pepper Pot');
    expect(selectedOf(html, 'patient-sex')).to.equal('m');
    expect(attrOf(html, 'patient-client', 'value')).to.equal('New Client');
    expect(attrOf(html, 'patient-email', 'value')).to.equal('jane@clinic');
    expect(textOf(html, 'patient-email-error')).to.equal(CLIENT_EMAIL_INVALID);
    expect(attrOf(html, 'patient-phone', 'value')).to.equal('555 0104');
    expect(tagById(html, 'patient-phone-error')).to.equal(null);
    expect(attrOf(html, 'patient-emr', 'value')).to.equal('E-9');
    expect(invalidFields(html)).to.deep.equal(['clientEmail']);
    const db = await testDb();
    expect((await db('pets').join('practice_patients', 'practice_patients.pet_num', 'pets.pet_num').where('practice_patients.id', pepper).first('pets.name')).name).to.equal('Pepper');
  });

  it('counts a line break as one character: a 5000-character note typed on many lines is saved, with LF line breaks', async () => {
    const otis = await patientId('Otis');
    const token = await csrfToken(people.vet, `/members/patients/${otis}`);
    // 50 lines of 99 letters and 49 line breaks: 4,999 characters in the textarea, 5,048 as the browser sends them (CRLF)
    const lines = Array.from({ length: 50 }, (_, i) => String.fromCharCode(97 + (i % 26)).repeat(99));
    const typed = lines.join('\r\n') + 'z';
    expect(lines.join('\n').length + 1).to.equal(5000);
    await people.vet.post(`/members/patients/${otis}/notes`).type('form').send({ _csrf: token, patientNote: typed }).expect(303).expect('Location', `/members/patients/${otis}?notice=noted`);
    const saved = (await notes()).at(-1)!;
    expect(saved.body).to.equal(lines.join('\n') + 'z');
    await people.vet.post(`/members/patients/${otis}/notes/${saved.id}`).type('form').send({ _csrf: token, patientNote: typed.replace(/\r\n/g, '\r') }).expect(303);
    expect((await notes()).find((n) => n.id === saved.id)!.body).to.equal(lines.join('\n') + 'z');
  });

  it('gives a refused note back in its form with the error, for a new note and for an edited one', async () => {
    const otis = await patientId('Otis');
    const token = await csrfToken(people.vet, `/members/patients/${otis}`);
    const before = await notes();
    const tooLong = 'Line one\r\n' + 'x'.repeat(5000);
    const html = (await people.vet.post(`/members/patients/${otis}/notes`).type('form').send({ _csrf: token, patientNote: tooLong }).expect(400)).text;
    expect(textOf(html, 'new-note')?.replace(/\r\n/g, '\n')).to.equal(tooLong.replace(/\r\n/g, '\n'));
    expect(textOf(html, 'new-note-error')).to.equal(PATIENT_NOTE_TOO_LONG);
    expect(attrOf(html, 'new-note', 'aria-describedby')).to.equal('new-note-error');
    expect(html).to.include(`<li><a href="#new-note">${PATIENT_NOTE_TOO_LONG}</a></li>`);
    expect(await notes()).to.deep.equal(before);

    await people.vet.post(`/members/patients/${otis}/notes`).type('form').send({ _csrf: token, patientNote: 'Keep me.' }).expect(303);
    const note = (await notes()).at(-1)!;
    const edited = (await people.vet.post(`/members/patients/${otis}/notes/${note.id}`).type('form').send({ _csrf: token, patientNote: `Edited: ${'y'.repeat(5000)}` }).expect(400)).text;
    expect(edited).to.match(new RegExp(`<li data-note-id="${note.id}">\\s*<p>Keep me.</p>[\\s\\S]*?<details open>`));
    expect(textOf(edited, `note-${note.id}`)).to.equal(`Edited: ${'y'.repeat(5000)}`);
    expect(textOf(edited, `note-${note.id}-error`)).to.equal(PATIENT_NOTE_TOO_LONG);
    expect(textOf(edited, 'new-note')).to.equal('');
    expect((await notes()).find((n) => n.id === note.id)!.body).to.equal('Keep me.');
  });

  it('says a page past the last one is past the end and links the last page, with and without a search', async () => {
    const db = await testDb();
    const [{ id: practiceId }] = await db('vet_practices').insert({ name: 'Five Dogs Vets' }).returning('id');
    const vet = await createUser(db, { email: 'five-dogs@clinic.test', name: 'Dr. Five', isVet: true });
    await db('practice_users').insert({ practice_id: practiceId, user_id: vet.id, is_dvm: true, role: 'owner' });
    for (const name of ['Abby', 'Bandit', 'Cleo', 'Dash', 'Echo']) {
      const [{ pet_num: petNum }] = await db('pets').insert({ name, handle: `five-${name.toLowerCase()}` }).returning('pet_num');
      await db('practice_patients').insert({ practice_id: practiceId, pet_num: petNum, added_by_practice: true });
    }
    const agent = await signIn(app, vet.email, TEST_PASSWORD);
    const pastEnd = (html: string) => /<p [^>]*data-past-last-page>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
    const second = (await agent.get('/members?page=2').expect(200)).text;
    expect(second).to.not.include('data-no-patients');
    expect(pastEnd(second)).to.include('There is no page 2').and.include('5 patients').and.include('<a href="/members?page=1">');
    const search = (await agent.get('/members?q=a&page=5').expect(200)).text;
    expect(search).to.not.include('data-no-patients');
    expect(pastEnd(search)).to.include('There is no page 5').and.include('matching “a”').and.include('<a href="/members?q=a&amp;page=1">');
    expect((await agent.get('/members?q=zzz&page=2').expect(200)).text).to.include('No patients match');
  });
});
