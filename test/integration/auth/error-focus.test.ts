// QA finding: after a refused sign-up or sign-in the first field in error takes the focus
// (autofocus) and is marked invalid, described by its message.
import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { autofocusedTags, tagWithId } from '../../support/html-focus.js';
import { EMAIL_INVALID, LOGIN_FAILED, PASSWORD_TOO_SHORT } from '../../../server/shared/messages.js';

describe('focus after a refused sign-up or sign-in', () => {
  let app: Express;

  beforeEach(async () => {
    await resetDatabase(await testDb());
    app = await testApp();
  });

  async function post(path: string, fields: Record<string, string>) {
    const agent = request.agent(app);
    const token = await csrfToken(agent, path);
    return agent.post(path).type('form').send({ ...fields, _csrf: token });
  }

  it('focuses the first invalid sign-up field and links each field to its message', async () => {
    const response = await post('/signup', { name: 'Nora', email: 'not-an-address', password: 'abc' });
    expect(response.status).to.equal(400);
    expect(autofocusedTags(response.text)).to.deep.equal([tagWithId(response.text, 'email')]);
    for (const [field, message] of [['email', EMAIL_INVALID], ['password', PASSWORD_TOO_SHORT]]) {
      expect(tagWithId(response.text, field)).to.include('aria-invalid="true"').and.include(`aria-describedby="${field}-error"`);
      expect(response.text).to.include(`<p class="field-error" id="${field}-error" role="alert">${message}</p>`);
    }
    expect(tagWithId(response.text, 'name')).to.not.include('aria-invalid');
  });

  it('focuses nothing on a fresh sign-up or sign-in form', async () => {
    expect(autofocusedTags((await request(app).get('/signup')).text)).to.deep.equal([]);
    expect(autofocusedTags((await request(app).get('/login')).text)).to.deep.equal([]);
  });

  it('focuses the e-mail field after wrong credentials, both fields described by the message', async () => {
    const user = await createUser(await testDb());
    const response = await post('/login', { email: user.email, password: `${TEST_PASSWORD}-wrong` });
    expect(response.status).to.equal(401);
    expect(response.text).to.include(`<p class="form-error" id="login-error" role="alert">${LOGIN_FAILED}</p>`);
    expect(autofocusedTags(response.text)).to.deep.equal([tagWithId(response.text, 'email')]);
    for (const field of ['email', 'password']) {
      expect(tagWithId(response.text, field)).to.include('aria-invalid="true"').and.include('aria-describedby="login-error"');
    }
  });

  it('focuses the field a sign-in is refused for', async () => {
    const response = await post('/login', { email: 'pat@example.test', password: '' });
    expect(response.status).to.equal(400);
    expect(autofocusedTags(response.text)).to.deep.equal([tagWithId(response.text, 'password')]);
    expect(tagWithId(response.text, 'email')).to.not.include('aria-invalid');
  });
});
