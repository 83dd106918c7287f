import { expect } from 'chai';
import type { Express } from 'express';
import { testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import type { Db } from '../../../server/db/index.js';
import { getJson, member, send, startConversation } from './helpers.js';
import { statementsDuring } from '../../support/statements.js';

describe('chat e-mail notices', () => {
  let app: Express;
  let db: Db;

  beforeEach(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
  });

  const outboxFor = (email: string) => db('outbox').where('to_address', email).orderBy('id').select('subject', 'template', 'payload', 'user_id');

  it("names the sender as written, even with replacement patterns such as $& in the name", async () => {
    const ann = await member(app, db, { petName: 'Rex', name: "Pat $& $` $' Co" });
    const bob = await member(app, db, { petName: 'Luna' });
    await send(ann, { body: 'Hello', conversationId: await startConversation(ann, bob.petHandle!) }).expect(200);
    expect((await outboxFor(bob.email))[0].subject).to.equal("New message from Pat $& $` $' Co");
  });

  it('queues one notice per conversation until the recipient reads it, then one again', async () => {
    const ann = await member(app, db, { petName: 'Rex', name: 'Ann Owner' });
    const bob = await member(app, db, { petName: 'Luna' });
    const id = await startConversation(ann, bob.petHandle!);
    await send(ann, { body: 'Are you there?', conversationId: id }).expect(200);
    await send(ann, { body: 'Hello?', conversationId: id }).expect(200);
    const queued = await outboxFor(bob.email);
    expect(queued).to.have.length(1);
    expect(queued[0]).to.deep.include({ subject: 'New message from Ann Owner', template: 'chat-new-message', user_id: bob.userId });
    expect(queued[0].payload).to.deep.include({ conversationId: id });
    expect(await outboxFor(ann.email)).to.have.length(0);

    await getJson(bob, `/get-messages/${id}`).expect(200);
    await send(ann, { body: 'One more', conversationId: id }).expect(200);
    await send(ann, { body: 'And another', conversationId: id }).expect(200);
    expect(await outboxFor(bob.email)).to.have.length(2);

    await send(bob, { body: 'Reply', conversationId: id }).expect(200);
    expect(await outboxFor(ann.email)).to.have.length(1);
  });

  it('claims the notice with the recipient’s preference and address in one statement, and sends nothing more once claimed', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const id = await startConversation(ann, bob.petHandle!);
    await send(ann, { body: 'First', conversationId: id }).expect(200);
    const first = await statementsDuring(db, () => send(ann, { body: 'Second', conversationId: id }).expect(200));
    const second = await statementsDuring(db, () => send(ann, { body: 'Third', conversationId: id }).expect(200));
    const notice = first.filter((sql) => /email_preferences/.test(sql));
    expect(notice).to.have.length(1);
    expect(notice[0]).to.match(/^update conversation_participants .* returning cp\.user_id, u\.email/s);
    expect(first.filter((sql) => /select "email" from "users"/.test(sql))).to.have.length(0);
    expect(second).to.have.length(first.length);
    expect(await outboxFor(bob.email)).to.have.length(1);
  });

  it('sends none when the recipient turned chat e-mails off', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    await db('email_preferences').insert({ user_id: bob.userId, chat: false });
    const id = await startConversation(ann, bob.petHandle!);
    await send(ann, { body: 'Anyone?', conversationId: id }).expect(200);
    expect(await outboxFor(bob.email)).to.have.length(0);
    const participant = await db('conversation_participants').where({ conversation_id: id, user_id: bob.userId }).first('email_notice_sent_at');
    expect(participant.email_notice_sent_at).to.equal(null);
  });

  it('queues nothing for a refused send', async () => {
    const ann = await member(app, db, { petName: 'Rex' });
    const bob = await member(app, db, { petName: 'Luna' });
    const id = await startConversation(ann, bob.petHandle!);
    await getJson(bob, `/get-messages/${id}`).expect(200);
    await db('blocks').insert({ blocker_user_id: bob.userId, blocked_user_id: ann.userId, conversation_id: id });
    await send(ann, { body: 'Blocked', conversationId: id }).expect(403);
    expect(await outboxFor(bob.email)).to.have.length(1);
  });
});
