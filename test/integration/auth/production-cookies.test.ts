import { expect } from 'chai';
import request from 'supertest';
import { createApp } from '../../../server/app.js';
import { loadSettings } from '../../../server/settings.js';
import { csrfTokenIn, signIn, TEST_LAB_OPTIONS } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';

async function productionApp(env: Record<string, string>) {
  const settings = loadSettings({ NODE_ENV: 'production', SESSION_SECRET: 'production-test-secret', DATABASE_URL: 'postgres://unused', ...env });
  return createApp({ db: await testDb(), settings: { ...settings, lab: TEST_LAB_OPTIONS, demoPopulationSize: 0 } });
}

const cookieNamed = (response: { headers: Record<string, unknown> }, name: string) =>
  [response.headers['set-cookie'] ?? []].flat().map(String).find((cookie) => cookie.startsWith(`${name}=`));

describe('cookies with production settings', () => {
  beforeEach(async () => {
    const db = await testDb();
    await resetDatabase(db);
    await createUser(db, { email: 'prod@example.test' });
  });

  it('signs in over plain HTTP with an http BASE_URL, and no cookie is Secure', async () => {
    const app = await productionApp({ BASE_URL: 'http://127.0.0.1:3999' });
    const agent = request.agent(app);
    const login = await agent.get('/login').expect(200);
    expect(cookieNamed(login, 'XSRF-TOKEN')).to.not.include('Secure');
    const response = await agent.post('/login').type('form').send({ email: 'prod@example.test', password: TEST_PASSWORD, _csrf: csrfTokenIn(login.text) }).expect(302);
    const session = cookieNamed(response, 'sid');
    expect(session).to.include('HttpOnly').and.not.include('Secure');
    await agent.get('/members').expect(200);
    await signIn(app, 'prod@example.test', TEST_PASSWORD);
  });

  it('sets Secure cookies with an https BASE_URL behind a TLS proxy (TRUST_PROXY)', async () => {
    const app = await productionApp({ BASE_URL: 'https://members.example.test', TRUST_PROXY: '1' });
    const login = await request(app).get('/login').set('x-forwarded-proto', 'https').expect(200);
    const csrfCookie = cookieNamed(login, 'XSRF-TOKEN')!;
    expect(csrfCookie).to.include('Secure');
    // the token lives in the session the sign-in page started
    const formSession = cookieNamed(login, 'sid')!;
    expect(formSession).to.include('Secure').and.include('HttpOnly');
    const response = await request(app)
      .post('/login')
      .set('x-forwarded-proto', 'https')
      .set('cookie', [csrfCookie, formSession].map((cookie) => cookie.split(';')[0]).join('; '))
      .type('form')
      .send({ email: 'prod@example.test', password: TEST_PASSWORD, _csrf: csrfTokenIn(login.text) })
      .expect(302);
    expect(response.headers.location).to.equal('/members');
    expect(cookieNamed(response, 'sid')).to.include('Secure').and.include('HttpOnly').and.include('SameSite=Lax');
  });
});
