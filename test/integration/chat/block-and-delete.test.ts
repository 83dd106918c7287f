import { expect } from 'chai';
import type { Express } from 'express';
import { testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import type { Db } from '../../../server/db/index.js';
import { CHAT_BLOCKED, CHAT_NOT_YOUR_BLOCK, CSRF_MISMATCH, INVALID_ARGUMENTS, NOT_AUTHORIZED } from '../../../server/shared/messages.js';
import { block, CHAT, deleteConversation, getJson, member, send, startConversation } from './helpers.js';

describe('PUT and DELETE /members/chat/block, GET /members/chat/delete-messages-in-conversation', () => {
  let app: Express;
  let db: Db;

  beforeEach(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
  });

  async function pair() {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const id = await startConversation(ann, bob.petHandle!);
    return { ann, bob, id };
  }

  it('blocks both directions until the blocker unblocks; only the blocker may unblock', async () => {
    const { ann, bob, id } = await pair();
    expect((await block(bob, 'put', id).expect(200)).body).to.deep.equal({ conversationId: id, blocked: true, blockedByMe: true });
    expect((await block(bob, 'put', id).expect(200)).body.blocked).to.equal(true); // idempotent
    expect((await send(ann, { body: 'Hi', conversationId: id }).expect(403)).body.error).to.equal(CHAT_BLOCKED);
    expect((await send(bob, { body: 'Hi', conversationId: id }).expect(403)).body.error).to.equal(CHAT_BLOCKED);
    const annSees = (await getJson(ann, '/get-conversations').expect(200)).body.conversations[0];
    expect(annSees).to.include({ blocked: true, blockedByMe: false });
    const bobSees = (await getJson(bob, '/get-conversations').expect(200)).body.conversations[0];
    expect(bobSees).to.include({ blocked: true, blockedByMe: true });

    expect((await block(ann, 'delete', id).expect(403)).body.error).to.equal(CHAT_NOT_YOUR_BLOCK);
    expect((await block(bob, 'delete', id).expect(200)).body).to.deep.equal({ conversationId: id, blocked: false, blockedByMe: false });
    await send(ann, { body: 'Hi again', conversationId: id }).expect(200);
    await send(bob, { body: 'Hello', conversationId: id }).expect(200);
  });

  it('deletes a conversation for the deleting user only', async () => {
    const { ann, bob, id } = await pair();
    await send(bob, { body: 'Reply before delete', conversationId: id }).expect(200);
    expect((await deleteConversation(ann, id).expect(200)).body).to.deep.equal({ conversationId: id, deleted: true });
    expect((await getJson(ann, '/get-conversations').expect(200)).body.conversations).to.deep.equal([]);
    expect((await getJson(ann, `/get-messages/${id}`).expect(200)).body.messages).to.deep.equal([]);
    expect((await ann.agent.get('/api/messages/unread-count')).body.numUnreadMessages).to.equal(0);
    const bobMessages = (await getJson(bob, `/get-messages/${id}`).expect(200)).body.messages;
    expect(bobMessages.map((m: { body: string }) => m.body)).to.deep.equal(['Hello there', 'Reply before delete']);

    // A new message brings the conversation back for Ann, with only what came after.
    await send(bob, { body: 'After the delete', conversationId: id }).expect(200);
    const [back] = (await getJson(ann, '/get-conversations').expect(200)).body.conversations;
    expect(back).to.include({ conversation_id: id, num_messages: 1, num_unread: 1, most_recent_message_snippet: 'After the delete' });
  });

  it("answers 'Not Authorized' to a third user for every call on the conversation", async () => {
    const { ann, id } = await pair();
    const eve = await member(app, db);
    expect((await getJson(eve, `/get-messages/${id}`).expect(403)).body.error).to.equal(NOT_AUTHORIZED);
    expect((await send(eve, { body: 'Hi', conversationId: id }).expect(403)).body.error).to.equal(NOT_AUTHORIZED);
    expect((await block(eve, 'put', id).expect(403)).body.error).to.equal(NOT_AUTHORIZED);
    expect((await block(eve, 'delete', id).expect(403)).body.error).to.equal(NOT_AUTHORIZED);
    expect((await deleteConversation(eve, id).expect(403)).body.error).to.equal(NOT_AUTHORIZED);
    expect(await db('blocks').pluck('blocker_user_id')).to.deep.equal([]);
    expect(await db('conversation_participants').whereNotNull('cleared_at').pluck('user_id')).to.deep.equal([]);
    expect((await getJson(ann, `/get-messages/${id}`).expect(200)).body.messages).to.have.length(1);
  });

  it('answers bad input with Invalid Arguments and changes nothing', async () => {
    const { ann } = await pair();
    for (const conversationId of [undefined, 'abc', -1, 0, 1.5, '']) {
      expect((await block(ann, 'put', conversationId).expect(400)).body.error, String(conversationId)).to.equal(INVALID_ARGUMENTS);
      expect((await block(ann, 'delete', conversationId).expect(400)).body.error, String(conversationId)).to.equal(INVALID_ARGUMENTS);
    }
    expect((await deleteConversation(ann, 'abc').expect(400)).body.error).to.equal(INVALID_ARGUMENTS);
    expect(await db('blocks').pluck('blocker_user_id')).to.deep.equal([]);
  });

  it('needs the CSRF token for block calls, and the x-csrf-token header for the GET delete', async () => {
    const { ann, id } = await pair();
    await ann.agent.put(`${CHAT}/block`).set('accept', 'application/json').send({ conversationId: id }).expect(403);
    const withoutHeader = await ann.agent.get(`${CHAT}/delete-messages-in-conversation/${id}`).set('accept', 'application/json').expect(403);
    expect(withoutHeader.body.error).to.equal(CSRF_MISMATCH);
    await ann.agent.get(`${CHAT}/delete-messages-in-conversation/${id}`).set('x-csrf-token', 'forged').expect(403);
    expect(await db('conversation_participants').whereNotNull('cleared_at').pluck('user_id')).to.deep.equal([]);
    expect(await db('blocks').pluck('blocker_user_id')).to.deep.equal([]);
  });
});
