import { expect } from 'chai';
import { resetDatabase, testDb } from '../../support/database.js';
import type { Db } from '../../../server/db/index.js';
import { readEmailPreferenceDefaults } from '../../../server/account-settings/queries.js';

// A user who never changed a preference has the table's column defaults. A copy of the table in
// another schema (the tests' snapshots make such copies, without defaults) must not stand in for
// them: it once turned chat e-mail notices off for whole test runs.
describe('e-mail preference defaults', () => {
  let db: Db;

  beforeEach(async () => {
    db = await testDb();
    await resetDatabase(db);
  });

  afterEach(async () => {
    await db.raw('drop schema if exists copy_without_defaults cascade');
  });

  it('come from the current schema only, even beside a copy of the table without defaults', async () => {
    await db.raw('create schema copy_without_defaults');
    await db.raw('create table copy_without_defaults.email_preferences as table email_preferences');
    const defaults = await readEmailPreferenceDefaults(db);
    expect(defaults.chat).to.equal(true);
    expect(defaults.relativeFinder).to.equal(true);
    expect(defaults.promotionsAndSales).to.equal(false);
  });
});
