// npm run bench: measures the budgets of DESIGN.md and prints them.
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/demo/accounts.js';
import { benchGenetics } from './genetics.js';

const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

interface Ports {
  appPort: number;
  helloPort: number;
  kind: string;
}

const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
const ports: Ports = await new Promise((resolve, reject) => {
  child.once('message', (message) => resolve(message as Ports));
  child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

async function signInCookie(base: string): Promise<string> {
  const login = await fetch(`${base}/login`);
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  const token = (await login.text()).match(/name="csrf-token" content="([^"]+)"/)![1];
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.join('; ') },
    body: new URLSearchParams({ email: DEMO_ACCOUNTS.parent.email, password: DEMO_PASSWORD, _csrf: token }),
  });
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

function run(url: string, headers: Record<string, string> = {}) {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
}

try {
  const appBase = `http://127.0.0.1:${ports.appPort}`;
  const cookie = await signInCookie(appBase);
  await run(`${appBase}/members`, { cookie }); // warm-up
  const hello = await run(`http://127.0.0.1:${ports.helloPort}/`);
  const members = await run(`${appBase}/members`, { cookie });
  if (members.non2xx > 0) throw new Error(`${members.non2xx} non-2xx answers from /members`);

  const ratio = members.requests.average / hello.requests.average;
  const buildDir = fileURLToPath(new URL('../static/build/', import.meta.url));
  const startupKb = gzipSync(readFileSync(`${buildDir}startup.js`)).length / 1024;
  const chunks = readdirSync(`${buildDir}chunks`).filter((f) => f.endsWith('.js'));

  console.log(`\nDatabase: ${ports.kind}; ${CONNECTIONS} connections, ${DURATION_S} s each`);
  console.log(`bare Express hello:   ${hello.requests.average.toFixed(0)} req/s, p99 ${hello.latency.p99} ms`);
  console.log(`members page (/members): ${members.requests.average.toFixed(0)} req/s, p99 ${members.latency.p99} ms`);
  console.log(`  ratio ${(ratio * 100).toFixed(1)}% of hello (budget >= 25%, aim 40%): ${ratio >= 0.25 ? 'OK' : 'OVER BUDGET'}`);
  console.log(`  p99 ${members.latency.p99} ms (budget < 50 ms): ${members.latency.p99 < 50 ? 'OK' : 'OVER BUDGET'}`);
  console.log(`start-up script: ${startupKb.toFixed(2)} KB gzipped (budget < 5 KB): ${startupKb < 5 ? 'OK' : 'OVER BUDGET'}; ${chunks.length} lazy chunks`);
} finally {
  child.kill();
}

for (const line of await benchGenetics()) console.log(line);
