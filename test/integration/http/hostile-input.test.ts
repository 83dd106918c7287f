import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, graphql, signIn, testApp, type Agent } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createPet, createUser, TEST_PASSWORD } from '../../support/factories.js';
import { CHAT_EMPTY_BODY, DOG_NOT_FOUND, INVALID_ARGUMENTS, NAME_REQUIRED as SIGN_UP_NAME_REQUIRED } from '../../../server/shared/messages.js';
import { NAME_ONE_LINE, NAME_REQUIRED } from '../../../server/shared/pet-profile-rules.js';

const NUL = 'Rex\u0000';

describe('hostile input at the edge', () => {
  let app: Express;
  let owner: Agent;
  let petNum: number;
  let petUuid: string;

  beforeEach(async () => {
    const db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    const user = await createUser(db, { email: 'owner@example.test' });
    petNum = await createPet(db, user.id, { name: 'Biscuit' });
    petUuid = (await db('pets').where({ pet_num: petNum }).first('id')).id;
    owner = await signIn(app, 'owner@example.test', TEST_PASSWORD);
  });

  const petCount = async () => Number((await (await testDb())('pets').count('* as count'))[0].count);

  describe('control characters in text', () => {
    it('refuses a NUL in the sign-up form with Invalid Arguments, on a page with the site shell, creating no account', async () => {
      const agent = request.agent(app);
      const token = await csrfToken(agent, '/signup');
      const response = await agent.post('/signup').type('form').send({ name: NUL, email: 'nul@example.test', password: 'sixsix', _csrf: token }).expect(400);
      expect(response.text).to.include(INVALID_ARGUMENTS);
      expect(response.text).to.include('<footer');
      expect(await (await testDb())('users').where({ email: 'nul@example.test' }).first()).to.equal(undefined);
    });

    it('refuses a NUL in the add-a-dog form and adds no dog', async () => {
      const before = await petCount();
      const token = await csrfToken(owner, '/members/add-a-dog');
      const response = await owner.post('/members/add-a-dog').type('form').send({ name: NUL, sex: 'm', breedType: 'mixed', _csrf: token }).expect(400);
      expect(response.text).to.include(INVALID_ARGUMENTS);
      expect(await petCount()).to.equal(before);
    });

    it('refuses a NUL in a chat message with a JSON error', async () => {
      const token = await csrfToken(owner, '/members/messages');
      const response = await owner.post('/members/chat/send-message').set('x-csrf-token', token).send({ conversationId: -1, body: 'hi\u0000', startNewConversationTo: 'biscuit' }).expect(400);
      expect(response.body).to.deep.equal({ error: INVALID_ARGUMENTS });
      expect(Number((await (await testDb())('messages').count('* as count'))[0].count)).to.equal(0);
    });

    it('refuses other control characters (escape, backspace) but keeps tabs and line breaks in multi-line text', async () => {
      const token = await csrfToken(owner, '/members/messages');
      await owner.post('/members/chat/send-message').set('x-csrf-token', token).send({ conversationId: -1, body: 'a\u001b[31mred', startNewConversationTo: 'biscuit' }).expect(400);
      await owner.post('/members/chat/send-message').set('x-csrf-token', token).send({ conversationId: -1, body: 'a\u0008b', startNewConversationTo: 'biscuit' }).expect(400);
      const response = await graphql(owner, 'mutation ($u: PetUpdateFields!, $q: PetQueryFields!) { updatePet(updateFields: $u, queryFields: $q) { story } }', {
        u: { story: 'line one\r\n\tline two' },
        q: { petNum },
      });
      expect(response.body.errors).to.equal(undefined);
      expect(response.body.data.updatePet.story).to.equal('line one\r\n\tline two');
    });

    it('refuses a NUL in a query string or a path segment', async () => {
      await owner.get('/members/check-handle/rex%00').expect(400);
      await owner.get('/api/places/predictions?input=Port%00land').expect(400);
    });

    const MUTATIONS: [string, string, () => Record<string, unknown>][] = [];
    before(() => {
      MUTATIONS.push(
        ['updatePet', 'mutation ($u: PetUpdateFields!, $q: PetQueryFields!) { updatePet(updateFields: $u, queryFields: $q) { name } }', () => ({ u: { name: NUL }, q: { petNum } })],
        ['addNewPet', 'mutation ($p: NewPetInput!) { addNewPet(pet: $p) { name } }', () => ({ p: { name: NUL } })],
        [
          'updateVetPracticeDetails',
          'mutation ($id: ID!, $l: LocationInput) { updateVetPracticeDetails(petUuid: $id, embarkMayContactVet: true, practiceLocation: $l) { name } }',
          () => ({ id: petUuid, l: { businessType: 'other', name: NUL, formattedAddress: 'Main St', placeId: 'x1' } }),
        ],
        [
          'updatePetLocations',
          'mutation ($id: ID!, $l: PetLocationsInput!) { updatePetLocations(petUuid: $id, locations: $l) { __typename } }',
          () => ({ id: petUuid, l: { live: { businessType: 'home', name: NUL, formattedAddress: 'Main St', placeId: 'x2' } } }),
        ],
        ['addFeedback', 'mutation ($t: String) { addFeedback(page: "summary", isHelpful: true, additionalText: $t) { __typename } }', () => ({ t: NUL })],
        [
          'saveNutritionInputData',
          `mutation ($n: Int!, $i: NutritionInputDataInput!) { saveNutritionInputData(petNum: $n, input: $i) { __typename } }`,
          () => ({
            n: petNum,
            i: { currentFood: NUL, foodType: 'dry', feedingAmount: 1, feedingUnit: 'cups', mealsPerDay: 2, activityLevel: 'moderate', bodyConditionScore: 5, currentWeightLbs: 40, healthGoals: [] },
          }),
        ],
      );
    });

    it('answers every profile mutation given a NUL with Invalid Arguments and changes nothing', async () => {
      const db = await testDb();
      const snapshot = async () => JSON.stringify(await db('pets').orderBy('pet_num').select());
      const before = await snapshot();
      for (const [name, query, variables] of MUTATIONS) {
        const response = await graphql(owner, query, variables());
        expect(response.status, name).to.be.below(500);
        expect(response.body.errors?.[0]?.message, name).to.equal(INVALID_ARGUMENTS);
        expect(response.body.errors[0].extensions.code, name).to.equal('BAD_USER_INPUT');
      }
      expect(await snapshot()).to.equal(before);
    });

    it('refuses a NUL written as an escape inside the GraphQL document itself', async () => {
      const response = await graphql(owner, `mutation { addNewPet(pet: { name: "Rex\\u0000" }) { name } }`);
      expect(response.body.errors[0].message).to.equal(INVALID_ARGUMENTS);
    });
  });

  describe('lone surrogates (half of a UTF-16 pair, which JSON can carry)', () => {
    const LONE = 'Rex \ud800';

    it('refuses one in a GraphQL variable bound for a jsonb column with Invalid Arguments, storing nothing', async () => {
      const response = await graphql(owner, 'mutation ($v: [FeedbackPageVariableInput!]) { addFeedback(page: "summary", isHelpful: true, pageVariables: $v) { __typename } }', {
        v: [{ name: 'dog', value: LONE }],
      });
      expect(response.body.errors[0].message).to.equal(INVALID_ARGUMENTS);
      expect(response.body.errors[0].extensions.code).to.equal('BAD_USER_INPUT');
      expect(Number((await (await testDb())('feedback').count('* as count'))[0].count)).to.equal(0);
    });

    it('refuses one in a JSON body with Invalid Arguments instead of storing U+FFFD or failing in the database', async () => {
      const db = await testDb();
      const token = await csrfToken(owner, '/members/messages');
      const chat = await owner.post('/members/chat/send-message').set('x-csrf-token', token).send({ conversationId: -1, body: LONE, startNewConversationTo: 'biscuit' }).expect(400);
      expect(chat.body).to.deep.equal({ error: INVALID_ARGUMENTS });
      expect(Number((await db('messages').count('* as count'))[0].count)).to.equal(0);
      const share = await owner.post(`/members/vet-report/share?i=${petNum}`).set('x-csrf-token', token).set('accept', 'application/json').send({ vetName: LONE, vetEmail: 'vet@example.test' }).expect(400);
      expect(share.body).to.deep.equal({ error: INVALID_ARGUMENTS });
      expect(Number((await db('outbox').count('* as count'))[0].count)).to.equal(0);
    });

    it('keeps a whole surrogate pair (an emoji) as typed', async () => {
      const response = await graphql(owner, 'mutation ($u: PetUpdateFields!, $q: PetQueryFields!) { updatePet(updateFields: $u, queryFields: $q) { story } }', { u: { story: 'Good dog \ud83d\udc15' }, q: { petNum } });
      expect(response.body.data.updatePet.story).to.equal('Good dog \u{1F415}');
    });
  });

  describe('ids beyond their column', () => {
    for (const bad of ['2147483648', '99999999999999999999', '-1', '0', '1e3', '01', 'abc', '1.5']) {
      it(`answers pet number ${bad} with a clear refusal, not a server error`, async () => {
        const summary = await owner.get(`/members/results/summary?i=${bad}`).expect(404);
        expect(summary.text).to.include(DOG_NOT_FOUND);
        const raw = await owner.get(`/members/pet/${bad}/raw-data`).expect(404);
        expect(raw.text).to.include(DOG_NOT_FOUND);
        await owner.get(`/members/pet/about/${bad}`).expect(404);
        await owner.get(`/api/relatives/${bad}`).expect((res) => expect(res.status).to.be.oneOf([400, 403, 404]));
        await owner.get(`/members/chat/get-messages/${bad}`).expect((res) => expect(res.status).to.be.oneOf([400, 403, 404]));
      });
    }

    it('refuses an array where one pet number is expected', async () => {
      await owner.get('/members/results/summary?i=1&i=2').expect(404);
    });
  });

  describe('text that looks blank or breaks a line', () => {
    it('refuses a chat message of zero-width characters and sends nothing', async () => {
      const token = await csrfToken(owner, '/members/messages');
      const response = await owner.post('/members/chat/send-message').set('x-csrf-token', token).send({ conversationId: -1, body: '\u200b\u200b', startNewConversationTo: 'biscuit' }).expect(400);
      expect(response.body).to.deep.equal({ error: CHAT_EMPTY_BODY });
      expect(Number((await (await testDb())('messages').count('* as count'))[0].count)).to.equal(0);
    });

    it('refuses a dog name that is invisible or on two lines, and keeps a blank call name as none', async () => {
      const update = (fields: Record<string, unknown>) =>
        graphql(owner, 'mutation ($u: PetUpdateFields!, $q: PetQueryFields!) { updatePet(updateFields: $u, queryFields: $q) { name callName } }', { u: fields, q: { petNum } });
      expect((await update({ name: '\u200b' })).body.errors[0].message).to.equal(NAME_REQUIRED);
      expect((await update({ name: 'Maple\r\nBcc: evil@attacker.test' })).body.errors[0].message).to.equal(NAME_ONE_LINE);
      expect((await (await testDb())('pets').where({ pet_num: petNum }).first('name')).name).to.equal('Biscuit');
      expect((await update({ callName: '\u200b ' })).body.data.updatePet).to.deep.equal({ name: 'Biscuit', callName: null });
    });

    it('refuses a sign-up name of zero-width characters with the name message, creating no account', async () => {
      const agent = request.agent(app);
      const token = await csrfToken(agent, '/signup');
      const response = await agent.post('/signup').type('form').send({ name: '\u200b', email: 'invisible@example.test', password: 'sixsix', _csrf: token });
      expect(response.text).to.include(SIGN_UP_NAME_REQUIRED);
      expect(await (await testDb())('users').where({ email: 'invisible@example.test' }).first()).to.equal(undefined);
    });
  });

  describe('bodies that cannot be read', () => {
    it('answers malformed JSON and a body that is not the gzip it says with Invalid Arguments, not the parser\u2019s words', async () => {
      const token = await csrfToken(owner, '/members/messages');
      const before = Number((await (await testDb())('messages').count('* as count'))[0].count);
      for (const path of ['/members/chat/send-message', '/graphql', '/members/breeder-dog-settings/privacy']) {
        const broken = await owner.post(path).set('x-csrf-token', token).set('content-type', 'application/json').send('{"body": "hi",').expect(400);
        expect(broken.body, path).to.deep.equal({ error: INVALID_ARGUMENTS });
        const notGzip = await owner.post(path).set('x-csrf-token', token).set('content-type', 'application/json').set('content-encoding', 'gzip').send('{"body": "hi"}');
        expect(notGzip.status, path).to.equal(400);
        expect(notGzip.body, path).to.deep.equal({ error: INVALID_ARGUMENTS });
      }
      expect(Number((await (await testDb())('messages').count('* as count'))[0].count)).to.equal(before);
    });
  });
});
