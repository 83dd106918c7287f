import { expect } from 'chai';
import request from 'supertest';
import { csrfToken } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { MEDIA_VET_FORM_DISCLAIMER } from '../../../server/shared/messages.js';
import { expectStatus, mediaRows, mediaTestApp, petNumOf, upload, type MediaTestApp } from './helpers.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('documents and the document info form (issue 12 §6)', () => {
  let t: MediaTestApp;
  let biscuit: number;

  before(async () => {
    await resetToDemoData();
    biscuit = await petNumOf('biscuit');
  });

  beforeEach(async () => {
    await (await testDb())('media').delete();
    t = await mediaTestApp();
  });

  afterEach(() => t.cleanUp());

  it('saves description, category, record type and year, lists the document for readers, never publicly', async () => {
    const parent = await signInAsDemo(t.app, 'parent');
    const landing = (await expectStatus(upload(parent, biscuit, PDF, 'hips.pdf', { mediaType: 'document' }, { asPage: true }), 303)).headers.location;
    const form = await parent.get(landing).expect(200);
    expect(form.text).to.include(MEDIA_VET_FORM_DISCLAIMER.replace(/’/g, '’'));
    expect(form.text).to.include('<option value="Health &amp; Veterinary">');
    const token = await csrfToken(parent, landing);
    const saved = await parent.post(landing).type('form').send({ _csrf: token, description: 'OFA hips', category: 'Health & Veterinary', recordType: 'Hips', year: '2024' }).expect(303);
    expect(saved.headers.location).to.equal(`/members/results/profile?i=${biscuit}#documents`);
    const [row] = await mediaRows();
    expect(row).to.include({ document_description: 'OFA hips', document_category: 'Health & Veterinary', document_record_type: 'Hips', document_year: 2024 });

    const profile = await parent.get(`/members/results/profile?i=${biscuit}`).expect(200);
    expect(profile.text).to.include('hips.pdf').and.to.include('Hips, 2024');
    const vet = await signInAsDemo(t.app, 'vet');
    expect((await vet.get(`/members/results/profile?i=${biscuit}`).expect(200)).text).to.include('hips.pdf');
    const served = await vet.get(`/media/${row.public_id}/original.pdf`).expect(200);
    expect(served.headers['content-disposition']).to.equal(`inline; filename="hips.pdf"; filename*=UTF-8''hips.pdf`);
    const publicPage = await request(t.app).get('/dog/biscuit').expect(200);
    expect(publicPage.text).to.not.include('hips.pdf');
    await request(t.app).get(`/media/${row.public_id}/original.pdf`).expect(404);
    const newbie = await signInAsDemo(t.app, 'newbie');
    await newbie.get(`/media/${row.public_id}/original.pdf`).expect(404);
  });

  it('offers and shows record types without their underscores, storing the spec\u2019s values (issue 36 §27)', async () => {
    const parent = await signInAsDemo(t.app, 'parent');
    const landing = (await expectStatus(upload(parent, biscuit, PDF, 'vwf.pdf', { mediaType: 'document' }, { asPage: true }), 303)).headers.location;
    const form = (await parent.get(landing).expect(200)).text;
    expect(form).to.include('<option value="Allergies/Serum_IgE">Allergies / Serum IgE</option>').and.include('<option value="Serum_VWF">Serum vWF</option>');
    const token = await csrfToken(parent, landing);
    await parent.post(landing).type('form').send({ _csrf: token, category: 'Health & Veterinary', recordType: 'Serum_VWF', year: '2023' }).expect(303);
    expect((await mediaRows())[0].document_record_type).to.equal('Serum_VWF');
    const profile = (await parent.get(`/members/results/profile?i=${biscuit}`).expect(200)).text;
    expect(profile).to.include('Serum vWF, 2023').and.not.include('Serum_VWF');
    expect((await parent.get(landing).expect(200)).text).to.include('<option value="Serum_VWF" selected>Serum vWF</option>');
  });

  it('keeps a file name as the browser sent it (UTF-8), cut to 255 characters before its extension', async () => {
    const parent = await signInAsDemo(t.app, 'parent');
    const name = 'Bärli’s Impfpass 🐶 2024.pdf';
    const landing = (await expectStatus(upload(parent, biscuit, PDF, name, { mediaType: 'document' }, { asPage: true }), 303)).headers.location;
    expect((await mediaRows())[0].original_file_name).to.equal(name);
    const form = await parent.get(landing).expect(200);
    const profile = await parent.get(`/members/results/profile?i=${biscuit}`).expect(200);
    for (const page of [form.text, profile.text]) expect(page).to.include('Bärli’s Impfpass 🐶 2024.pdf').and.not.include('BÃ¤rli');
    const served = await parent.get(`/media/${(await mediaRows())[0].public_id}/original.pdf`).expect(200);
    expect(decodeURIComponent(served.headers['content-disposition'].split("UTF-8''")[1])).to.equal(name);
    await (await testDb())('media').delete();
    const long = `${'Ж'.repeat(300)}.pdf`;
    await expectStatus(upload(parent, biscuit, PDF, long, { mediaType: 'document' }), 201);
    expect((await mediaRows())[0].original_file_name).to.equal(`${'Ж'.repeat(251)}.pdf`);
  });

  it('refuses a wrong form with its reasons and lets no reader but an editor change it', async () => {
    const parent = await signInAsDemo(t.app, 'parent');
    const landing = (await expectStatus(upload(parent, biscuit, PDF, 'vet.pdf', { mediaType: 'document' }, { asPage: true }), 303)).headers.location;
    const token = await csrfToken(parent, landing);
    const refused = await parent.post(landing).type('form').send({ _csrf: token, category: 'Receipts', description: 'x'.repeat(600) }).expect(400);
    expect(refused.text).to.include('Please choose a category.');
    expect(refused.text).to.include('The description can be at most 500 characters.');
    await parent.post(landing).type('form').send({ _csrf: token, category: 'Other', description: 'nul\u0000' }).expect(400);
    const vet = await signInAsDemo(t.app, 'vet');
    await vet.post(landing).set('accept', 'application/json').type('form').send({ _csrf: await csrfToken(vet, '/members'), category: 'Other' }).expect(403);
    const newbie = await signInAsDemo(t.app, 'newbie');
    await newbie.post(landing).set('accept', 'application/json').type('form').send({ _csrf: await csrfToken(newbie, '/members'), category: 'Other' }).expect(404);
    const [row] = await mediaRows();
    expect(row).to.include({ document_category: null, document_description: null });
  });
});
