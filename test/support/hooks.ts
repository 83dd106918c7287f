import { isTestDatabaseOpen, resetDatabase, testDb } from './database.js';
import { dropTestDatabases, prepareTemplateDatabase } from './global-database.js';
import { restartWorldMatings } from '../../server/genetics/simulate/reference.js';
import { restartFixtureMatings } from '../unit/genetics/fixture.js';
import shuffle from './shuffle.cjs';
import { appendFileSync } from 'node:fs';

// TEST_TIMINGS=<file>: each test file's wall time, hooks included, one JSON line a file (docs/testing.md).
const timings = process.env.TEST_TIMINGS;
let fileStarted = 0;

/** Once a run, in mocha's main process: the PostgreSQL template every test process copies. */
export async function mochaGlobalSetup(): Promise<void> {
  await prepareTemplateDatabase();
}

export async function mochaGlobalTeardown(): Promise<void> {
  await dropTestDatabases();
}

// Root hooks run around every test file in parallel mode (and around the whole run in serial mode).
export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(120_000);
    fileStarted = Date.now();
    if (this.test?.parent) shuffle.shuffleTests(this.test.parent);
    // Each file starts from the database as the migrations left it, whatever the file before it in
    // this process wrote. A process that has not opened its database yet gets a fresh one on first use.
    if (isTestDatabaseOpen()) await resetDatabase(await testDb());
    // and the simulated dogs it draws are the same whatever files drew dogs before it
    restartWorldMatings();
    restartFixtureMatings();
  },
  afterAll(this: Mocha.Context) {
    const file = this.test?.parent?.suites[0]?.file;
    if (timings && file) appendFileSync(timings, `${JSON.stringify({ file, ms: Date.now() - fileStarted, database: process.env.DATABASE_URL ? 'postgresql' : 'pglite' })}\n`);
  },
};
