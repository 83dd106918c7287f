import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { testApp, csrfToken } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { LOGIN_FAILED, LOGIN_THROTTLED } from '../../../server/shared/messages.js';
import { FAILURES_BY_EMAIL_AND_IP, FAILURES_BY_IP, MAX_FAILURES_PER_EMAIL_AND_IP, MAX_FAILURES_PER_IP } from '../../../server/auth/throttle.js';
import { RATE_LIMITS_TABLE } from '../../../server/db/rate-limits.js';
import { endWindows } from '../../support/rate-limits.js';

function statusCounts(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('sign-in throttle', () => {
  let app: Express;

  beforeEach(async () => {
    await resetDatabase(await testDb());
    app = await testApp();
  });

  it(`lets at most ${MAX_FAILURES_PER_EMAIL_AND_IP} of 16 parallel attempts for one e-mail from one address reach the password check`, async () => {
    await createUser(await testDb(), { email: 'race@example.test' });
    const agent = request.agent(app);
    const token = await csrfToken(agent);
    const passwords = Array.from({ length: 16 }, (_, i) => (i === 9 ? TEST_PASSWORD : `wrong-${i}`));
    const responses = await Promise.all(
      passwords.map((password) => agent.post('/login').type('form').send({ email: 'race@example.test', password, _csrf: token })),
    );
    const counts = statusCounts(responses.map((response) => response.status));
    // the tries take turns: five wrong ones reach the check, and the right one if its turn came before the lock-out
    expect(counts[401] ?? 0, JSON.stringify(counts)).to.equal(MAX_FAILURES_PER_EMAIL_AND_IP);
    expect(counts[429], JSON.stringify(counts)).to.be.at.least(16 - MAX_FAILURES_PER_EMAIL_AND_IP - 1);
    expect(responses.find((response) => response.status === 429)?.text).to.include(LOGIN_THROTTLED);
  });

  it(`limits failures from one address across e-mails to ${MAX_FAILURES_PER_IP}`, async () => {
    const agent = request.agent(app);
    const token = await csrfToken(agent);
    const attempts = MAX_FAILURES_PER_IP + 4;
    const responses = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        agent.post('/login').type('form').send({ email: `nobody${i}@example.test`, password: 'wrong', _csrf: token }),
      ),
    );
    const counts = statusCounts(responses.map((response) => response.status));
    // Only failures count, so a burst at different accounts can pass the limit by the tries in flight;
    // once they have failed, the address is refused.
    expect((counts[401] ?? 0) + (counts[429] ?? 0), JSON.stringify(counts)).to.equal(attempts);
    const next = await agent.post('/login').type('form').send({ email: 'one-more@example.test', password: 'wrong', _csrf: token });
    expect(next.status).to.equal(429);
  });

  it(`lets exactly ${MAX_FAILURES_PER_IP} failures from one address through, one after the other, then refuses`, async () => {
    const agent = request.agent(app);
    const token = await csrfToken(agent);
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILURES_PER_IP + 2; i++) {
      const response = await agent.post('/login').type('form').send({ email: `nobody${i}@example.test`, password: 'wrong', _csrf: token });
      statuses.push(response.status);
    }
    expect(statuses).to.deep.equal([...Array(MAX_FAILURES_PER_IP).fill(401), 429, 429]);
  });

  it('lets one account sign in on eight devices at once: a sign-in in progress is no failure', async () => {
    await createUser(await testDb(), { email: 'many-devices@example.test' });
    const agents = Array.from({ length: 8 }, () => request.agent(app));
    const tokens = await Promise.all(agents.map((agent) => csrfToken(agent)));
    const responses = await Promise.all(agents.map((agent, i) => agent.post('/login').type('form').send({ email: 'many-devices@example.test', password: TEST_PASSWORD, _csrf: tokens[i] })));
    expect(responses.map((response) => response.status)).to.deep.equal(Array(8).fill(302));
  });

  it('lets sixty accounts behind one address (a clinic) sign in at once', async () => {
    const db = await testDb();
    const emails = Array.from({ length: 60 }, (_, i) => `clinic${i}@example.test`);
    for (const email of emails) await createUser(db, { email });
    const agents = emails.map(() => request.agent(app));
    const tokens = await Promise.all(agents.map((agent) => csrfToken(agent)));
    const responses = await Promise.all(agents.map((agent, i) => agent.post('/login').type('form').send({ email: emails[i], password: TEST_PASSWORD, _csrf: tokens[i] })));
    expect(statusCounts(responses.map((response) => response.status))).to.deep.equal({ 302: 60 });
  });

  it('counts nothing for refused attempts, so hammering does not extend the lock-out', async () => {
    const db = await testDb();
    const agent = request.agent(app);
    const token = await csrfToken(agent);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_IP + 3; i++) {
      await agent.post('/login').type('form').send({ email: 'locked@example.test', password: 'wrong', _csrf: token });
    }
    const counts = await db(RATE_LIMITS_TABLE).where('key', 'like', `${FAILURES_BY_EMAIL_AND_IP.keyPrefix}:%/locked@example.test`).orWhere('key', 'like', `${FAILURES_BY_IP.keyPrefix}:%`).pluck('points');
    expect(counts).to.deep.equal([MAX_FAILURES_PER_EMAIL_AND_IP, MAX_FAILURES_PER_EMAIL_AND_IP]);
  });

  it('forgets failures once the window is over', async () => {
    const db = await testDb();
    await createUser(db, { email: 'patient@example.test' });
    const agent = request.agent(app);
    const token = await csrfToken(agent);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_IP; i++) await agent.post('/login').type('form').send({ email: 'patient@example.test', password: 'wrong', _csrf: token }).expect(401);
    await agent.post('/login').type('form').send({ email: 'patient@example.test', password: TEST_PASSWORD, _csrf: token }).expect(429);
    await endWindows(db, FAILURES_BY_EMAIL_AND_IP);
    await endWindows(db, FAILURES_BY_IP);
    await agent.post('/login').type('form').send({ email: 'patient@example.test', password: TEST_PASSWORD, _csrf: token }).expect(302);
  });

  it("starts an e-mail's count from an address over when it signs in there", async () => {
    await createUser(await testDb(), { email: 'forgetful@example.test' });
    const tryOn = async (agent: ReturnType<typeof request.agent>, password: string) => {
      const token = await csrfToken(agent);
      return agent.post('/login').type('form').send({ email: 'forgetful@example.test', password, _csrf: token });
    };
    const first = request.agent(app);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_IP - 1; i++) expect((await tryOn(first, 'wrong')).status).to.equal(401);
    expect((await tryOn(first, TEST_PASSWORD)).status).to.equal(302);
    // another browser on the same address
    const second = request.agent(app);
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_IP + 1; i++) statuses.push((await tryOn(second, 'wrong')).status);
    expect(statuses).to.deep.equal([...Array(MAX_FAILURES_PER_EMAIL_AND_IP).fill(401), 429]);
  });

  it('counts the failures of one e-mail from each client address apart (the library\'s login recipe)', async () => {
    await createUser(await testDb(), { email: 'travels@example.test' });
    const proxied = await testApp({ trustProxy: 1 });
    const agent = request.agent(proxied);
    const token = await csrfToken(agent);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_IP; i++) {
      await agent.post('/login').set('X-Forwarded-For', '203.0.113.7').type('form').send({ email: 'travels@example.test', password: 'wrong', _csrf: token }).expect(401);
    }
    const refused = await agent.post('/login').set('X-Forwarded-For', '203.0.113.7').type('form').send({ email: 'travels@example.test', password: TEST_PASSWORD, _csrf: token }).expect(429);
    expect(refused.text).to.include(LOGIN_THROTTLED);
    const elsewhere = request.agent(proxied);
    const elsewhereToken = await csrfToken(elsewhere);
    const wrong = await elsewhere.post('/login').set('X-Forwarded-For', '198.51.100.2').type('form').send({ email: 'travels@example.test', password: 'wrong', _csrf: elsewhereToken }).expect(401);
    expect(wrong.text).to.include(LOGIN_FAILED);
    await elsewhere.post('/login').set('X-Forwarded-For', '198.51.100.2').type('form').send({ email: 'travels@example.test', password: TEST_PASSWORD, _csrf: elsewhereToken }).expect(302);
  });

  it('shares the count between two app processes on one database', async () => {
    await createUser(await testDb(), { email: 'shared@example.test' });
    const other = await testApp();
    const agents = [request.agent(app), request.agent(other)];
    const tokens = await Promise.all(agents.map((agent) => csrfToken(agent)));
    const tryOn = (n: number, password: string) => agents[n].post('/login').type('form').send({ email: 'shared@example.test', password, _csrf: tokens[n] });
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_IP; i++) await tryOn(i % 2, 'wrong').expect(401);
    for (const n of [0, 1]) expect((await tryOn(n, TEST_PASSWORD).expect(429)).text).to.include(LOGIN_THROTTLED);
  });
});
