// GraphQL feedback (issue 4 point 8, spec 1 §7, spec 2 §3-§9): shouldShowFeedback, addFeedback,
// addUserNotificationAcknowledged.
import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { graphql, signIn, testApp, type Agent } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createPet, createUser, shareOwnership, TEST_PASSWORD } from '../../support/factories.js';
import type { Db } from '../../../server/db/index.js';
import { INVALID_ARGUMENTS, NOT_AUTHORIZED, PLEASE_LOG_IN } from '../../../server/shared/messages.js';

const SHOULD_SHOW = 'query($page: String!, $variant: String, $petUuid: ID) { shouldShowFeedback(page: $page, variant: $variant, petUuid: $petUuid) }';
const ADD = `mutation($page: String!, $variant: String, $petUuid: ID, $isHelpful: Boolean!, $selectedFeedback: [String!], $additionalText: String, $pageVariables: [FeedbackPageVariableInput!]) {
  addFeedback(page: $page, variant: $variant, petUuid: $petUuid, isHelpful: $isHelpful, selectedFeedback: $selectedFeedback, additionalText: $additionalText, pageVariables: $pageVariables) {
    id page variant petUuid isHelpful selectedFeedback additionalText pageVariables { name value }
  }
}`;
const ACKNOWLEDGE = 'mutation($key: String!) { addUserNotificationAcknowledged(notificationKey: $key) }';

