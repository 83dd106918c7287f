import { closeTestDatabase, resetDatabase, testDb } from './database.js';

/** Titles of the tests that neither passed, failed nor were marked pending: a hook stopped them. */
function testsThatDidNotRun(suite: Mocha.Suite): string[] {
  return [
    ...suite.tests.filter((test) => !test.isPending() && test.state === undefined).map((test) => test.fullTitle()),
    ...suite.suites.flatMap(testsThatDidNotRun),
  ];
}

// With --grep or a single file the unselected tests are expected not to run.
const selectsTests = process.argv.some((arg) => /^(--grep|-g|--fgrep|-f|--invert)\b/.test(arg));

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(120_000);
    // Catalogue detection must see the database exactly as the migrations left it.
    await resetDatabase(await testDb());
  },
  async afterAll(this: Mocha.Context) {
    await closeTestDatabase();
    const root = this.test?.parent;
    if (!root || selectsTests) return;
    const skipped = testsThatDidNotRun(root);
    // A suite whose before hook failed or timed out must fail the run, never pass it quietly.
    if (skipped.length > 0) throw new Error(`${skipped.length} tests did not run:\n  ${skipped.slice(0, 20).join('\n  ')}`);
  },
};
