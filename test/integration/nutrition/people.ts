// The people the point-7 tests refuse: a stranger, a read-only co-owner, a read-only account.
import type { Express } from 'express';
import { testDb } from '../../support/database.js';
import { signIn, type Agent } from '../../support/app.js';
import { createPet, createUser, shareOwnership, TEST_PASSWORD } from '../../support/factories.js';

export interface People {
  stranger: Agent;
  readOnlyCoOwner: Agent;
  readOnlyAccount: Agent;
  /** A dog the read-only account owns with edit permission. */
  readOnlyAccountPet: number;
}

let counter = 0;

export async function refusedPeople(app: Express, petNum: number, label: string): Promise<People> {
  const db = await testDb();
  counter++;
  const email = (who: string) => `${label}-${who}-${counter}-${Date.now()}@example.test`;
  const stranger = await createUser(db, { email: email('stranger') });
  const coOwner = await createUser(db, { email: email('coowner') });
  await shareOwnership(db, petNum, coOwner.id, 'read');
  const readOnly = await createUser(db, { email: email('readonly'), isReadOnly: true });
  const readOnlyAccountPet = await createPet(db, readOnly.id, { name: 'Pebble' });
  return {
    stranger: await signIn(app, stranger.email, TEST_PASSWORD),
    readOnlyCoOwner: await signIn(app, coOwner.email, TEST_PASSWORD),
    readOnlyAccount: await signIn(app, readOnly.email, TEST_PASSWORD),
    readOnlyAccountPet,
  };
}
