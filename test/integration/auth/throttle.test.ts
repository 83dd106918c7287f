import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { testApp, csrfToken } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { LOGIN_THROTTLED } from '../../../server/shared/messages.js';
import { LOGIN_WINDOW_MINUTES, MAX_FAILURES_PER_EMAIL, MAX_FAILURES_PER_IP } from '../../../server/auth/throttle.js';

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

  it(`lets at most ${MAX_FAILURES_PER_EMAIL} of 16 parallel attempts for one e-mail reach the password check`, async () => {
    await createUser(await testDb(), { email: 'race@example.test' });
    const agent = request.agent(app);
    const token = await csrfToken(agent);
    const passwords = Array.from({ length: 16 }, (_, i) => (i === 9 ? TEST_PASSWORD : `wrong-${i}`));
    const responses = await Promise.all(
      passwords.map((password) => agent.post('/login').type('form').send({ email: 'race@example.test', password, _csrf: token })),
    );
    const counts = statusCounts(responses.map((response) => response.status));
    // the tries take turns: five wrong ones reach the check, and the right one if its turn came before the lock-out
    expect(counts[401] ?? 0, JSON.stringify(counts)).to.equal(MAX_FAILURES_PER_EMAIL);
    expect(counts[429], JSON.stringify(counts)).to.be.at.least(16 - MAX_FAILURES_PER_EMAIL - 1);
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

  it('stores nothing for refused attempts, so hammering does not extend the lock-out', async () => {
    const db = await testDb();
    const agent = request.agent(app);
    const token = await csrfToken(agent);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL + 3; i++) {
      await agent.post('/login').type('form').send({ email: 'locked@example.test', password: 'wrong', _csrf: token });
    }
    const [{ count }] = await db('login_attempts').where({ email: 'locked@example.test' }).count<{ count: string }[]>('* as count');
    expect(Number(count)).to.equal(MAX_FAILURES_PER_EMAIL);
  });

  it('forgets attempts older than the window', async () => {
    const db = await testDb();
    await createUser(db, { email: 'patient@example.test' });
    const old = db.raw(`now() - interval '${LOGIN_WINDOW_MINUTES + 1} minutes'`);
    const rows = Array.from({ length: MAX_FAILURES_PER_EMAIL }, (_, i) => ({
      email: i % 2 ? 'patient@example.test' : 'gone@example.test',
      ip: '10.0.0.1',
      succeeded: false,
      attempted_at: old,
    }));
    await db('login_attempts').insert(rows);
    const agent = request.agent(app);
    const token = await csrfToken(agent);
    // Old failures do not count against the e-mail, and a failed attempt of anyone prunes them all.
    await agent.post('/login').type('form').send({ email: 'patient@example.test', password: TEST_PASSWORD, _csrf: token }).expect(302);
    const stranger = request.agent(app);
    const strangerToken = await csrfToken(stranger);
    await stranger.post('/login').type('form').send({ email: 'other@example.test', password: 'wrong', _csrf: strangerToken }).expect(401);
    const left = await db('login_attempts').where('attempted_at', '<', db.raw(`now() - interval '${LOGIN_WINDOW_MINUTES} minutes'`));
    expect(left).to.have.length(0);
  });
});
