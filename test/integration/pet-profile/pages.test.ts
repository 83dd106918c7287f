import { expect } from 'chai';
import type { Express } from 'express';
import request from 'supertest';
import { csrfToken, signIn, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { DOG_NOT_FOUND } from '../../../server/shared/messages.js';
import { HANDLE_CHARACTERS, HANDLE_LENGTH, NAME_REQUIRED } from '../../../server/shared/pet-profile-rules.js';
import { mainText } from '../results/population.js';
import { profilePeople, type ProfilePeople } from './people.js';
import { createPet, createUser, TEST_PASSWORD } from '../../support/factories.js';
import { HANDLE_CHECKS_LIMITED, HANDLE_CHECKS_PER_MINUTE } from '../../../server/pet-profile/handle-checks.js';

const NO_PERMISSION = '/members/forbidden/shared-pet-operation-no-permission';
const READ_ONLY = '/members/forbidden/read-only-account';

describe('pet profile: about page, data feed, handle check, add a dog', function () {
  this.timeout(120_000);
  let app: Express;
  let people: ProfilePeople;

  before(async () => {
    await resetDatabase(await testDb()); // every file starts from the migrated, empty database
    app = await testApp();
    people = await profilePeople(app, { sex: 'f', dateOfBirth: '2020-03-04' });
  });

  it('sends /members/pet/about to the first dog the user may edit, or to add a dog', async () => {
    expect((await people.owner.get('/members/pet/about').expect(302)).headers.location).to.equal(`/members/pet/about/${people.petNum}`);
    expect((await people.refused.stranger.get('/members/pet/about').expect(302)).headers.location).to.equal('/members/add-a-dog');
    expect((await people.refused.readCoOwner.get('/members/pet/about').expect(302)).headers.location).to.equal('/members/add-a-dog');
    expect((await request(app).get('/members/pet/about').expect(302)).headers.location).to.equal('/');
  });

  it('opens the dog ?i= names, and refuses it there to whoever may not change it (issue 36 §5)', async () => {
    const db = await testDb();
    const second = await createPet(db, people.ownerId, { name: 'Second' });
    expect((await people.owner.get(`/members/pet/about?i=${second}`).expect(302)).headers.location).to.equal(`/members/pet/about/${second}`);
    await people.owner.get(`/members/pet/about/${second}`).expect(200);
    const refused = await people.refused.stranger.get(`/members/pet/about?i=${second}`).expect(302);
    expect((await people.refused.stranger.get(refused.headers.location)).status).to.be.oneOf([403, 404]);
    expect((await people.owner.get('/members/pet/about?i=abc').expect(302)).headers.location).to.equal(`/members/pet/about/${people.petNum}`);
  });

  it('renders the current details and the widget markers for the owner', async () => {
    const db = await testDb();
    await db('pets').where({ pet_num: people.petNum }).update({ story: '<b>Brave</b> dog', should_show_care_resources: false });
    const html = (await people.owner.get(`/members/pet/about/${people.petNum}`).expect(200)).text;
    expect(html).to.include('<title>About Rex | Embark</title>');
    const text = mainText(html);
    expect(text).to.include('Female').and.include('March 4, 2020').and.include('<b>Brave</b> dog');
    expect(html).to.not.include('<b>Brave</b>');
    expect(html).to.include('Explore Rex&#39;s Results').and.include('data-nav="profile"'); // named although Rex has no results yet
    expect(html).to.include(`data-widget="about-pet" data-props="{&#34;petNum&#34;:${people.petNum},&#34;readOnly&#34;:false}"`);
    for (const widget of ['pet-settings', 'edit-location', 'vet-info']) expect(html).to.include(`data-widget="${widget}"`);
    expect(html).to.include(`&#34;petUuid&#34;:&#34;${people.petUuid}&#34;`);
    expect(html).to.not.include('id="data-settings"');
    await db('pets').where({ pet_num: people.petNum }).update({ should_show_care_resources: true });
    const withCare = (await people.owner.get(`/members/pet/about/${people.petNum}`).expect(200)).text;
    expect(withCare).to.match(/<section[^>]*id="data-settings"[^>]*>\s*<div data-widget="data-settings"/);
  });

  it('redirects those who may not edit the dog and hides it from strangers', async () => {
    for (const agent of [people.refused.vet, people.refused.admin, people.refused.readCoOwner]) {
      expect((await agent.get(`/members/pet/about/${people.petNum}`).expect(302)).headers.location).to.equal(NO_PERMISSION);
    }
    expect((await people.refused.readOnlyAccount.get(`/members/pet/about/${people.readOnlyAccountPetNum}`).expect(302)).headers.location).to.equal(READ_ONLY);
    expect((await people.refused.stranger.get(`/members/pet/about/${people.petNum}`).expect(404)).text).to.include(DOG_NOT_FOUND);
    await people.owner.get('/members/pet/about/abc').expect(404);
    await people.owner.get('/members/pet/about/999999').expect(404);
  });

  it('feeds the widgets to readers of the dog and refuses everyone else', async () => {
    const feed = (await people.owner.get(`/members/pet/about/${people.petNum}/json`).expect(200)).body;
    expect(feed).to.include({ petNum: people.petNum, petUuid: people.petUuid, name: 'Rex', sex: 'f', isDeceased: false, optOutOfCommunications: false, defaultPrivacy: 'public', ownerIsBreeder: false, hasResults: false });
    expect(feed.dateOfBirth).to.deep.equal({ day: 4, month: 3, year: 2020, isEstimated: false });
    expect(feed.dateOfAdoption).to.deep.equal({ day: null, month: null, year: null, isEstimated: false });
    expect(feed.permissions).to.deep.equal({ isEditable: true, isReadOnly: false });
    for (const agent of [people.refused.vet, people.refused.admin, people.refused.readCoOwner]) {
      expect((await agent.get(`/members/pet/about/${people.petNum}/json`).expect(200)).body.permissions).to.deep.equal({ isEditable: false, isReadOnly: true });
    }
    // another's dog answers as one that does not exist (issue 36 §24)
    expect((await people.refused.stranger.get(`/members/pet/about/${people.petNum}/json`).expect(404)).body).to.deep.equal({ error: DOG_NOT_FOUND });
    expect((await people.owner.get('/members/pet/about/0/json').expect(404)).body).to.deep.equal({ error: DOG_NOT_FOUND });
    expect((await people.owner.get('/members/pet/about/99999999/json').expect(404)).body).to.deep.equal({ error: DOG_NOT_FOUND });
    await request(app).get(`/members/pet/about/${people.petNum}/json`).set('accept', 'application/json').expect(401);
  });

  it('checks handles: available, taken with an alternative, its own, badly formed', async () => {
    const db = await testDb();
    const handle = (await db('pets').where({ pet_num: people.petNum }).first('handle')).handle;
    expect((await people.refused.stranger.get('/members/check-handle/a-free-handle-xyz').expect(200)).body).to.deep.equal({ handle: 'a-free-handle-xyz', isAvailable: true, alternative: 'a-free-handle-xyz' });
    expect((await people.refused.stranger.get(`/members/check-handle/${handle.toUpperCase()}`).expect(200)).body).to.deep.equal({ handle, isAvailable: false, alternative: `${handle}-1` });
    expect((await people.owner.get(`/members/check-handle/${handle}?petNum=${people.petNum}`).expect(200)).body).to.deep.equal({ handle, isAvailable: true, alternative: handle });
    expect((await people.refused.stranger.get(`/members/check-handle/${handle}?petNum=${people.petNum}`).expect(200)).body.isAvailable).to.equal(false);
    expect((await people.owner.get('/members/check-handle/bad_handle').expect(400)).body).to.deep.equal({ error: HANDLE_CHARACTERS });
    expect((await people.owner.get('/members/check-handle/a').expect(400)).body).to.deep.equal({ error: HANDLE_LENGTH });
    await request(app).get('/members/check-handle/abc').set('accept', 'application/json').expect(401);
  });

  it('limits the handle checks of an account, so private dogs’ handles cannot be enumerated (issue 30 §10)', async () => {
    const db = await testDb();
    const hidden = await createPet(db, people.ownerId, { name: 'Hidden' });
    await db('pets').where({ pet_num: hidden }).update({ privacy: 'private', handle: 'a-private-handle' });
    const prober = await createUser(db, { email: `handle-prober-${Date.now()}@example.test` });
    const checker = await signIn(app, prober.email, TEST_PASSWORD);
    for (let i = 0; i < HANDLE_CHECKS_PER_MINUTE - 1; i++) await checker.get(`/members/check-handle/probe-${i}`).expect(200);
    expect((await checker.get('/members/check-handle/a-private-handle').expect(200)).body.isAvailable).to.equal(false);
    const limited = await checker.get('/members/check-handle/a-private-handle').expect(429);
    expect(limited.body).to.deep.equal({ error: HANDLE_CHECKS_LIMITED });
    expect(limited.headers['cache-control']).to.equal('no-store');
    await people.owner.get('/members/check-handle/another-free-handle').expect(200); // other accounts keep theirs
  });

  it('adds a dog through the form, owned by the caller', async () => {
    const form = (await people.owner.get('/members/add-a-dog').expect(200)).text;
    expect(form).to.include('name="dobYear"').and.include('I&#39;m not sure yet!');
    const token = await csrfToken(people.owner, '/members/add-a-dog');
    const posted = await people.owner
      .post('/members/add-a-dog')
      .type('form')
      .send({ _csrf: token, name: 'Biscuit', sex: 'm', breedType: 'village', dobDay: '', dobMonth: '', dobYear: '2022' })
      .expect(303);
    const petNum = Number(posted.headers.location.split('/').pop());
    expect(posted.headers.location).to.equal(`/members/pet/about/${petNum}`);
    const db = await testDb();
    expect(await db('pet_owners').where({ pet_num: petNum }).select('user_id', 'permission')).to.deep.equal([{ user_id: people.ownerId, permission: 'edit' }]);
    const feed = (await people.owner.get(`/members/pet/about/${petNum}/json`).expect(200)).body;
    expect(feed).to.include({ name: 'Biscuit', sex: 'm', breedType: 'village' });
    expect(feed.dateOfBirth).to.deep.equal({ day: null, month: null, year: 2022, isEstimated: true });
  });

  it('shows the form again with messages on bad input, and refuses read-only accounts', async () => {
    const db = await testDb();
    const [{ n: before }] = await db('pets').count('* as n');
    const token = await csrfToken(people.owner, '/members/add-a-dog');
    const bad = await people.owner.post('/members/add-a-dog').type('form').send({ _csrf: token, name: ' ', dobDay: '12', dobMonth: '', dobYear: '2020' }).expect(400);
    expect(mainText(bad.text)).to.include(NAME_REQUIRED).and.include('Date of birth: Please choose the month and year as well as the day');
    const future = await people.owner.post('/members/add-a-dog').type('form').send({ _csrf: token, name: 'Zed', dobYear: String(new Date().getFullYear() + 1) }).expect(400);
    expect(mainText(future.text)).to.include('Date of birth: The year must be between 1989');
    expect(future.text).to.include('value="Zed"');
    expect((await people.refused.readOnlyAccount.get('/members/add-a-dog').expect(302)).headers.location).to.equal(READ_ONLY);
    const roToken = await csrfToken(people.refused.readOnlyAccount, '/help');
    expect((await people.refused.readOnlyAccount.post('/members/add-a-dog').type('form').send({ _csrf: roToken, name: 'Sneaky' }).expect(303)).headers.location).to.equal(READ_ONLY);
    await people.owner.post('/members/add-a-dog').type('form').send({ name: 'No token' }).expect(403);
    const [{ n: after }] = await db('pets').count('* as n');
    expect(after).to.equal(before);
  });
});
