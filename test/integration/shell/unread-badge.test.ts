import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { testApp } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { PLEASE_LOG_IN } from '../../../server/shared/messages.js';

describe('unread messages badge', () => {
  let app: Express;

  before(async () => {
    await resetToDemoData();
    app = await testApp();
  });

  it('renders the unread count in the header and answers it at /api/messages/unread-count', async () => {
    const agent = await signInAsDemo(app, 'parent');
    const html = (await agent.get('/members')).text;
    expect(html).to.include('data-widget="unread-badge" data-props="{&#34;count&#34;:1}"><span class="unread-badge" aria-label="1 unread messages">1</span></span>');
    const response = await agent.get('/api/messages/unread-count').expect(200);
    expect(response.body).to.deep.equal({ numUnreadMessages: 1 });
  });

  it('does not count own messages, read messages or cleared conversations', async () => {
    const db = await testDb();
    const breeder = await signInAsDemo(app, 'breeder');
    expect((await breeder.get('/api/messages/unread-count')).body.numUnreadMessages).to.equal(0);
    const parent = await db('users').where({ email: 'parent@demo.test' }).first('id');
    const message = await db('messages').first('id', 'conversation_id');
    await db('message_read_statuses').insert({ message_id: message.id, user_id: parent.id });
    const agent = await signInAsDemo(app, 'parent');
    expect((await agent.get('/api/messages/unread-count')).body.numUnreadMessages).to.equal(0);
    await db('message_read_statuses').where({ message_id: message.id }).delete();
    await db('conversation_participants').where({ conversation_id: message.conversation_id, user_id: parent.id }).update({ cleared_at: db.raw("now() + interval '1 minute'") });
    expect((await agent.get('/api/messages/unread-count')).body.numUnreadMessages).to.equal(0);
  });

  it("refuses signed-out callers with 'Please log in to continue'", async () => {
    const response = await request(app).get('/api/messages/unread-count').expect(401);
    expect(response.body.error).to.equal(PLEASE_LOG_IN);
  });
});
