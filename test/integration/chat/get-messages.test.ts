import { expect } from 'chai';
import type { Express } from 'express';
import { testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import type { Db } from '../../../server/db/index.js';
import { INVALID_ARGUMENTS, NOT_AUTHORIZED } from '../../../server/shared/messages.js';
import { getJson, member, send, startConversation } from './helpers.js';

describe('GET /members/chat/get-messages/{conversationId}', () => {
  let app: Express;
  let db: Db;

  beforeEach(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
  });

  it('returns the messages oldest first and marks the others\' messages read', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const id = await startConversation(ann, bob.petHandle!, 'First');
    await send(ann, { body: 'Second', conversationId: id }).expect(200);
    expect((await bob.agent.get('/api/messages/unread-count')).body.numUnreadMessages).to.equal(2);

    const forBob = (await getJson(bob, `/get-messages/${id}`).expect(200)).body;
    expect(forBob).to.include({ conversationId: id, petImageUrl: null, numUnreadMessages: 0 });
    expect(forBob.messages.map((m: { body: string; createdByMe: boolean }) => [m.body, m.createdByMe])).to.deep.equal([
      ['First', false],
      ['Second', false],
    ]);
    expect((await bob.agent.get('/api/messages/unread-count')).body.numUnreadMessages).to.equal(0);

    const forAnn = (await getJson(ann, `/get-messages/${id}`).expect(200)).body;
    for (const message of forAnn.messages) {
      expect(message.createdByMe).to.equal(true);
      expect(message.allReadStatuses).to.have.length(1);
      expect(message.allReadStatuses[0].userId).to.equal(bob.userId);
      expect(Date.parse(message.allReadStatuses[0].readAt)).to.be.a('number').and.not.NaN;
    }
    const participant = await db('conversation_participants').where({ conversation_id: id, user_id: bob.userId }).first();
    expect(participant.last_read_at).to.not.equal(null);
  });

  it('refuses a request from another site\u2019s page (a link there), which would mark the conversation read', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const id = await startConversation(ann, bob.petHandle!, 'Unread');
    for (const [header, value] of [['sec-fetch-site', 'cross-site'], ['sec-fetch-site', 'same-site'], ['referer', 'https://elsewhere.example/']]) {
      const response = await bob.agent.get(`/members/chat/get-messages/${id}`).set(header, value).set('accept', 'application/json');
      expect(response.status, `${header}: ${value}`).to.equal(403);
      expect(response.body.error ?? response.text, `${header}: ${value}`).to.include(NOT_AUTHORIZED);
    }
    expect((await bob.agent.get('/api/messages/unread-count')).body.numUnreadMessages, 'still unread').to.equal(1);
    await bob.agent.get(`/members/chat/get-messages/${id}`).set('sec-fetch-site', 'same-origin').expect(200);
    expect((await bob.agent.get('/api/messages/unread-count')).body.numUnreadMessages).to.equal(0);
  });

  it('writes nothing when everything was read already', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const id = await startConversation(ann, bob.petHandle!);
    await getJson(bob, `/get-messages/${id}`).expect(200);
    const before = await db('conversation_participants').where({ conversation_id: id, user_id: bob.userId }).first('last_read_at');
    await getJson(bob, `/get-messages/${id}`).expect(200);
    const after = await db('conversation_participants').where({ conversation_id: id, user_id: bob.userId }).first('last_read_at');
    expect(after.last_read_at.getTime()).to.equal(before.last_read_at.getTime());
  });

  it("answers 'Not Authorized' to a third user and for unknown ids, and Invalid Arguments for bad ids", async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const eve = await member(app, db);
    const id = await startConversation(ann, bob.petHandle!);
    expect((await getJson(eve, `/get-messages/${id}`).expect(403)).body).to.deep.equal({ error: NOT_AUTHORIZED });
    expect((await getJson(eve, `/get-messages/${id + 1000}`).expect(403)).body).to.deep.equal({ error: NOT_AUTHORIZED });
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999', '1e3']) {
      expect((await getJson(ann, `/get-messages/${bad}`).expect(400)).body.error, bad).to.equal(INVALID_ARGUMENTS);
    }
    expect(await db('message_read_statuses').count<{ count: string }[]>('* as count').then((r) => Number(r[0].count))).to.equal(0);
  });
});
