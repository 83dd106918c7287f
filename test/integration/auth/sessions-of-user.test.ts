import { expect } from 'chai';
import type { Express } from 'express';
import { testApp, signIn } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { endOtherSessions } from '../../../server/auth/sessions-of-user.js';

function sessionIdOf(agent: { jar: { getCookie(name: string, access: unknown): { value: string } | undefined } }): string {
  const cookie = agent.jar.getCookie('sid', { domain: '127.0.0.1', path: '/', secure: false, script: false });
  if (!cookie) throw new Error('agent has no session cookie');
  // The cookie holds "s:<sid>.<signature>", URL-encoded.
  return decodeURIComponent(cookie.value).slice(2).split('.')[0];
}

describe('endOtherSessions', () => {
  let app: Express;

  beforeEach(async () => {
    await resetDatabase(await testDb());
    app = await testApp();
  });

  it("ends every other session of the account, keeps the one in use and other accounts' sessions", async () => {
    const db = await testDb();
    const user = await createUser(db, { email: 'many@example.test' });
    await createUser(db, { email: 'other@example.test' });
    const [first, second, third] = [
      await signIn(app, 'many@example.test', TEST_PASSWORD),
      await signIn(app, 'many@example.test', TEST_PASSWORD),
      await signIn(app, 'many@example.test', TEST_PASSWORD),
    ];
    const other = await signIn(app, 'other@example.test', TEST_PASSWORD);

    const ended = await endOtherSessions(db, user.id, sessionIdOf(first as never));

    expect(ended).to.equal(2);
    await first.get('/members').expect(200);
    for (const agent of [second, third]) {
      const response = await agent.get('/members').expect(302);
      expect(response.headers.location).to.equal('/');
    }
    await other.get('/members').expect(200);
  });

  it('ends all of them without an exception', async () => {
    const db = await testDb();
    const user = await createUser(db, { email: 'all@example.test' });
    const agents = [await signIn(app, 'all@example.test', TEST_PASSWORD), await signIn(app, 'all@example.test', TEST_PASSWORD)];
    expect(await endOtherSessions(db, user.id)).to.equal(2);
    for (const agent of agents) await agent.get('/members').expect(302);
  });
});
