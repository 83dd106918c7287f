import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { testApp, csrfToken } from '../support/app.js';
import { resetToDemoData, signInAsDemo } from '../support/demo.js';
import { CSRF_MISMATCH } from '../../server/shared/messages.js';

describe('CSRF protection', () => {
  let app: Express;

  before(async () => {
    await resetToDemoData();
    app = await testApp();
  });

  it('puts the token in a meta tag on every page and in a cookie for page scripts', async () => {
    for (const path of ['/', '/login', '/signup', '/help']) {
      const page = await request(app).get(path).expect(200);
      expect(page.text, path).to.match(/<meta name="csrf-token" content="[^"]+">/);
    }
    const page = await request(app).get('/login');
    expect(String(page.headers['set-cookie'])).to.match(/XSRF-TOKEN=[^;]+/);
  });

  it("refuses a form post without the token with 403 'CSRF Token Mismatch'", async () => {
    const response = await request(app).post('/login').type('form').send({ email: 'parent@demo.test', password: 'demo1234' }).expect(403);
    expect(response.text).to.equal(CSRF_MISMATCH);
  });

  it('refuses a wrong token', async () => {
    const agent = request.agent(app);
    await csrfToken(agent);
    await agent.post('/login').type('form').send({ email: 'parent@demo.test', password: 'demo1234', _csrf: 'forged' }).expect(403);
  });

  it('never reads the token from the query string', async () => {
    const agent = request.agent(app);
    const token = await csrfToken(agent);
    await agent.post(`/login?_csrf=${encodeURIComponent(token)}`).type('form').send({ email: 'parent@demo.test', password: 'demo1234' }).expect(403);
  });

  it("refuses a GraphQL call without the x-csrf-token header with 403 and the spec's error", async () => {
    const agent = await signInAsDemo(app, 'parent');
    const response = await agent.post('/graphql').set('accept', 'application/json').send({ query: '{ me { name } }' }).expect(403);
    expect(response.body.errors[0].message).to.equal(CSRF_MISMATCH);
  });

  it('accepts the token from the header', async () => {
    const agent = await signInAsDemo(app, 'parent');
    const token = await csrfToken(agent, '/members');
    const response = await agent.post('/graphql').set('x-csrf-token', token).send({ query: '{ me { name } }' }).expect(200);
    expect(response.body.data.me.name).to.equal('Pat Parent');
  });
});
