// mocha's settings. Files run in parallel workers (each with a database of its own, see
// test/support/global-database.ts); TEST_JOBS sets how many, one more than the cores by default,
// as the workers often wait on PostgreSQL or Chromium. test/support/shuffled.cjs runs the files in
// an order drawn from TEST_SHUFFLE=<seed>; TEST_SHUFFLE_TESTS=1 shuffles the tests in each file too.
const os = require('node:os');

const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;

module.exports = {
  import: 'tsx',
  extension: ['ts'],
  require: ['test/support/hooks.ts'],
  // A file's first call of demoPopulation() builds the 160-dog population in its before hook: about
  // 8 s alone, 40 s on the 2-core CI machine with both test runs going on.
  timeout: 60000,
  exit: true,
  'forbid-only': true,
  // a test its before hook kept from running fails the run, never passes it quietly
  'fail-hook-affected-tests': true,
  parallel: true,
  jobs: Number(process.env.TEST_JOBS) || cores + 1,
};
