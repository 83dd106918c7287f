import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { testApp, csrfToken, signIn } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { LOGIN_FAILED, LOGIN_THROTTLED, PLEASE_LOG_IN } from '../../../server/shared/messages.js';
import { MAX_FAILURES_PER_EMAIL_AND_IP } from '../../../server/auth/throttle.js';

describe('sign in and out', () => {
  let app: Express;

  beforeEach(async () => {
    const db = await testDb();
    await resetDatabase(db);
    app = await testApp();
  });

  it('shows the sign-in form with email, password and a hidden _csrf field', async () => {
    const page = await request(app).get('/login').expect(200);
    expect(page.text).to.include('name="email"');
    expect(page.text).to.include('name="password"');
    expect(page.text).to.match(/<input type="hidden" name="_csrf" value="[^"]+">/);
    expect(page.text).to.match(/<meta name="csrf-token" content="[^"]+">/);
  });

  it('signs in with the right password and redirects to /members with a new session id', async () => {
    const db = await testDb();
    const user = await createUser(db, { email: 'rex@example.test' });
    const agent = request.agent(app);
    const before = await agent.get('/login');
    const sessionBefore = String(before.headers['set-cookie']).match(/sid=([^;]+)/)?.[1];
    const token = await csrfToken(agent);
    const response = await agent.post('/login').type('form').send({ email: 'REX@example.test', password: TEST_PASSWORD, _csrf: token }).expect(302);
    expect(response.headers.location).to.equal('/members');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).to.match(/sid=[^;]+/);
    expect(cookie.match(/sid=([^;]+)/)?.[1]).to.not.equal(sessionBefore);
    expect(cookie).to.include('HttpOnly');
    expect(cookie).to.include('SameSite=Lax');
    const members = await agent.get('/members').expect(200);
    expect(members.text).to.include('Sign Out');
    expect(user.email).to.equal('rex@example.test');
  });

  it('keeps sessions in the database', async () => {
    const db = await testDb();
    await createUser(db, { email: 'stored@example.test' });
    await signIn(app, 'stored@example.test', TEST_PASSWORD);
    const rows = await db('sessions').select('sess');
    const sessions = rows.map((row) => (typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess));
    expect(sessions.some((session) => typeof session.userId === 'number')).to.equal(true);
  });

  it('refuses a wrong password with the same message as an unknown e-mail, and records nothing else', async () => {
    const db = await testDb();
    await createUser(db, { email: 'known@example.test' });
    const agent = request.agent(app);
    for (const email of ['known@example.test', 'unknown@example.test']) {
      const token = await csrfToken(agent);
      const response = await agent.post('/login').type('form').send({ email, password: 'wrong-password', _csrf: token }).expect(401);
      expect(response.text).to.include(LOGIN_FAILED);
    }
    await agent.get('/members').expect(302).expect('Location', '/');
  });

  it('refuses further attempts after repeated failures, even with the right password', async () => {
    const db = await testDb();
    await createUser(db, { email: 'target@example.test' });
    const agent = request.agent(app);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_IP; i++) {
      const token = await csrfToken(agent);
      await agent.post('/login').type('form').send({ email: 'target@example.test', password: 'guess' + i, _csrf: token }).expect(401);
    }
    const token = await csrfToken(agent);
    const response = await agent.post('/login').type('form').send({ email: 'target@example.test', password: TEST_PASSWORD, _csrf: token }).expect(429);
    expect(response.text).to.include(LOGIN_THROTTLED);
  });

  it('answers a malformed sign-in with a clear error and no crash', async () => {
    const agent = request.agent(app);
    const token = await csrfToken(agent);
    const response = await agent.post('/login').type('form').send({ email: 'not-an-email', _csrf: token }).expect(400);
    expect(response.text).to.include('role="alert"');
  });

  it('signs out by POST with the token and forgets the session', async () => {
    const db = await testDb();
    await createUser(db, { email: 'bye@example.test' });
    const agent = await signIn(app, 'bye@example.test', TEST_PASSWORD);
    const token = await csrfToken(agent, '/members');
    await agent.post('/logout').type('form').send({ _csrf: token }).expect(302).expect('Location', '/');
    await agent.get('/members').expect(302).expect('Location', '/');
    expect(await db('sessions').count<{ count: string }[]>('* as count').then(([row]) => Number(row.count))).to.equal(0);
  });

  it('does not sign out from a GET (a link on another site) or a POST without the token', async () => {
    const db = await testDb();
    await createUser(db, { email: 'stay@example.test' });
    const agent = await signIn(app, 'stay@example.test', TEST_PASSWORD);
    const page = await agent.get('/logout').expect(200);
    expect(page.text).to.match(/<form method="post" action="\/logout"><input type="hidden" name="_csrf" value="[^"]+"><button class="button">Sign Out<\/button>/);
    await agent.post('/logout').type('form').send({}).expect(403);
    await agent.post('/logout').type('form').send({ _csrf: 'forged.token' }).expect(403);
    await agent.get('/members').expect(200);
  });

  it('sends a signed-out visitor of /logout home', async () => {
    await request(app).get('/logout').expect(302).expect('Location', '/');
  });

  it('redirects signed-out visits to any members page to /', async () => {
    for (const path of ['/members', '/members/profile', '/members/results/summary?i=1', '/members/anything/else']) {
      await request(app).get(path).expect(302).expect('Location', '/');
    }
  });

  it('opens the members page a signed-out visitor asked for (a link in an e-mail) once they sign in', async () => {
    await createUser(await testDb(), { email: 'linked@example.test' });
    const agent = request.agent(app);
    await agent.get('/members/messages?from=email').expect(302).expect('Location', '/');
    const token = await csrfToken(agent);
    const response = await agent.post('/login').type('form').send({ email: 'linked@example.test', password: TEST_PASSWORD, _csrf: token }).expect(302);
    expect(response.headers.location).to.equal('/members/messages?from=email');
    // once only: the next sign-in goes to /members
    const signOutToken = await csrfToken(agent, '/members');
    await agent.post('/logout').type('form').send({ _csrf: signOutToken });
    const againToken = await csrfToken(agent);
    const again = await agent.post('/login').type('form').send({ email: 'linked@example.test', password: TEST_PASSWORD, _csrf: againToken }).expect(302);
    expect(again.headers.location).to.equal('/members');
  });

  it("asks a visitor a members link sent home to sign in, with 'Please log in to continue' (issue 36 §16)", async () => {
    const notice = `data-sign-in-notice>${PLEASE_LOG_IN}`;
    const visitor = request.agent(app);
    expect((await visitor.get('/').expect(200)).text).to.not.include(notice);
    expect((await visitor.get('/login').expect(200)).text).to.not.include(notice);
    await visitor.get('/members/messages?conversation=7').expect(302).expect('Location', '/');
    expect((await visitor.get('/').expect(200)).text).to.include(notice);
    expect((await visitor.get('/login').expect(200)).text).to.include(notice);
    // a path off the site is never kept, so it asks nothing
    const other = request.agent(app);
    await other.get('//evil.example/members');
    expect((await other.get('/').expect(200)).text).to.not.include(notice);
  });

  it('never leads off the site after signing in', async () => {
    await createUser(await testDb(), { email: 'safe@example.test' });
    for (const path of ['//evil.example/members', '/\\evil.example']) {
      const agent = request.agent(app);
      await agent.get(path);
      const token = await csrfToken(agent);
      const response = await agent.post('/login').type('form').send({ email: 'safe@example.test', password: TEST_PASSWORD, _csrf: token }).expect(302);
      expect(response.headers.location, path).to.equal('/members');
    }
  });
});
