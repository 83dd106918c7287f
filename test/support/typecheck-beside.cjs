#!/usr/bin/env node
// `npm test` after the build: the type-check (`npm run typecheck`) runs beside mocha instead of before
// it, its output held back and printed after the tests; the run fails if either fails.
//   node test/support/typecheck-beside.cjs 'test/**/*.test.ts'
const { spawn } = require('node:child_process');

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const typecheck = spawn(npm, ['run', '--silent', 'typecheck'], { stdio: ['ignore', 'pipe', 'pipe'] });
const typecheckOutput = [];
typecheck.stdout.on('data', (chunk) => typecheckOutput.push(chunk));
typecheck.stderr.on('data', (chunk) => typecheckOutput.push(chunk));
const typecheckDone = new Promise((resolve) => typecheck.on('close', (code) => resolve(code ?? 1)));

const mocha = spawn(process.execPath, [require.resolve('mocha/bin/mocha.js'), ...process.argv.slice(2)], { stdio: 'inherit' });
const mochaDone = new Promise((resolve) => mocha.on('close', (code) => resolve(code ?? 1)));

Promise.all([mochaDone, typecheckDone]).then(([mochaCode, typecheckCode]) => {
  console.log(`== type-check (tsconfig.server.json, tsconfig.widgets.json): ${typecheckCode === 0 ? 'clean' : 'FAILED'}`);
  process.stdout.write(Buffer.concat(typecheckOutput));
  process.exit(mochaCode || typecheckCode);
});
