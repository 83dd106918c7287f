// CSRF protection (DESIGN.md, issue 34): csrf-sync's synchroniser token, kept in the session.
import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { testApp, csrfToken, csrfTokenIn, signIn, type Agent } from '../support/app.js';
import { testDb } from '../support/database.js';
import { DEMO_ACCOUNTS, resetToDemoData, signInAsDemo } from '../support/demo.js';
import { TEST_PASSWORD, createUser } from '../support/factories.js';
import { CSRF_MISMATCH } from '../../server/shared/messages.js';

const setCookies = (response: { headers: Record<string, unknown> }) => [response.headers['set-cookie'] ?? []].flat().map(String);
const cookieToken = (response: { headers: Record<string, unknown> }) => /^XSRF-TOKEN=([^;]+)/.exec(setCookies(response).find((cookie) => cookie.startsWith('XSRF-TOKEN=')) ?? '')?.[1];
const sessionRows = async () => (await testDb())('sessions').select('sid', 'user_id');
const nameOf = async (email: string) => (await (await testDb())('users').where({ email }).first('name')).name as string;

describe('CSRF protection', () => {
  let app: Express;

  before(async () => {
    await resetToDemoData();
    app = await testApp();
  });

  beforeEach(async () => (await testDb())('sessions').delete());

  describe('signed out', () => {
    it('stores no session, and gives no token or cookie, for a visitor who only reads pages', async () => {
      for (const path of ['/', '/help', '/contact', '/vets', '/breeders', '/dog/biscuit', '/dog/maple', '/logout', '/members']) {
        const response = await request(app).get(path);
        expect(response.status, path).to.be.oneOf([200, 302]);
        expect(response.text, path).to.not.include('name="csrf-token"');
        expect(setCookies(response).filter((cookie) => /^(sid|XSRF-TOKEN)=/.test(cookie)), path).to.deep.equal([]);
      }
      expect(await sessionRows()).to.deep.equal([]);
    });

    it('starts a session holding the token on the pages of signed-out forms, with the token in the page, the form and the cookie', async () => {
      for (const path of ['/login', '/signup', '/forgot-password', '/vets/signup']) {
        const page = await request(app).get(path).expect(200);
        const token = csrfTokenIn(page.text);
        expect(token, path).to.match(/^[0-9a-f]{64}$/);
        expect(page.text, path).to.include(`name="_csrf" value="${token}"`);
        expect(cookieToken(page), path).to.equal(token);
        expect(setCookies(page).some((cookie) => cookie.startsWith('sid=')), path).to.equal(true);
      }
      const rows = await sessionRows();
      expect(rows).to.have.length(4);
      expect(rows.map((row) => row.user_id)).to.deep.equal([null, null, null, null]);
    });

    it('keeps one token for the session: later pages show the same one and send no new cookie', async () => {
      const visitor = request.agent(app);
      const token = await csrfToken(visitor, '/login');
      for (const path of ['/signup', '/help', '/forgot-password']) {
        const page = await visitor.get(path).expect(200);
        expect(csrfTokenIn(page.text), path).to.equal(token);
        expect(setCookies(page), path).to.deep.equal([]);
      }
      expect(await sessionRows()).to.have.length(1);
    });

    it("refuses a form post without the token with 403 'CSRF Token Mismatch', as a page or as JSON, and changes nothing", async () => {
      const email = 'no-token@example.test';
      const form = { name: 'No Token', email, password: 'long-enough-1' };
      const bare = await request(app).post('/signup').type('form').send(form).expect(403);
      expect(bare.text).to.equal(CSRF_MISMATCH);
      expect(bare.headers['content-type']).to.match(/^text\/plain/);
      const visitor = request.agent(app);
      await csrfToken(visitor, '/signup');
      const json = await visitor.post('/signup').set('accept', 'application/json').send(form).expect(403);
      expect(json.body).to.deep.equal({ error: CSRF_MISMATCH, errors: [{ message: CSRF_MISMATCH }] });
      expect(await (await testDb())('users').where({ email }).first()).to.equal(undefined);
    });

    it('refuses a wrong token, the token of another browser, and a token in the query string', async () => {
      const attacker = request.agent(app);
      const attackerToken = await csrfToken(attacker);
      const victim = request.agent(app);
      const victimToken = await csrfToken(victim);
      const signInAs = (agent: Agent, token: string, query = '') => agent.post(`/login${query}`).type('form').send({ email: DEMO_ACCOUNTS.parent.email, password: 'demo1234', _csrf: token });
      expect((await signInAs(victim, 'forged').expect(403)).text).to.equal(CSRF_MISMATCH);
      expect((await signInAs(victim, attackerToken).expect(403)).text).to.equal(CSRF_MISMATCH);
      await victim.post(`/login?_csrf=${victimToken}`).type('form').send({ email: DEMO_ACCOUNTS.parent.email, password: 'demo1234' }).expect(403);
      // without any session, a real token is refused too
      await signInAs(request.agent(app), victimToken).expect(403);
      expect((await sessionRows()).every((row) => row.user_id === null)).to.equal(true);
    });

    it('lets the signed-out forms work with their token: sign-up, sign-in, forgotten password, vet sign-up', async () => {
      const signUp = request.agent(app);
      const signUpToken = await csrfToken(signUp, '/signup');
      await signUp.post('/signup').type('form').send({ name: 'New Member', email: 'new-member@example.test', password: 'long-enough-1', _csrf: signUpToken }).expect(302).expect('Location', '/members');
      await signUp.get('/members').expect(200);

      await signIn(app, DEMO_ACCOUNTS.parent.email, 'demo1234');

      const forgot = request.agent(app);
      const forgotToken = await csrfToken(forgot, '/forgot-password');
      await forgot.post('/forgot-password').type('form').send({ email: DEMO_ACCOUNTS.parent.email, _csrf: forgotToken }).expect(200);

      const vet = request.agent(app);
      const vetToken = await csrfToken(vet, '/vets/signup');
      await vet.post('/vets/signup').type('form').send({ name: 'Dr New', email: 'dr-new@example.test', password: 'long-enough-1', practiceName: 'New Practice', isDvm: 'yes', _csrf: vetToken }).expect(303).expect('Location', '/members');
      await vet.get('/members').expect(200);
    });
  });

  describe('signed in', () => {
    it('replaces the signed-out session at sign-in: the new session has a token of its own, valid on the pages that follow', async () => {
      const agent = request.agent(app);
      const login = await agent.get('/login').expect(200);
      const before = csrfTokenIn(login.text);
      const [signedOut] = await sessionRows();
      const signedIn = await agent.post('/login').type('form').send({ email: DEMO_ACCOUNTS.parent.email, password: 'demo1234', _csrf: before }).expect(302);
      const rows = await sessionRows();
      expect(rows).to.have.length(1);
      expect(rows[0].sid).to.not.equal(signedOut.sid);
      expect(rows[0].user_id).to.be.a('number');
      const after = cookieToken(signedIn);
      expect(after).to.match(/^[0-9a-f]{64}$/).and.not.equal(before);
      const page = await agent.get('/members').expect(200);
      expect(csrfTokenIn(page.text)).to.equal(after);
      const query = { query: '{ me { name } }' };
      await agent.post('/graphql').set('accept', 'application/json').set('x-csrf-token', before).send(query).expect(403);
      const me = await agent.post('/graphql').set('accept', 'application/json').set('x-csrf-token', after!).send(query).expect(200);
      expect(me.body.data.me.name).to.equal('Pat Parent');
    });

    it("refuses a post without the token, or with another session's token, changing nothing; the session's own token passes", async () => {
      const email = 'changer@example.test';
      await createUser(await testDb(), { email, name: 'Casey Changer' });
      const agent = await signIn(app, email, TEST_PASSWORD);
      const other = await signInAsDemo(app, 'parent');
      const otherToken = await csrfToken(other, '/members');
      const change = { name: 'Changed By Someone', countryCode: 'GB' };
      const bare = await agent.post('/members/profile').type('form').send(change).expect(403);
      expect(bare.text).to.equal(CSRF_MISMATCH);
      await agent.post('/members/profile').type('form').send({ ...change, _csrf: otherToken }).expect(403);
      const graphqlRefused = await agent.post('/graphql').set('x-csrf-token', otherToken).send({ query: '{ me { name } }' }).expect(403);
      expect(graphqlRefused.body.errors[0].message).to.equal(CSRF_MISMATCH);
      expect(await nameOf(email)).to.equal('Casey Changer');
      const own = await csrfToken(agent, '/members/profile');
      await agent.post('/members/profile').type('form').send({ ...change, _csrf: own }).expect(303);
      expect(await nameOf(email)).to.equal('Changed By Someone');
    });

    it('gives a new token when an admin starts and ends an impersonation, valid on the pages that follow', async () => {
      const admin = await signInAsDemo(app, 'admin');
      const adminToken = await csrfToken(admin, '/cs/impersonate');
      await admin.post('/cs/impersonate').type('form').send({ email: DEMO_ACCOUNTS.parent.email, _csrf: adminToken }).expect(302);
      const asParent = await csrfToken(admin, '/members');
      expect(asParent).to.not.equal(adminToken);
      await admin.post('/graphql').set('x-csrf-token', adminToken).send({ query: '{ me { name } }' }).expect(403);
      const me = await admin.post('/graphql').set('x-csrf-token', asParent).send({ query: '{ me { name } }' }).expect(200);
      expect(me.body.data.me.name).to.equal('Pat Parent');
      await admin.get('/members/unimpersonate').set('sec-fetch-site', 'same-origin').expect(302);
      const back = await csrfToken(admin, '/cs/impersonate');
      expect(back).to.not.equal(asParent);
      await admin.post('/graphql').set('x-csrf-token', back).send({ query: '{ me { name } }' }).expect(200);
    });

    it('ends the token with the session at sign-out, and clears the cookie on the next page', async () => {
      const agent = await signInAsDemo(app, 'parent');
      const token = await csrfToken(agent, '/members');
      await agent.post('/logout').type('form').send({ _csrf: token }).expect(302).expect('Location', '/');
      const home = await agent.get('/').expect(200);
      expect(home.text).to.not.include('name="csrf-token"');
      expect(setCookies(home).some((cookie) => /^XSRF-TOKEN=;/.test(cookie))).to.equal(true);
      await agent.post('/logout').type('form').send({ _csrf: token }).expect(403);
      expect(await sessionRows()).to.deep.equal([]);
    });
  });
});
