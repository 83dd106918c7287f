import { isTestDatabaseOpen, resetDatabase, testDb } from './database.js';
import { dropTestDatabases, prepareTemplateDatabase } from './global-database.js';
import { restartWorldMatings } from '../../server/genetics/simulate/reference.js';
import { restartFixtureMatings } from '../unit/genetics/fixture.js';
import shuffle from './shuffle.cjs';

/** Titles of the tests that neither passed, failed nor were marked pending: a hook stopped them. */
function testsThatDidNotRun(suite: Mocha.Suite): string[] {
  return [
    ...suite.tests.filter((test) => !test.isPending() && test.state === undefined).map((test) => test.fullTitle()),
    ...suite.suites.flatMap(testsThatDidNotRun),
  ];
}

// With --grep or a single file the unselected tests are expected not to run.
const selectsTests = process.argv.some((arg) => /^(--grep|-g|--fgrep|-f|--invert)\b/.test(arg));

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
    if (this.test?.parent) shuffle.shuffleTests(this.test.parent);
    // Each file starts from the database as the migrations left it, whatever the file before it in
    // this process wrote. A process that has not opened its database yet gets a fresh one on first use.
    if (isTestDatabaseOpen()) await resetDatabase(await testDb());
    // and the simulated dogs it draws are the same whatever files drew dogs before it
    restartWorldMatings();
    restartFixtureMatings();
  },
  async afterAll(this: Mocha.Context) {
    const root = this.test?.parent;
    if (!root || selectsTests) return;
    const skipped = testsThatDidNotRun(root);
    // A suite whose before hook failed or timed out must fail the run, never pass it quietly.
    if (skipped.length > 0) throw new Error(`${skipped.length} tests did not run:\n  ${skipped.slice(0, 20).join('\n  ')}`);
  },
};