describe('GraphQL feedback', () => {
  let app: Express;
  let db: Db;
  let owner: Agent;
  let stranger: Agent;
  let ownerId: number;
  let petUuid: string;
  let strangersPetUuid: string;

  const uuidOf = async (petNum: number): Promise<string> => (await db('pets').where({ pet_num: petNum }).first('id')).id;
  const feedbackCount = async (): Promise<number> => Number((await db('feedback').count('* as c'))[0].c);
  const shouldShow = async (agent: Agent, variables: Record<string, unknown>) => (await graphql(agent, SHOULD_SHOW, variables)).body;

  before(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    const ownerUser = await createUser(db);
    const strangerUser = await createUser(db);
    ownerId = ownerUser.id;
    petUuid = await uuidOf(await createPet(db, ownerUser.id, { name: 'Biscuit' }));
    strangersPetUuid = await uuidOf(await createPet(db, strangerUser.id, { name: 'Rex' }));
    owner = await signIn(app, ownerUser.email, TEST_PASSWORD);
    stranger = await signIn(app, strangerUser.email, TEST_PASSWORD);
  });

  beforeEach(async () => {
    await db('feedback').del();
    await db('user_notification_acknowledgements').del();
  });

  describe('shouldShowFeedback', () => {
    it('shows the banner until the user answers for that page, variant and dog, then hides it', async () => {
      const place = { page: 'health', variant: 'default', petUuid };
      expect((await shouldShow(owner, place)).data.shouldShowFeedback).to.equal(true);
      const added = await graphql(owner, ADD, { ...place, isHelpful: true });
      expect(added.body.errors).to.equal(undefined);
      expect((await shouldShow(owner, place)).data.shouldShowFeedback).to.equal(false);
      // Other pages, variants and readers are not affected.
      expect((await shouldShow(owner, { ...place, page: 'traits' })).data.shouldShowFeedback).to.equal(true);
      expect((await shouldShow(owner, { ...place, variant: 'breed-relevant' })).data.shouldShowFeedback).to.equal(true);
      expect((await shouldShow(stranger, { ...place, petUuid: strangersPetUuid })).data.shouldShowFeedback).to.equal(true);
    });

    it('treats a missing variant as default', async () => {
      await graphql(owner, ADD, { page: 'summary', petUuid, isHelpful: false });
      expect((await shouldShow(owner, { page: 'summary', variant: 'default', petUuid })).data.shouldShowFeedback).to.equal(false);
    });

    it("hides the banner for a dog the user may not read, and for one that does not exist", async () => {
      expect((await shouldShow(stranger, { page: 'health', petUuid })).data.shouldShowFeedback).to.equal(false);
      expect((await shouldShow(owner, { page: 'health', petUuid: '00000000-0000-4000-8000-000000000000' })).data.shouldShowFeedback).to.equal(false);
    });

    it('shows the banner to a co-owner who has not answered yet', async () => {
      const coOwner = await createUser(db);
      const petNum = (await db('pets').where({ id: petUuid }).first('pet_num')).pet_num;
      await shareOwnership(db, petNum, coOwner.id, 'read');
      await graphql(owner, ADD, { page: 'health', petUuid, isHelpful: true });
      const agent = await signIn(app, coOwner.email, TEST_PASSWORD);
      expect((await shouldShow(agent, { page: 'health', petUuid })).data.shouldShowFeedback).to.equal(true);
    });

    it("refuses malformed names and ids with 'Invalid Arguments'", async () => {
      for (const variables of [{ page: '' }, { page: 'Health Page!' }, { page: 'x'.repeat(51) }, { page: 'health', variant: 'a b' }, { page: 'health', petUuid: 'not-a-uuid' }]) {
        const body = await shouldShow(owner, variables);
        expect(body.errors?.[0]?.message, JSON.stringify(variables)).to.equal(INVALID_ARGUMENTS);
      }
    });

    it("asks a signed-out visitor to log in", async () => {
      const body = await shouldShow(request.agent(app), { page: 'health', petUuid });
      expect(body.errors[0].message).to.equal(PLEASE_LOG_IN);
    });
  });

  describe('addFeedback', () => {
    it('stores helpful feedback with its chips, text and page variables', async () => {
      const response = await graphql(owner, ADD, {
        page: 'health',
        variant: 'default',
        petUuid,
        isHelpful: true,
        selectedFeedback: ['specific', 'will_use'],
        additionalText: '  Very clear, thank you.  ',
        pageVariables: [{ name: 'path', value: '/members/results/health' }],
      });
      expect(response.body.errors).to.equal(undefined);
      expect(response.body.data.addFeedback).to.deep.include({
        page: 'health',
        variant: 'default',
        petUuid,
        isHelpful: true,
        selectedFeedback: ['specific', 'will_use'],
        additionalText: 'Very clear, thank you.',
        pageVariables: [{ name: 'path', value: '/members/results/health' }],
      });
      const row = await db('feedback').first();
      expect(row).to.deep.include({ user_id: ownerId, page: 'health', variant: 'default', pet_uuid: petUuid, is_helpful: true, additional_text: 'Very clear, thank you.' });
      expect(row.selected_feedback).to.deep.equal(['specific', 'will_use']);
      expect(row.page_variables).to.deep.equal({ path: '/members/results/health' });
    });

    it('stores unhelpful feedback with the unhelpful chips, and blank text as none', async () => {
      const response = await graphql(owner, ADD, { page: 'traits', petUuid, isHelpful: false, selectedFeedback: ['too_long', 'worried'], additionalText: '   ' });
      expect(response.body.errors).to.equal(undefined);
      const row = await db('feedback').first();
      expect(row.selected_feedback).to.deep.equal(['too_long', 'worried']);
      expect(row.additional_text).to.equal(null);
      expect(row.variant).to.equal('default');
    });

    it("refuses chips that are not the answer's, unknown or repeated, and stores nothing", async () => {
      const cases = [
        { isHelpful: true, selectedFeedback: ['too_long'] },
        { isHelpful: false, selectedFeedback: ['specific'] },
        { isHelpful: true, selectedFeedback: ['made_up'] },
        { isHelpful: true, selectedFeedback: ['specific', 'specific'] },
      ];
      for (const answer of cases) {
        const response = await graphql(owner, ADD, { page: 'health', petUuid, ...answer });
        expect(response.body.errors?.[0]?.message, JSON.stringify(answer)).to.equal(INVALID_ARGUMENTS);
      }
      expect(await feedbackCount()).to.equal(0);
    });

    it('takes text of exactly 500 characters and refuses 501, storing nothing', async () => {
      const over = await graphql(owner, ADD, { page: 'health', petUuid, isHelpful: true, additionalText: 'a'.repeat(501) });
      expect(over.body.errors[0].message).to.equal(INVALID_ARGUMENTS);
      // 501 code points that are 2 UTF-16 units each are still refused.
      const emoji = await graphql(owner, ADD, { page: 'health', petUuid, isHelpful: true, additionalText: '🐕'.repeat(501) });
      expect(emoji.body.errors[0].message).to.equal(INVALID_ARGUMENTS);
      expect(await feedbackCount()).to.equal(0);
      const exact = await graphql(owner, ADD, { page: 'health', petUuid, isHelpful: true, additionalText: '🐕'.repeat(500) });
      expect(exact.body.errors).to.equal(undefined);
      expect(await feedbackCount()).to.equal(1);
    });

    it('refuses malformed page, variant and page variables', async () => {
      for (const variables of [
        { page: ' ', isHelpful: true },
        { page: 'health', variant: 'x'.repeat(51), isHelpful: true },
        { page: 'health', isHelpful: true, pageVariables: [{ name: 'bad name', value: 'x' }] },
        { page: 'health', isHelpful: true, pageVariables: [{ name: 'path', value: 'x'.repeat(201) }] },
      ]) {
        const response = await graphql(owner, ADD, { petUuid, ...variables });
        expect(response.body.errors?.[0]?.message, JSON.stringify(variables)).to.equal(INVALID_ARGUMENTS);
      }
      expect(await feedbackCount()).to.equal(0);
    });

    it("refuses feedback on another user's dog with 'Not Authorized'", async () => {
      const response = await graphql(stranger, ADD, { page: 'health', petUuid, isHelpful: true, selectedFeedback: ['specific'] });
      expect(response.body.errors[0].message).to.equal(NOT_AUTHORIZED);
      expect(await feedbackCount()).to.equal(0);
    });

    it('refuses a signed-out visitor', async () => {
      const response = await graphql(request.agent(app), ADD, { page: 'health', petUuid, isHelpful: true });
      expect(response.body.errors[0].message).to.equal(PLEASE_LOG_IN);
      expect(await feedbackCount()).to.equal(0);
    });
  });

  describe('addUserNotificationAcknowledged', () => {
    it('records the acknowledgement once, however often it is sent', async () => {
      for (let i = 0; i < 2; i++) {
        const response = await graphql(owner, ACKNOWLEDGE, { key: 'care-resources-banner' });
        expect(response.body.data).to.deep.equal({ addUserNotificationAcknowledged: true });
      }
      const rows = await db('user_notification_acknowledgements').select('user_id', 'notification_key');
      expect(rows).to.deep.equal([{ user_id: ownerId, notification_key: 'care-resources-banner' }]);
    });

    it('refuses a malformed key and a signed-out visitor', async () => {
      const bad = await graphql(owner, ACKNOWLEDGE, { key: ' spaces and ! ' });
      expect(bad.body.errors[0].message).to.equal(INVALID_ARGUMENTS);
      const signedOut = await graphql(request.agent(app), ACKNOWLEDGE, { key: 'care-resources-banner' });
      expect(signedOut.body.errors[0].message).to.equal(PLEASE_LOG_IN);
      expect(Number((await db('user_notification_acknowledgements').count('* as c'))[0].c)).to.equal(0);
    });
  });
});
