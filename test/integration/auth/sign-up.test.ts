import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { testApp, csrfToken } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser } from '../../support/factories.js';
import { EMAIL_TAKEN, INVALID_ARGUMENTS, PASSWORD_REQUIRED, PASSWORD_TOO_SHORT } from '../../../server/shared/messages.js';

describe('sign up', () => {
  let app: Express;

  beforeEach(async () => {
    await resetDatabase(await testDb());
    app = await testApp();
  });

  it('shows a password field with a show/hide toggle and a back button', async () => {
    const page = await request(app).get('/signup').expect(200);
    expect(page.text).to.include('data-password-toggle="password"');
    expect(page.text).to.include('class="back-link"');
    expect(page.text).to.include('minlength="6"');
  });

  it('creates a pet parent account, hashes the password and signs in', async () => {
    const agent = request.agent(app);
    const token = await csrfToken(agent, '/signup');
    await agent.post('/signup').type('form').send({ name: 'Nora', email: 'nora@example.test', password: 'sixsix', _csrf: token }).expect(302).expect('Location', '/members');
    const db = await testDb();
    const row = await db('users').where({ email: 'nora@example.test' }).first();
    expect(row.password_hash).to.match(/^scrypt\$/);
    expect(row.password_hash).to.not.include('sixsix');
    expect(row.is_breeder || row.is_vet || row.is_admin).to.equal(false);
    await agent.get('/members').expect(200);
  });

  it('requires a password of at least 6 characters', async () => {
    const agent = request.agent(app);
    let token = await csrfToken(agent, '/signup');
    let response = await agent.post('/signup').type('form').send({ name: 'A', email: 'a@example.test', password: '', _csrf: token }).expect(400);
    expect(response.text).to.include(PASSWORD_REQUIRED);
    token = await csrfToken(agent, '/signup');
    response = await agent.post('/signup').type('form').send({ name: 'A', email: 'a@example.test', password: 'five5', _csrf: token }).expect(400);
    expect(response.text).to.include(PASSWORD_TOO_SHORT);
    expect(await (await testDb())('users').count('* as count')).to.deep.equal([{ count: 0 }]);
  });

  it('refuses a name the settings page would refuse (a C1 control character, a tab), creating no account', async () => {
    for (const name of ['Amy\u009b31mRed', 'Amy\tRed', 'Amy\u0085Red']) {
      const agent = request.agent(app);
      const token = await csrfToken(agent, '/signup');
      const response = await agent.post('/signup').type('form').send({ name, email: 'amy@example.test', password: 'sixsix', _csrf: token }).expect(400);
      expect(response.text, JSON.stringify(name)).to.include(INVALID_ARGUMENTS);
      expect(await (await testDb())('users').where({ email: 'amy@example.test' }).first(), JSON.stringify(name)).to.equal(undefined);
    }
  });

  it('answers a form sent twice at once (a double click) with one account and 409 for the other, not a server error', async () => {
    const agents = [request.agent(app), request.agent(app), request.agent(app)];
    const tokens = await Promise.all(agents.map((agent) => csrfToken(agent, '/signup')));
    const responses = await Promise.all(agents.map((agent, i) => agent.post('/signup').type('form').send({ name: 'Twice', email: 'twice@example.test', password: 'sixsix', _csrf: tokens[i] })));
    expect(responses.map((response) => response.status).sort()).to.deep.equal([302, 409, 409]);
    for (const refused of responses.filter((response) => response.status === 409)) expect(refused.text).to.include(EMAIL_TAKEN);
    expect(await (await testDb())('users').where({ email: 'twice@example.test' }).count('* as count')).to.deep.equal([{ count: 1 }]);
  });

  it('refuses an e-mail that already has an account', async () => {
    await createUser(await testDb(), { email: 'taken@example.test' });
    const agent = request.agent(app);
    const token = await csrfToken(agent, '/signup');
    const response = await agent.post('/signup').type('form').send({ name: 'B', email: 'Taken@example.test', password: 'longenough', _csrf: token }).expect(409);
    expect(response.text).to.include(EMAIL_TAKEN);
  });

  it('escapes what the visitor typed when showing the form again', async () => {
    const agent = request.agent(app);
    const token = await csrfToken(agent, '/signup');
    const response = await agent.post('/signup').type('form').send({ name: '<script>alert(1)</script>', email: 'x', password: 'longenough', _csrf: token }).expect(400);
    expect(response.text).to.not.include('<script>alert(1)</script>');
    expect(response.text).to.include('&lt;script&gt;');
  });
});
