import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, testApp, type Agent } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { CHAT_UNKNOWN_DOG, CHAT_WITH_YOURSELF, READ_ONLY_IMPERSONATION } from '../../../server/shared/messages.js';
import { CHAT } from './helpers.js';

function widgetProps(html: string): Record<string, unknown> {
  const match = html.match(/data-widget="chat" data-props="([^"]*)"/);
  if (!match) throw new Error('no chat marker');
  const text = match[1].replace(/&#34;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return JSON.parse(text);
}

describe('chat pages and impersonation', () => {
  let app: Express;

  beforeEach(async () => {
    await resetToDemoData();
    app = await testApp();
  });

  it('renders /members/messages and /members/chat with the inbox and the chat widget marker', async () => {
    const parent = await signInAsDemo(app, 'parent');
    for (const path of ['/members/messages', '/members/chat']) {
      const page = await parent.get(path).expect(200);
      expect(page.text).to.match(/<link rel="stylesheet" href="\/static\/(build\/chat-[A-Z2-7]{8}|css\/chat)\.css">/);
      expect(page.text).to.include('class="chat-list__name">Bea Breeder</span>');
      const props = widgetProps(page.text);
      expect(props).to.include({ to: null, openConversationId: null, numUnreadMessages: 1 });
      expect((props.conversations as unknown[]).length).to.equal(1);
    }
  });

  it('opens the chat with a dog\'s owner from ?to=, and explains a refused handle', async () => {
    const newbie = await signInAsDemo(app, 'newbie');
    const page = await newbie.get('/members/chat?to=biscuit').expect(200);
    const props = widgetProps(page.text);
    expect(props).to.include({ to: 'biscuit', openConversationId: -1 });
    expect(props.toPetDetails).to.deep.include({ handle: 'biscuit', name: 'Biscuit', ownerName: 'Pat Parent' });

    const unknown = await newbie.get('/members/chat?to=no-such-dog').expect(404);
    expect(unknown.text).to.include(CHAT_UNKNOWN_DOG);
    expect(widgetProps(unknown.text)).to.include({ to: null, openConversationId: null });
    const parent = await signInAsDemo(app, 'parent');
    expect((await parent.get('/members/chat?to=biscuit').expect(400)).text).to.include(CHAT_WITH_YOURSELF);
    const injected = await newbie.get('/members/chat?to=%22%3E%3Cscript%3Ealert(1)%3C/script%3E').expect(404);
    expect(injected.text).to.not.include('<script>alert(1)');
  });

  it("opens the conversation of the chat e-mail's link (?conversation=), and only one of the user's own (issue 36 §16)", async () => {
    const [{ id }] = await (await testDb())('conversations').select('id');
    const parent = await signInAsDemo(app, 'parent');
    expect(widgetProps((await parent.get(`/members/messages?conversation=${id}`).expect(200)).text)).to.include({ openConversationId: id });
    const newbie = await signInAsDemo(app, 'newbie');
    for (const asked of [String(id), 'abc', '-1']) {
      expect(widgetProps((await newbie.get(`/members/messages?conversation=${asked}`).expect(200)).text), asked).to.include({ openConversationId: null });
    }
  });

  it('sends signed-out visitors of the pages home', async () => {
    await request(app).get('/members/messages').expect(302).expect('Location', '/');
    await request(app).get('/members/chat?to=biscuit').expect(302).expect('Location', '/');
  });

  async function impersonate(agent: Agent, email: string) {
    const token = await csrfToken(agent, '/cs/impersonate');
    await agent.post('/cs/impersonate').type('form').send({ email, _csrf: token }).expect(302);
  }

  it('lets a read-only sub-admin impersonation read the chat but refuses every chat write', async () => {
    const db = await testDb();
    const conversation = await db('conversations').first('id');
    const agent = await signInAsDemo(app, 'subadmin');
    await impersonate(agent, 'parent@demo.test');
    const token = await csrfToken(agent, '/members/messages');
    const json = (r: request.Test) => r.set('x-csrf-token', token).set('accept', 'application/json');

    const messages = await json(agent.get(`${CHAT}/get-messages/${conversation.id}`)).expect(200);
    expect(messages.body.messages).to.have.length(1);
    // Looking as staff marks nothing read for the user.
    expect(await db('message_read_statuses').pluck('message_id')).to.deep.equal([]);

    const refused = [
      await json(agent.post(`${CHAT}/send-message`)).send({ body: 'Hi', conversationId: conversation.id }),
      await json(agent.put(`${CHAT}/block`)).send({ conversationId: conversation.id }),
      await json(agent.delete(`${CHAT}/block`)).send({ conversationId: conversation.id }),
      await json(agent.get(`${CHAT}/delete-messages-in-conversation/${conversation.id}`)),
    ];
    for (const response of refused) {
      expect(response.status).to.equal(403);
      expect(response.body.error).to.equal(READ_ONLY_IMPERSONATION);
    }
    expect(await db('messages').count<{ count: string }[]>('* as count').then((r) => Number(r[0].count))).to.equal(1);
    expect(await db('blocks').pluck('blocker_user_id')).to.deep.equal([]);
    expect(await db('conversation_participants').whereNotNull('cleared_at').pluck('user_id')).to.deep.equal([]);
  });

  it('lets an admin impersonation write, recorded in the audit log', async () => {
    const db = await testDb();
    const conversation = await db('conversations').first('id');
    const agent = await signInAsDemo(app, 'admin');
    await impersonate(agent, 'parent@demo.test');
    const token = await csrfToken(agent, '/members/messages');
    await agent.get(`${CHAT}/delete-messages-in-conversation/${conversation.id}`).set('x-csrf-token', token).set('accept', 'application/json').expect(200);
    expect(await db('audit_log').pluck('action')).to.include('chat: delete conversation');
  });
});
