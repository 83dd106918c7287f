import { expect } from 'chai';
import type { Express } from 'express';
import { csrfToken, signIn, testApp } from '../../support/app.js';
import { TEST_PASSWORD } from '../../support/factories.js';
import { resetDatabase, testDb } from '../../support/database.js';
import type { Db } from '../../../server/db/index.js';
import {
  CHAT_BLOCKED,
  CHAT_EMPTY_BODY,
  CHAT_MESSAGE_TOO_LONG,
  CHAT_RATE_LIMITED,
  CHAT_UNKNOWN_DOG,
  CHAT_WITH_YOURSELF,
  INVALID_ARGUMENTS,
  NOT_AUTHORIZED,
  PLEASE_LOG_IN,
} from '../../../server/shared/messages.js';
import { MAX_MESSAGE_LENGTH, SEND_LIMIT_PER_MINUTE } from '../../../server/shared/chat-rules.js';
import { SENDS } from '../../../server/chat/mutations.js';
import { endWindows, pointsUsed } from '../../support/rate-limits.js';
import { CHAT, getJson, member, send, signedOut, startConversation } from './helpers.js';

describe('POST /members/chat/send-message', () => {
  let app: Express;
  let db: Db;

  beforeEach(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
  });

  it('starts conversation -1 with the owner of ?to= on the first message and returns it', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna', name: 'Bob Owner' });
    const response = await send(ann, { body: '  Hi Bob!  ', conversationId: -1, startNewConversationTo: bob.petHandle }).expect(200);
    const { sentMessage, startedConversation } = response.body;
    expect(sentMessage).to.include({ body: 'Hi Bob!', createdByMe: true });
    expect(sentMessage.allReadStatuses).to.deep.equal([]);
    expect(new Date(sentMessage.createdAt).toString()).to.not.equal('Invalid Date');
    expect(startedConversation.conversationId).to.be.a('number').above(0);
    const conversation = await db('conversations').where('id', startedConversation.conversationId).first();
    expect(conversation.subject).to.equal('Rex and Luna');
    const participants = await db('conversation_participants').where('conversation_id', startedConversation.conversationId).orderBy('user_id').pluck('user_id');
    expect(participants).to.deep.equal([ann.userId, bob.userId].sort((a, b) => a - b));

    // A second "new" chat with the same owner continues the same conversation.
    const again = await send(ann, { body: 'Me again', conversationId: -1, startNewConversationTo: bob.petHandle }).expect(200);
    expect(again.body.startedConversation.conversationId).to.equal(startedConversation.conversationId);
    const reply = await send(bob, { body: 'Hi Ann', conversationId: startedConversation.conversationId }).expect(200);
    expect(reply.body.startedConversation).to.equal(undefined);
    expect(await db('messages').count<{ count: string }[]>('* as count').then((r) => Number(r[0].count))).to.equal(3);
  });

  it('refuses an empty or blank body with the spec alert, and a body over the limit', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const id = await startConversation(ann, bob.petHandle!);
    for (const body of ['', '   \n\t ', undefined, null, 42]) {
      const response = await send(ann, { body, conversationId: id }).expect(400);
      expect(response.body.error, String(body)).to.equal(CHAT_EMPTY_BODY);
    }
    const tooLong = await send(ann, { body: 'x'.repeat(MAX_MESSAGE_LENGTH + 1), conversationId: id }).expect(400);
    expect(tooLong.body.error).to.equal(CHAT_MESSAGE_TOO_LONG);
    for (const body of ['a\tb', 'color \u009b31m red', 'next\u0085line']) {
      const refused = await send(ann, { body, conversationId: id }).expect(400);
      expect(refused.body.error, JSON.stringify(body)).to.equal(INVALID_ARGUMENTS);
    }
    await send(ann, { body: 'é'.repeat(MAX_MESSAGE_LENGTH), conversationId: id }).expect(200);
    expect(await db('messages').where('conversation_id', id).pluck('body')).to.have.length(2);
  });

  it('answers bad ids and missing fields with Invalid Arguments and writes nothing', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    for (const conversationId of ['abc', '1.5', 0, -2, '1; drop table messages', { id: 1 }, 99999999999]) {
      const response = await send(ann, { body: 'Hi', conversationId }).expect(400);
      expect(response.body.error, JSON.stringify(conversationId)).to.equal(INVALID_ARGUMENTS);
    }
    expect((await send(ann, { body: 'Hi', conversationId: -1 }).expect(400)).body.error).to.equal(INVALID_ARGUMENTS);
    expect((await send(ann, { body: 'Hi' }).expect(400)).body.error).to.equal(INVALID_ARGUMENTS);
    expect(await db('messages').count<{ count: string }[]>('* as count').then((r) => Number(r[0].count))).to.equal(0);
    expect(await db('conversations').count<{ count: string }[]>('* as count').then((r) => Number(r[0].count))).to.equal(0);
  });

  it('refuses to start a chat with yourself, or with a hidden, private or unknown dog', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    expect((await send(ann, { body: 'Hi', conversationId: -1, startNewConversationTo: ann.petHandle }).expect(400)).body.error).to.equal(CHAT_WITH_YOURSELF);
    expect((await send(ann, { body: 'Hi', conversationId: -1, startNewConversationTo: 'no-such-dog' }).expect(404)).body.error).to.equal(CHAT_UNKNOWN_DOG);
    expect((await send(ann, { body: 'Hi', conversationId: -1, startNewConversationTo: '<b>' }).expect(404)).body.error).to.equal(CHAT_UNKNOWN_DOG);
    await db('pets').where('handle', bob.petHandle).update({ is_hidden: true });
    expect((await send(ann, { body: 'Hi', conversationId: -1, startNewConversationTo: bob.petHandle }).expect(404)).body.error).to.equal(CHAT_UNKNOWN_DOG);
    await db('pets').where('handle', bob.petHandle).update({ is_hidden: false, privacy: 'private' });
    expect((await send(ann, { body: 'Hi', conversationId: -1, startNewConversationTo: bob.petHandle }).expect(404)).body.error).to.equal(CHAT_UNKNOWN_DOG);
    expect(await db('conversations').count<{ count: string }[]>('* as count').then((r) => Number(r[0].count))).to.equal(0);
  });

  it("answers 'Not Authorized' to someone outside the conversation", async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const eve = await member(app, db);
    const id = await startConversation(ann, bob.petHandle!);
    expect((await send(eve, { body: 'Let me in', conversationId: id }).expect(403)).body.error).to.equal(NOT_AUTHORIZED);
    expect((await send(eve, { body: 'Unknown', conversationId: id + 100 }).expect(403)).body.error).to.equal(NOT_AUTHORIZED);
    expect(await db('messages').where('created_by_user_id', eve.userId).pluck('id')).to.deep.equal([]);
  });

  it('stores a <script> body as plain text and returns it unchanged', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const body = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const id = await startConversation(ann, bob.petHandle!, body);
    expect(await db('messages').where('conversation_id', id).pluck('body')).to.deep.equal([body]);
    const messages = await getJson(bob, `/get-messages/${id}`).expect(200);
    expect(messages.body.messages[0].body).to.equal(body);
    expect(messages.headers['content-type']).to.match(/^application\/json/);
    const page = await bob.agent.get('/members/messages').expect(200);
    expect(page.text).to.not.include('<script>alert');
    expect(page.text).to.include('&lt;script&gt;alert');
  });

  it('rate-limits sends per user, counted in the database across app processes, and counts only sent messages', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const id = await startConversation(ann, bob.petHandle!);
    // Another app process on the same database counts the same sends.
    const elsewhere = await signIn(await testApp(), ann.email, TEST_PASSWORD);
    const annElsewhere = { agent: elsewhere, token: await csrfToken(elsewhere, '/members/messages') };
    // a send refused for another reason takes no point
    await send(ann, { body: 'not mine', conversationId: id + 1000 }).expect(403);
    expect(await pointsUsed(db, SENDS, ann.userId)).to.equal(1);
    for (let i = 1; i < SEND_LIMIT_PER_MINUTE; i++) await send(i % 2 ? annElsewhere : ann, { body: `m${i}`, conversationId: id }).expect(200);
    expect(await pointsUsed(db, SENDS, ann.userId)).to.equal(SEND_LIMIT_PER_MINUTE);
    const sent = await db('messages').count<{ count: string }[]>('* as count').then((r) => Number(r[0].count));
    const limited = await send(ann, { body: 'one too many', conversationId: id }).expect(429);
    expect(limited.body.error).to.equal(CHAT_RATE_LIMITED);
    expect((await send(annElsewhere, { body: 'from a second process', conversationId: id }).expect(429)).body.error).to.equal(CHAT_RATE_LIMITED);
    expect(await db('messages').count<{ count: string }[]>('* as count').then((r) => Number(r[0].count)), 'a refused send writes nothing').to.equal(sent);
    expect(await pointsUsed(db, SENDS, ann.userId), 'nor counts').to.equal(SEND_LIMIT_PER_MINUTE);
    await endWindows(db, SENDS);
    await send(ann, { body: 'later', conversationId: id }).expect(200);
    // The other side is not limited by Ann's sends.
    await send(bob, { body: 'reply', conversationId: id }).expect(200);
  });

  it('refuses sends in both directions once either side blocks', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const id = await startConversation(ann, bob.petHandle!);
    await db('blocks').insert({ blocker_user_id: bob.userId, blocked_user_id: ann.userId, conversation_id: id });
    expect((await send(ann, { body: 'Hi', conversationId: id }).expect(403)).body.error).to.equal(CHAT_BLOCKED);
    expect((await send(bob, { body: 'Hi', conversationId: id }).expect(403)).body.error).to.equal(CHAT_BLOCKED);
    expect((await send(ann, { body: 'Hi', conversationId: -1, startNewConversationTo: bob.petHandle }).expect(403)).body.error).to.equal(CHAT_BLOCKED);
  });

  it("answers signed-out callers with 'Please log in to continue' and checks the CSRF token", async () => {
    const response = await signedOut(app).post(`${CHAT}/send-message`).send({ body: 'Hi', conversationId: 1 });
    expect(response.status).to.be.oneOf([401, 403]);
    const ann = await member(app, db, { petName: 'Rex' });
    const noToken = await ann.agent.post(`${CHAT}/send-message`).set('accept', 'application/json').send({ body: 'Hi', conversationId: -1 }).expect(403);
    expect(noToken.body.error).to.equal('CSRF Token Mismatch');
    const get = await signedOut(app).get(`${CHAT}/get-conversations`).expect(401);
    expect(get.body.error).to.equal(PLEASE_LOG_IN);
  });
});
