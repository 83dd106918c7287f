import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, signIn, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import type { Db } from '../../../server/db/index.js';
import { hashResetToken, MAX_RESET_REQUESTS_PER_EMAIL, MAX_RESET_REQUESTS_PER_IP, RESET_LINK_LIFETIME_MINUTES } from '../../../server/auth/password-reset-rules.js';
import { RESET_REQUESTS_BY_EMAIL } from '../../../server/auth/password-reset-queries.js';
import { endWindows, pointsUsed } from '../../support/rate-limits.js';
import * as messages from '../../../server/shared/messages.js';
import { statementsDuring } from '../../support/statements.js';

describe('password reset', () => {
  let db: Db;
  let app: Express;

  beforeEach(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
  });

  async function requestReset(email: unknown, status: number) {
    const agent = request.agent(app);
    const token = await csrfToken(agent, '/forgot-password');
    return agent.post('/forgot-password').type('form').send({ email, _csrf: token }).expect(status);
  }

  /** The token the queued e-mail carries, as the worker would put it in the link. */
  async function queuedToken(email: string): Promise<string> {
    const row = await db('outbox').where({ to_address: email, template: 'password-reset' }).orderBy('id', 'desc').first('payload');
    return row.payload.token;
  }

  async function postNewPassword(token: string, password: unknown, status?: number) {
    const agent = request.agent(app);
    const csrf = await csrfToken(agent, '/login');
    const post = agent.post(`/reset-password/${token}`).type('form').send({ password, _csrf: csrf });
    return status === undefined ? post : post.expect(status);
  }

  it('offers “Forgot password?” on the sign-in page', async () => {
    const page = await request(app).get('/login').expect(200);
    expect(page.text).to.include('href="/forgot-password"');
    expect(page.text).to.include('Forgot password?');
    expect((await request(app).get('/forgot-password').expect(200)).text).to.include('name="email"');
  });

  it('answers the same whether or not the address has an account, and e-mails only an account', async () => {
    await createUser(db, { email: 'known@example.test' });
    const known = await requestReset('known@example.test', 200);
    const unknown = await requestReset('unknown@example.test', 200);
    expect(known.text).to.include(messages.RESET_REQUEST_SENT);
    const strip = (html: string) => html.replace(/<meta name="csrf-token"[^>]*>/, '').replace(/value="[^"]*"/g, '').replace(/ nonce="[^"]*"/g, '');
    expect(strip(known.text)).to.equal(strip(unknown.text));
    expect(await db('outbox').pluck('to_address')).to.deep.equal(['known@example.test']);
    const stored = await db('password_reset_tokens').select('token_hash');
    expect(stored).to.have.length(1);
    expect(stored[0].token_hash).to.equal(hashResetToken(await queuedToken('known@example.test')));
  });

  it('sends the same statements for a known and an unknown address, so its time does not tell them apart', async () => {
    await createUser(db, { email: 'known@example.test' });
    const shape = async (email: string) => (await statementsDuring(db, () => requestReset(email, 200))).map((sql) => sql.replace(/\$\d+/g, '?'));
    const known = await shape('known@example.test');
    const unknown = await shape('unknown@example.test');
    expect(unknown).to.deep.equal(known);
    expect(await db('outbox').pluck('to_address')).to.deep.equal(['known@example.test']);
  });

  it('sets a new password with the link, ends every other session, and refuses the link a second time', async () => {
    const user = await createUser(db, { email: 'reset@example.test' });
    const elsewhere = await signIn(app, user.email, TEST_PASSWORD);
    await requestReset(user.email, 200);
    const token = await queuedToken(user.email);
    const form = await request(app).get(`/reset-password/${token}`).expect(200);
    expect(form.text).to.include('name="password"');
    expect(form.headers['referrer-policy']).to.equal('no-referrer');

    const done = await postNewPassword(token, 'new-secret-1', 200);
    expect(done.text).to.include(messages.RESET_DONE);
    await elsewhere.get('/members').expect(302).expect('Location', '/');
    await signIn(app, user.email, 'new-secret-1');

    const again = await postNewPassword(token, 'another-pass', 410);
    expect(again.text).to.include(messages.RESET_LINK_USED);
    expect((await request(app).get(`/reset-password/${token}`).expect(410)).text).to.include(messages.RESET_LINK_USED);
    await signIn(app, user.email, 'new-secret-1');
  });

  it('refuses an expired link and an altered one, changing nothing', async () => {
    const user = await createUser(db, { email: 'old@example.test' });
    await requestReset(user.email, 200);
    const token = await queuedToken(user.email);
    const before = await db('users').where({ id: user.id }).first('password_hash');

    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await postNewPassword(altered, 'new-secret-1', 404)).text).to.include(messages.RESET_LINK_INVALID);
    expect((await postNewPassword(token.slice(0, 10), 'new-secret-1', 404)).text).to.include(messages.RESET_LINK_INVALID);
    expect((await request(app).get('/reset-password/%27%20or%201%3D1--').expect(404)).text).to.include(messages.RESET_LINK_INVALID);

    await db('password_reset_tokens').update({ created_at: db.raw(`now() - interval '${RESET_LINK_LIFETIME_MINUTES + 1} minutes'`), expires_at: db.raw("now() - interval '1 minute'") });
    expect((await request(app).get(`/reset-password/${token}`).expect(410)).text).to.include(messages.RESET_LINK_EXPIRED);
    expect((await postNewPassword(token, 'new-secret-1', 410)).text).to.include(messages.RESET_LINK_EXPIRED);

    expect(await db('users').where({ id: user.id }).first('password_hash')).to.deep.equal(before);
    expect(await db('password_reset_tokens').whereNotNull('used_at')).to.have.length(0);
    await signIn(app, user.email, TEST_PASSWORD);
  });

  it('holds a new password to the sign-up rules without using up the link', async () => {
    const user = await createUser(db, { email: 'short@example.test' });
    await requestReset(user.email, 200);
    const token = await queuedToken(user.email);
    expect((await postNewPassword(token, 'abc', 400)).text).to.include(messages.PASSWORD_TOO_SHORT);
    expect((await postNewPassword(token, '', 400)).text).to.include(messages.PASSWORD_REQUIRED);
    expect((await postNewPassword(token, ['a-long-password', 'x'], 400)).text).to.include('role="alert"');
    await postNewPassword(token, 'long-enough', 200);
  });

  it('lets one of two simultaneous posts of a link through', async () => {
    const user = await createUser(db, { email: 'race@example.test' });
    await requestReset(user.email, 200);
    const token = await queuedToken(user.email);
    const statuses = (await Promise.all([postNewPassword(token, 'first-pass-1'), postNewPassword(token, 'second-pass-2')])).map((response) => response.status);
    expect(statuses.sort()).to.deep.equal([200, 410]);
  });

  it('an older link stops working once a newer one was used', async () => {
    const user = await createUser(db, { email: 'two@example.test' });
    await requestReset(user.email, 200);
    const first = await queuedToken(user.email);
    await requestReset(user.email, 200);
    const second = await queuedToken(user.email);
    await postNewPassword(second, 'second-pass', 200);
    await postNewPassword(first, 'first-pass', 410);
  });

  it('throttles requests for one address, known or not, with a clear message', async () => {
    await createUser(db, { email: 'busy@example.test' });
    for (const email of ['busy@example.test', 'ghost@example.test']) {
      for (let i = 0; i < MAX_RESET_REQUESTS_PER_EMAIL; i++) await requestReset(email, 200);
      expect((await requestReset(email, 429)).text).to.include(messages.RESET_THROTTLED);
    }
    expect(await db('outbox').where({ to_address: 'busy@example.test' })).to.have.length(MAX_RESET_REQUESTS_PER_EMAIL);
    // refused requests count too
    expect(await pointsUsed(db, RESET_REQUESTS_BY_EMAIL, 'busy@example.test')).to.equal(MAX_RESET_REQUESTS_PER_EMAIL + 1);
    // an hour later the address may ask again
    await endWindows(db, RESET_REQUESTS_BY_EMAIL);
    await requestReset('busy@example.test', 200);
    expect(await db('outbox').where({ to_address: 'busy@example.test' })).to.have.length(MAX_RESET_REQUESTS_PER_EMAIL + 1);
  });

  it(`throttles one client address after ${MAX_RESET_REQUESTS_PER_IP} requests, whatever the addresses asked for`, async () => {
    for (let i = 0; i < MAX_RESET_REQUESTS_PER_IP; i++) await requestReset(`someone${i}@example.test`, 200);
    expect((await requestReset('one-more@example.test', 429)).text).to.include(messages.RESET_THROTTLED);
  });

  it('counts the requests sent to two app processes on one database together', async () => {
    await createUser(db, { email: 'twice@example.test' });
    const apps = [app, await testApp()];
    const requestOn = async (n: number, status: number) => {
      const agent = request.agent(apps[n]);
      const token = await csrfToken(agent, '/forgot-password');
      return agent.post('/forgot-password').type('form').send({ email: 'twice@example.test', _csrf: token }).expect(status);
    };
    for (let i = 0; i < MAX_RESET_REQUESTS_PER_EMAIL; i++) await requestOn(i % 2, 200);
    for (const n of [0, 1]) expect((await requestOn(n, 429)).text).to.include(messages.RESET_THROTTLED);
    expect(await db('outbox').where({ to_address: 'twice@example.test' })).to.have.length(MAX_RESET_REQUESTS_PER_EMAIL);
  });

  it('refuses a malformed address and a post without the CSRF token, queueing nothing', async () => {
    await createUser(db, { email: 'csrf@example.test' });
    expect((await requestReset('not an address', 400)).text).to.include(messages.EMAIL_INVALID);
    expect((await requestReset({ $ne: 1 }, 400)).text).to.include('role="alert"');
    await request(app).post('/forgot-password').type('form').send({ email: 'csrf@example.test' }).expect(403);
    expect(await db('outbox')).to.have.length(0);
  });
});
