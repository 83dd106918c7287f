import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, signIn, testApp, type Agent } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createPet, createUser, shareOwnership, TEST_PASSWORD } from '../../support/factories.js';
import type { Db } from '../../../server/db/index.js';
import type { User } from '../../../server/users/queries.js';
import { FAILED_TO_SEND, NOT_AUTHORIZED } from '../../../server/shared/messages.js';

const PAGE = '/members/breeder-dog-settings/privacy';

describe('breeder dog settings: GET and POST /members/breeder-dog-settings/privacy', () => {
  let app: Express;
  let db: Db;
  let breeder: User;
  let otherBreeder: User;
  let parentUser: User;
  let readOnlyBreeder: User;
  const dogs: Record<string, number> = {};

  const settingsOf = async (petNum: number) => db('pets').where({ pet_num: petNum }).first('privacy', 'exclude_from_matchmaker', 'updated_at');
  const handleOf = async (petNum: number) => (await db('pets').where({ pet_num: petNum }).first('handle')).handle as string;
  const entry = async (petNum: number, privacy = 'private', excludeFromMatchmaker = true) => ({ petNum, handle: await handleOf(petNum), privacy, excludeFromMatchmaker });

  before(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    breeder = await createUser(db, { email: 'kennel@settings.test', isBreeder: true, breederName: 'Settings Kennel' });
    otherBreeder = await createUser(db, { email: 'rival@settings.test', isBreeder: true });
    parentUser = await createUser(db, { email: 'parent@settings.test' });
    readOnlyBreeder = await createUser(db, { email: 'readonly@settings.test', isBreeder: true, isReadOnly: true });
    dogs.aurora = await createPet(db, breeder.id, { name: 'Aurora', sex: 'f' });
    dogs.bramble = await createPet(db, breeder.id, { name: 'Bramble', sex: 'm' });
    dogs.rival = await createPet(db, otherBreeder.id, { name: 'Rival', sex: 'f' });
    dogs.sharedToView = await createPet(db, otherBreeder.id, { name: 'Viewed', sex: 'm' });
    await shareOwnership(db, dogs.sharedToView, breeder.id, 'read');
    dogs.deleted = await createPet(db, breeder.id, { name: 'Gone', sex: 'm' });
    await db('pets').where({ pet_num: dogs.deleted }).update({ deleted_at: new Date() });
    dogs.readOnlyDog = await createPet(db, readOnlyBreeder.id, { name: 'Frozen', sex: 'f' });
  });

  beforeEach(async () => {
    await db('pets').update({ privacy: 'public', exclude_from_matchmaker: false });
  });

  const postJson = async (agent: Agent, body: unknown) => agent.post(PAGE).set('x-csrf-token', await csrfToken(agent, PAGE)).set('accept', 'application/json').send(body as object);

  it('lists every dog the breeder may edit, with its privacy and matchmaker setting', async () => {
    const agent = await signIn(app, breeder.email, TEST_PASSWORD);
    const page = await agent.get(PAGE).expect(200);
    for (const name of ['Aurora', 'Bramble']) expect(page.text).to.contain(`>${name}</a>`);
    for (const name of ['Rival', 'Viewed', 'Gone']) expect(page.text).to.not.contain(`>${name}</a>`);
    expect(page.text).to.contain(`name="dogsPrivacy[0][petNum]" value="${dogs.aurora}"`);
    expect(page.text).to.contain('data-widget="breeder-dog-settings"');
  });

  it('refuses members who are not breeders with 403 and sends signed-out visitors home', async () => {
    const agent = await signIn(app, parentUser.email, TEST_PASSWORD);
    await agent.get(PAGE).expect(403);
    expect((await postJson(agent, { dogsPrivacy: [await entry(dogs.aurora)] })).status).to.equal(403);
    expect((await request(app).get(PAGE).expect(302)).headers.location).to.equal('/');
    expect((await settingsOf(dogs.aurora))!.privacy).to.equal('public');
  });

  it('saves the page\u2019s form for all dogs at once (an unticked box is false) and comes back saved', async () => {
    const agent = await signIn(app, breeder.email, TEST_PASSWORD);
    await db('pets').where({ pet_num: dogs.bramble }).update({ exclude_from_matchmaker: true });
    const token = await csrfToken(agent, PAGE);
    const response = await agent
      .post(PAGE)
      .type('form')
      .send({
        _csrf: token,
        'dogsPrivacy[0][petNum]': String(dogs.aurora),
        'dogsPrivacy[0][handle]': await handleOf(dogs.aurora),
        'dogsPrivacy[0][privacy]': 'public-private',
        'dogsPrivacy[0][excludeFromMatchmaker]': 'true',
        'dogsPrivacy[1][petNum]': String(dogs.bramble),
        'dogsPrivacy[1][handle]': await handleOf(dogs.bramble),
        'dogsPrivacy[1][privacy]': 'private',
      })
      .expect(303);
    expect(response.headers.location).to.equal(`${PAGE}?saved=1`);
    expect(await settingsOf(dogs.aurora)).to.include({ privacy: 'public-private', exclude_from_matchmaker: true });
    expect(await settingsOf(dogs.bramble)).to.include({ privacy: 'private', exclude_from_matchmaker: false });
    expect((await agent.get(response.headers.location).expect(200)).text).to.contain('settings are saved');
  });

  it('saves a JSON dogsPrivacy list and answers how many dogs it saved', async () => {
    const agent = await signIn(app, breeder.email, TEST_PASSWORD);
    const { body } = await postJson(agent, { dogsPrivacy: [await entry(dogs.aurora, 'private', true), await entry(dogs.bramble, 'public', true)] });
    expect(body).to.deep.equal({ saved: 2 });
    expect(await settingsOf(dogs.aurora)).to.include({ privacy: 'private', exclude_from_matchmaker: true });
    expect(await settingsOf(dogs.bramble)).to.include({ privacy: 'public', exclude_from_matchmaker: true });
  });

  describe('ownership matrix: one dog the breeder may not edit refuses the whole list, nothing changes', () => {
    const cases: [string, () => Promise<Record<string, unknown>>][] = [
      ['another breeder\u2019s dog', () => entry(dogs.rival)],
      ['a dog shared with the breeder to view only', () => entry(dogs.sharedToView)],
      ['the breeder\u2019s deleted dog', () => entry(dogs.deleted)],
      ['an unknown pet number', async () => ({ petNum: 2147483000, handle: 'nobody', privacy: 'private', excludeFromMatchmaker: true })],
      ['the breeder\u2019s dog named by another dog\u2019s handle', async () => ({ ...(await entry(dogs.bramble)), handle: await handleOf(dogs.rival) })],
    ];
    for (const [label, make] of cases) {
      it(`refuses ${label} with 403 '${FAILED_TO_SEND}'`, async () => {
        const agent = await signIn(app, breeder.email, TEST_PASSWORD);
        const before = await Promise.all([dogs.aurora, dogs.rival, dogs.sharedToView].map(settingsOf));
        const response = await postJson(agent, { dogsPrivacy: [await entry(dogs.aurora), await make()] });
        expect(response.status).to.equal(403);
        expect(response.body).to.deep.equal({ error: FAILED_TO_SEND, detail: NOT_AUTHORIZED });
        expect(await Promise.all([dogs.aurora, dogs.rival, dogs.sharedToView].map(settingsOf))).to.deep.equal(before);
      });
    }

    it('lets the other breeder save their own dog', async () => {
      const agent = await signIn(app, otherBreeder.email, TEST_PASSWORD);
      expect((await postJson(agent, { dogsPrivacy: [await entry(dogs.rival, 'private', false)] })).body).to.deep.equal({ saved: 1 });
      expect((await postJson(agent, { dogsPrivacy: [await entry(dogs.aurora)] })).status).to.equal(403);
    });

    it('sends a read-only account to the read-only page and changes nothing', async () => {
      const agent = await signIn(app, readOnlyBreeder.email, TEST_PASSWORD);
      expect((await postJson(agent, { dogsPrivacy: [await entry(dogs.readOnlyDog)] })).status).to.equal(403);
      const token = await csrfToken(agent, PAGE);
      const form = await agent.post(PAGE).type('form').send({ _csrf: token, 'dogsPrivacy[0][petNum]': String(dogs.readOnlyDog), 'dogsPrivacy[0][handle]': await handleOf(dogs.readOnlyDog), 'dogsPrivacy[0][privacy]': 'private' });
      expect(form.status).to.equal(303);
      expect(form.headers.location).to.equal('/members/forbidden/read-only-account');
      expect((await settingsOf(dogs.readOnlyDog))!.privacy).to.equal('public');
    });
  });

  it('answers malformed lists with 400 and changes nothing', async () => {
    const agent = await signIn(app, breeder.email, TEST_PASSWORD);
    const aurora = await entry(dogs.aurora);
    for (const body of [
      {},
      { dogsPrivacy: [] },
      { dogsPrivacy: 'all' },
      { dogsPrivacy: [aurora, aurora] },
      { dogsPrivacy: [{ ...aurora, privacy: 'friends' }] },
      { dogsPrivacy: [{ ...aurora, petNum: -1 }] },
      { dogsPrivacy: [{ ...aurora, petNum: '12' }] },
      { dogsPrivacy: [{ ...aurora, excludeFromMatchmaker: 'yes' }] },
      { dogsPrivacy: [{ ...aurora, extra: 1 }] },
      { dogsPrivacy: Array.from({ length: 501 }, (_, i) => ({ ...aurora, petNum: i + 1 })) },
    ]) {
      const response = await postJson(agent, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).to.equal(400);
      expect(response.body.error).to.equal(FAILED_TO_SEND);
    }
    const token = await csrfToken(agent, PAGE);
    const form = await agent.post(PAGE).type('form').send({ _csrf: token, 'dogsPrivacy[0][petNum]': 'x', 'dogsPrivacy[0][handle]': 'a', 'dogsPrivacy[0][privacy]': 'private' }).expect(400);
    expect(form.text).to.contain(FAILED_TO_SEND);
    expect((await settingsOf(dogs.aurora))!.privacy).to.equal('public');
  });

  it('refuses a POST without the CSRF token', async () => {
    const agent = await signIn(app, breeder.email, TEST_PASSWORD);
    await agent.post(PAGE).set('accept', 'application/json').send({ dogsPrivacy: [await entry(dogs.aurora)] }).expect(403);
    expect((await settingsOf(dogs.aurora))!.privacy).to.equal('public');
  });
});
