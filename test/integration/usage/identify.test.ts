// Identification of the user to analytics (spec 2 §3, §6, §7; issue 36 §13): every signed-in page
// carries its identity on <body>, with isImpersonator, impersonatorEmail and impersonatorName only
// while impersonating; POST /api/usage/identify writes the session's identity as a log line.
import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, signIn, testApp, type Agent } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createPet, createUser, TEST_PASSWORD } from '../../support/factories.js';
import { captureLogLines, type LogEntry } from '../../../server/usage/log.js';
import { CSRF_MISMATCH, INVALID_ARGUMENTS, PLEASE_LOG_IN } from '../../../server/shared/messages.js';

const identityOf = (html: string): unknown => {
  const attribute = html.match(/<body[^>]* data-analytics-identity="([^"]+)"/)?.[1];
  return attribute === undefined ? undefined : JSON.parse(attribute.replace(/&#34;/g, '"').replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&#39;/g, "'"));
};

async function impersonate(agent: Agent, email: string) {
  const token = await csrfToken(agent, '/cs/impersonate');
  await agent.post('/cs/impersonate').type('form').send({ email, _csrf: token }).expect(302);
}

async function postIdentify(agent: Agent, body: unknown, token?: string) {
  const csrf = token ?? (await csrfToken(agent, '/help'));
  return agent.post('/api/usage/identify').set('x-csrf-token', csrf).set('content-type', 'application/json').send(JSON.stringify(body));
}

describe('analytics identification (spec 2 §3)', () => {
  let app: Express;
  let lines: LogEntry[];
  let restore: () => void;
  let parent: { id: number; email: string };
  let admin: { id: number; email: string };
  let support: { id: number; email: string };
  let petNum: number;

  before(async () => {
    const db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    parent = await createUser(db, { name: 'Pat O\u2019Neil' });
    petNum = await createPet(db, parent.id, { name: 'Biscuit' });
    admin = await createUser(db, { isAdmin: true, name: 'Ada Admin' });
    support = await createUser(db, { canImpersonateAsSubAdmin: true, name: 'Sam "Support" Lee' });
  });

  beforeEach(() => {
    lines = [];
    restore = captureLogLines((entry) => lines.push(entry));
  });
  afterEach(() => restore());

  const pages = () => ['/members', '/members/profile', '/members/messages', '/help', `/members/results/summary?i=${petNum}`, `/members/pet/about/${petNum}`];

  it('identifies a normal session by its e-mail alone, never with an impersonation field', async () => {
    const agent = await signIn(app, parent.email, TEST_PASSWORD);
    for (const path of pages()) {
      const page = await agent.get(path).expect(200);
      expect(identityOf(page.text), path).to.deep.equal({ email: parent.email });
      expect(page.text, path).to.not.include('isImpersonator');
    }
    const own = await signIn(app, admin.email, TEST_PASSWORD);
    expect(identityOf((await own.get('/members').expect(200)).text)).to.deep.equal({ email: admin.email });
  });

  it('flags every page while impersonating with isImpersonator, the impersonator e-mail and name, read-only or not', async () => {
    for (const [who, name] of [
      [admin, 'Ada Admin'],
      [support, 'Sam "Support" Lee'],
    ] as const) {
      const agent = await signIn(app, who.email, TEST_PASSWORD);
      await impersonate(agent, parent.email);
      for (const path of pages()) {
        const page = await agent.get(path).expect(200);
        expect(identityOf(page.text), `${who.email} ${path}`).to.deep.equal({ email: parent.email, isImpersonator: true, impersonatorEmail: who.email, impersonatorName: name });
      }
      // back in one's own account, the flag is gone
      await agent.get('/members/unimpersonate');
      expect(identityOf((await agent.get('/members').expect(200)).text)).to.deep.equal({ email: who.email });
    }
  });

  it('gives a signed-out page no identity', async () => {
    for (const path of ['/', '/login', '/help']) {
      const page = await request(app).get(path).expect(200);
      expect(page.text, path).to.not.include('data-analytics-identity');
    }
  });

  it('logs the session’s identity for POST /api/usage/identify, with the impersonator only while impersonating', async () => {
    const agent = await signIn(app, parent.email, TEST_PASSWORD);
    expect((await postIdentify(agent, { email: parent.email })).status).to.equal(204);
    const agentOfSupport = await signIn(app, support.email, TEST_PASSWORD);
    await impersonate(agentOfSupport, parent.email);
    // what is logged is the session's identity, not what the page claims
    expect((await postIdentify(agentOfSupport, { email: 'someone@else.test' })).status).to.equal(204);
    expect(lines.map(({ level, time, ...line }) => (expect(level).to.equal(30), expect(Date.parse(time)).to.not.be.NaN, line))).to.deep.equal([
      { event: 'identify', msg: 'identify', userId: parent.id, email: parent.email },
      { event: 'identify', msg: 'identify', userId: parent.id, email: parent.email, isImpersonator: true, impersonatorEmail: support.email, impersonatorName: 'Sam "Support" Lee' },
    ]);
  });

  it("answers 400 'Invalid Arguments' for a malformed identity, 401 signed out, 403 without the CSRF header, logging nothing", async () => {
    const agent = await signIn(app, parent.email, TEST_PASSWORD);
    const token = await csrfToken(agent, '/help');
    for (const body of [{}, [], { email: 3 }, { email: parent.email, isImpersonator: false }, { email: parent.email, extra: 1 }, { email: 'x'.repeat(400) }, { email: 'a\u0000b' }]) {
      const response = await postIdentify(agent, body, token);
      expect(response.status, JSON.stringify(body)).to.equal(400);
      expect(response.body).to.deep.equal({ error: INVALID_ARGUMENTS });
    }
    const visitor = request.agent(app);
    // a signed-out visitor's token comes from a form page (reading /help gives none)
    const signedOut = await postIdentify(visitor, { email: parent.email }, await csrfToken(visitor, '/login'));
    expect(signedOut.status).to.equal(401);
    expect(signedOut.body).to.deep.equal({ error: PLEASE_LOG_IN });
    const noToken = await agent.post('/api/usage/identify').send({ email: parent.email });
    expect(noToken.status).to.equal(403);
    expect(noToken.body.error).to.equal(CSRF_MISMATCH);
    expect(lines).to.have.length(0);
  });
});
