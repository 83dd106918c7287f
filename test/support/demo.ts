import type { Express } from 'express';
import { loadDemoDataIfEmpty } from '../../server/demo/seed.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/demo/accounts.js';
import { resetToSnapshot } from './database.js';
import { signIn, testApp } from './app.js';
import { cheapPasswordHash } from './factories.js';
import type { Db } from '../../server/db/index.js';

/** Starts from an empty database holding only the demo accounts and their dogs (built once a run, then restored). */
export async function resetToDemoData(): Promise<void> {
  await resetToSnapshot('demo_accounts', async (db) => {
    await loadDemoDataIfEmpty(db);
    await cheapenDemoPasswords(db);
  });
}

/** The demo accounts keep their password with a hash of low cost (see cheapPasswordHash). */
export async function cheapenDemoPasswords(db: Db): Promise<void> {
  const emails = Object.values(DEMO_ACCOUNTS).map((account) => account.email);
  await db('users').whereIn('email', emails).update({ password_hash: cheapPasswordHash(DEMO_PASSWORD) });
}

export function signInAsDemo(app: Express, account: keyof typeof DEMO_ACCOUNTS) {
  return signIn(app, DEMO_ACCOUNTS[account].email, DEMO_PASSWORD);
}

export { DEMO_ACCOUNTS };

/** The app over a database holding only the demo accounts and their dogs (see resetToDemoData). */
export async function demoAccountsApp(): Promise<Express> {
  await resetToDemoData();
  return testApp();
}
