// Change password on the settings page (issue 15 point 4).
import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, signIn, testApp, type Agent } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import type { Db } from '../../../server/db/index.js';
import { MAX_FAILURES_PER_EMAIL_AND_IP } from '../../../server/auth/throttle.js';
import * as messages from '../../../server/shared/messages.js';

describe('change password on the settings page', () => {
  let db: Db;
  let app: Express;

  beforeEach(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
  });

  async function change(agent: Agent, fields: Record<string, unknown>, status: number) {
    const token = await csrfToken(agent, '/members/profile');
    return agent.post('/members/profile/password').type('form').send({ ...fields, _csrf: token }).expect(status);
  }

  const passwordHash = async (userId: number) => (await db('users').where({ id: userId }).first('password_hash')).password_hash;

  it('shows the form on the settings page', async () => {
    const user = await createUser(db);
    const page = await (await signIn(app, user.email, TEST_PASSWORD)).get('/members/profile').expect(200);
    expect(page.text).to.include('action="/members/profile/password"').and.include('name="currentPassword"').and.include('name="newPassword"');
  });

  it('changes the password with the current one, keeps this session and ends every other one', async () => {
    const user = await createUser(db);
    const here = await signIn(app, user.email, TEST_PASSWORD);
    const there = await signIn(app, user.email, TEST_PASSWORD);
    const response = await change(here, { currentPassword: TEST_PASSWORD, newPassword: 'changed-pass' }, 303);
    expect(response.headers.location).to.equal('/members/profile?saved=password');
    expect((await here.get('/members/profile?saved=password').expect(200)).text).to.include(messages.PASSWORD_CHANGED);
    await there.get('/members').expect(302).expect('Location', '/');
    await signIn(app, user.email, 'changed-pass');
  });

  it('refuses a wrong current password and a new one that breaks the sign-up rules, changing nothing', async () => {
    const user = await createUser(db);
    const agent = await signIn(app, user.email, TEST_PASSWORD);
    const other = await signIn(app, user.email, TEST_PASSWORD);
    const before = await passwordHash(user.id);
    expect((await change(agent, { currentPassword: 'wrong-one', newPassword: 'changed-pass' }, 400)).text).to.include(messages.PASSWORD_CURRENT_WRONG);
    expect((await change(agent, { currentPassword: TEST_PASSWORD, newPassword: 'abc' }, 400)).text).to.include(messages.PASSWORD_TOO_SHORT);
    // the same password again would only sign the other sessions out
    expect((await change(agent, { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }, 400)).text).to.include(messages.PASSWORD_UNCHANGED);
    expect((await change(agent, { newPassword: 'changed-pass' }, 400)).text).to.include(messages.PASSWORD_REQUIRED);
    expect((await change(agent, { currentPassword: TEST_PASSWORD, newPassword: 'changed-pass', isAdmin: 'true' }, 400)).text).to.include(messages.SETTINGS_UNEXPECTED_FIELDS);
    expect((await change(agent, { currentPassword: [TEST_PASSWORD, TEST_PASSWORD], newPassword: 'changed-pass' }, 400)).text).to.include('role="alert"');
    expect(await passwordHash(user.id)).to.equal(before);
    await other.get('/members').expect(200);
  });

  it('stops guessing at the current password after as many failures as sign-in allows', async () => {
    const user = await createUser(db);
    const agent = await signIn(app, user.email, TEST_PASSWORD);
    const before = await passwordHash(user.id);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_IP; i++) await change(agent, { currentPassword: `guess-${i}`, newPassword: 'changed-pass' }, 400);
    const refused = await change(agent, { currentPassword: TEST_PASSWORD, newPassword: 'changed-pass' }, 429);
    expect(refused.text).to.include(messages.LOGIN_THROTTLED);
    expect(await passwordHash(user.id)).to.equal(before);
  });

  it('refuses signed-out visitors, posts without the CSRF token, read-only accounts and impersonating admins', async () => {
    const user = await createUser(db, { email: 'target@example.test' });
    const before = await passwordHash(user.id);
    await request(app).post('/members/profile/password').type('form').send({ currentPassword: TEST_PASSWORD, newPassword: 'changed-pass' }).expect(403);
    const anonymous = request.agent(app);
    const token = await csrfToken(anonymous, '/login');
    await anonymous.post('/members/profile/password').type('form').send({ currentPassword: TEST_PASSWORD, newPassword: 'changed-pass', _csrf: token }).expect(302).expect('Location', '/');

    const signedIn = await signIn(app, user.email, TEST_PASSWORD);
    await signedIn.post('/members/profile/password').type('form').send({ currentPassword: TEST_PASSWORD, newPassword: 'changed-pass' }).expect(403);

    const readOnly = await createUser(db, { isReadOnly: true });
    const readOnlyBefore = await passwordHash(readOnly.id);
    const readOnlyAgent = await signIn(app, readOnly.email, TEST_PASSWORD);
    const refused = await change(readOnlyAgent, { currentPassword: TEST_PASSWORD, newPassword: 'changed-pass' }, 302);
    expect(refused.headers.location).to.equal('/members/forbidden/read-only-account');
    expect(await passwordHash(readOnly.id)).to.equal(readOnlyBefore);

    const admin = await createUser(db, { isAdmin: true });
    const adminAgent = await signIn(app, admin.email, TEST_PASSWORD);
    const csrf = await csrfToken(adminAgent, '/cs/impersonate');
    await adminAgent.post('/cs/impersonate').type('form').send({ email: user.email, _csrf: csrf }).expect(302);
    expect((await change(adminAgent, { currentPassword: TEST_PASSWORD, newPassword: 'changed-pass' }, 403)).text).to.include(messages.PASSWORD_CHANGE_IMPERSONATING);
    expect(await passwordHash(user.id)).to.equal(before);
  });
});
