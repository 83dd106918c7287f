#!/usr/bin/env node
// Runs mocha over test files in a random order that TEST_SHUFFLE=<seed> repeats (a new seed is
// drawn and printed when it is unset); with TEST_SHUFFLE_TESTS=1 the tests within each file too.
//   node test/support/shuffled.cjs 'test/integration/**/*.test.ts' --ignore 'test/integration/fuzz/**'
// The globs come first; everything from the first option on goes to mocha as it is.
const { spawnSync } = require('node:child_process');
const { shuffledFiles } = require('./shuffle.cjs');

const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith('-'));
const globs = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);
const seed = process.env.TEST_SHUFFLE || String(Math.floor(Math.random() * 1e9));
console.log(`== tests in a random order: TEST_SHUFFLE=${seed} repeats it`);
const files = shuffledFiles(globs.length > 0 ? globs : ['test/**/*.test.ts'], seed);
const mocha = require.resolve('mocha/bin/mocha.js');
const run = spawnSync(process.execPath, [mocha, ...options, ...files], { stdio: 'inherit', env: { ...process.env, TEST_SHUFFLE: seed } });
process.exit(run.status ?? 1);
