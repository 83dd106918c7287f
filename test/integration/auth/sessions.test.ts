import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { testApp, csrfToken, signIn } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { CSRF_MISMATCH } from '../../../server/shared/messages.js';

const setCookies = (response: { headers: Record<string, unknown> }) => [response.headers['set-cookie'] ?? []].flat().map(String);
const hasSessionCookie = (response: { headers: Record<string, unknown> }) => setCookies(response).some((cookie) => cookie.startsWith('sid='));

async function sessionRows() {
  const db = await testDb();
  return db('sessions').select('sid', 'expired', db.raw('xmin::text as version'));
}

const HOUR_MS = 60 * 60 * 1000;

describe('sessions', () => {
  let app: Express;

  beforeEach(async () => {
    await resetDatabase(await testDb());
    app = await testApp();
  });

  describe('for visitors who have not signed in', () => {
    it('stores no session and sets no session cookie on anonymous page views', async () => {
      for (let i = 0; i < 5; i++) {
        for (const path of ['/', '/help', '/contact', '/logout', '/members']) {
          const response = await request(app).get(path);
          expect(hasSessionCookie(response), path).to.equal(false);
        }
      }
      expect(await sessionRows()).to.have.length(0);
    });

    it('keeps the session a sign-in form starts for its CSRF token a day, written once, and no more for a failed sign-in or sign-up', async () => {
      const agent = request.agent(app);
      const token = await csrfToken(agent);
      const [started] = await sessionRows();
      const expiresIn = new Date(started.expired).getTime() - Date.now();
      expect(expiresIn).to.be.within(23 * HOUR_MS, 24 * HOUR_MS);
      const failed = await agent.post('/login').type('form').send({ email: 'nobody@example.test', password: 'wrong', _csrf: token }).expect(401);
      expect(hasSessionCookie(failed)).to.equal(false);
      await agent.post('/signup').type('form').send({ name: 'X', email: 'bad', password: 'short', _csrf: token }).expect(400);
      for (const path of ['/login', '/help', '/signup']) await agent.get(path).expect(200);
      expect(await sessionRows()).to.deep.equal([started]);
    });

    it('needs the token of its own session on anonymous forms: a token from another browser is refused', async () => {
      await createUser(await testDb(), { email: 'victim@example.test' });
      const attacker = request.agent(app);
      const attackerToken = await csrfToken(attacker);
      const victim = request.agent(app);
      await csrfToken(victim);
      const response = await victim.post('/login').type('form').send({ email: 'victim@example.test', password: TEST_PASSWORD, _csrf: attackerToken }).expect(403);
      expect(response.text).to.equal(CSRF_MISMATCH);
      // Without any cookie, a well-formed token is refused too.
      await request(app).post('/login').type('form').send({ email: 'victim@example.test', password: TEST_PASSWORD, _csrf: attackerToken }).expect(403);
    });
  });

  describe('for signed-in users', () => {
    it('binds the token to the session: the anonymous token and another session’s token are refused after sign-in', async () => {
      const db = await testDb();
      await createUser(db, { email: 'one@example.test' });
      await createUser(db, { email: 'two@example.test' });
      const agent = request.agent(app);
      const anonymousToken = await csrfToken(agent);
      await agent.post('/login').type('form').send({ email: 'one@example.test', password: TEST_PASSWORD, _csrf: anonymousToken }).expect(302);
      const query = { query: '{ me { name } }' };
      await agent.post('/graphql').set('x-csrf-token', anonymousToken).send(query).expect(403);
      const other = await signIn(app, 'two@example.test', TEST_PASSWORD);
      const otherToken = await csrfToken(other, '/members');
      await agent.post('/graphql').set('x-csrf-token', otherToken).send(query).expect(403);
      const ownToken = await csrfToken(agent, '/members');
      await agent.post('/graphql').set('x-csrf-token', ownToken).send(query).expect(200);
    });

    it('writes nothing on page views and calls while the session is fresh', async () => {
      const db = await testDb();
      await createUser(db, { email: 'reader@example.test' });
      const agent = await signIn(app, 'reader@example.test', TEST_PASSWORD);
      const before = await sessionRows();
      expect(before).to.have.length(1);
      for (const path of ['/members', '/help', '/members/profile', '/members']) {
        const response = await agent.get(path).expect(200);
        expect(hasSessionCookie(response), path).to.equal(false);
      }
      const token = await csrfToken(agent, '/members');
      await agent.post('/graphql').set('x-csrf-token', token).send({ query: '{ me { name } }' }).expect(200);
      expect(await sessionRows()).to.deep.equal(before);
    });

    it('rolls the expiry forward, with a write and a fresh cookie, once the last write is more than ten minutes old', async () => {
      const db = await testDb();
      await createUser(db, { email: 'regular@example.test' });
      const agent = await signIn(app, 'regular@example.test', TEST_PASSWORD);
      await db('sessions').update({ expired: db.raw("now() + interval '14 days' - interval '11 minutes'") });
      const [stale] = await sessionRows();
      const response = await agent.get('/members').expect(200);
      expect(hasSessionCookie(response)).to.equal(true);
      const [rolled] = await sessionRows();
      expect(rolled.sid).to.equal(stale.sid);
      expect(new Date(rolled.expired).getTime() - new Date(stale.expired).getTime()).to.be.greaterThan(10 * 60 * 1000);
      const again = await agent.get('/members').expect(200);
      expect(hasSessionCookie(again)).to.equal(false);
      expect(await sessionRows()).to.deep.equal([rolled]);
    });

    it('loads the session, the account and the header counts in one query on a page view', async () => {
      const db = await testDb();
      await createUser(db, { email: 'counted@example.test' });
      const agent = await signIn(app, 'counted@example.test', TEST_PASSWORD);
      const queries: string[] = [];
      const count = (query: { sql: string }) => queries.push(query.sql);
      db.on('query', count);
      try {
        await agent.get('/help').expect(200);
      } finally {
        db.off('query', count);
      }
      expect(queries, queries.join('\n')).to.have.length(1);
    });

    it('ends with the account: removing the account removes its sessions', async () => {
      const db = await testDb();
      const user = await createUser(db, { email: 'leaving@example.test' });
      const agent = await signIn(app, 'leaving@example.test', TEST_PASSWORD);
      await db('users').where({ id: user.id }).delete();
      expect(await sessionRows()).to.have.length(0);
      await agent.get('/members').expect(302).expect('Location', '/');
    });
  });
});
