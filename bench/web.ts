// Web budgets of DESIGN.md / issue 18: pages against a bare Express route in the same run, on
// PostgreSQL, served by the real start-up (server/main.ts) in production mode.
import autocannon from 'autocannon';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { createHmac, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/demo/accounts.js';

const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const LOAD_USERS = 200;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const LOAD_TIMEOUT_S = 30;
const P99_BUDGET_MS = 50;
const SESSION_SECRET = 'bench';
const root = fileURLToPath(new URL('../', import.meta.url));

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
// The machine's load with each figure: the bench shares it with whatever else runs.
const load = () => `load ${loadavg()[0].toFixed(1)}`;

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once the app started as `child` answers /healthz at `base`; rejects if it exits first. */
export async function answering(base: string, child: ChildProcess): Promise<void> {
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`app exited with ${code}`))));
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  await Promise.race([ready, exited]);
}

/** Runs fn with a client of the PostgreSQL server of `url` (to create and drop a bench's own database). */
export async function onServer<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface App {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts `server/main.ts` as a deployment would, with `processes` node:cluster workers. */
export async function startApp(databaseUrl: string, processes: number, nodeOptions: string[] = []): Promise<App> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // The log lines (one per request) go where a deployment's would, not onto the bench's report.
    stdio: ['ignore', process.env.BENCH_APP_LOG ? 'inherit' : 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      SESSION_SECRET,
      // http: cookies are not Secure, so the benchmark can sign in over plain HTTP.
      BASE_URL: `http://127.0.0.1:${port}`,
      // the app answers as the production site does (static caching, no GraphQL introspection)
      PRODUCTION_HOSTNAME: '127.0.0.1',
      PORT: String(port),
      WEB_CONCURRENCY: String(processes),
      DEMO_DATA: 'true',
      DEMO_POPULATION_SIZE: process.env.DEMO_POPULATION_SIZE ?? '500',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  // the first start loads the demo data
  await answering(base, child);
  if (processes > 1) await new Promise((resolve) => setTimeout(resolve, 2000)); // the other workers
  return {
    base,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function startHello(): Promise<{ url: string; stop(): void }> {
  const child = fork(fileURLToPath(new URL('./hello.ts', import.meta.url)), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const { port } = await new Promise<{ port: number }>((resolve) => child.once('message', (m) => resolve(m as { port: number })));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

/** A signed-in session of the demo pet parent, signed in through the form. */
export async function signInCookie(base: string): Promise<string> {
  const login = await fetch(`${base}/login`);
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  const token = (await login.text()).match(/name="csrf-token" content="([^"]+)"/)![1];
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.join('; ') },
    body: new URLSearchParams({ email: DEMO_ACCOUNTS.parent.email, password: DEMO_PASSWORD, _csrf: token }),
  });
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`);
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/**
 * `count` sessions like the signed-in one of `cookie`, each under its own id: 200 sign-ins from
 * one address would meet the sign-in throttle, and they would measure the password hash anyway.
 */
async function copiesOfSession(databaseUrl: string, cookie: string, count: number): Promise<string[]> {
  const signed = decodeURIComponent(/(?:^|; )sid=([^;]+)/.exec(cookie)![1]);
  const sid = signed.slice(2, signed.lastIndexOf('.'));
  const others = cookie.split('; ').filter((c) => !c.startsWith('sid='));
  const database = await openDatabase({ databaseUrl });
  try {
    const row = await database.db('sessions').where({ sid }).first();
    if (!row) throw new Error('the signed-in session is not in the sessions table');
    const cookies: string[] = [];
    for (let i = 0; i < count; i++) {
      const copy = randomBytes(24).toString('base64url');
      await database.db('sessions').insert({ ...row, sid: copy });
      const signature = createHmac('sha256', SESSION_SECRET).update(copy).digest('base64').replace(/=+$/, '');
      cookies.push([...others, `sid=${encodeURIComponent(`s:${copy}.${signature}`)}`].join('; '));
    }
    return cookies;
  } finally {
    await database.close();
  }
}

type Result = autocannon.Result;

function measure(url: string, options: Partial<autocannon.Options> = {}): Promise<Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options });
}

/** Connection errors (autocannon counts timeouts among them) and answers other than 2xx. */
function errorsOf(result: Result): number {
  return result.errors + result.non2xx;
}

/** Planner statistics for the demo data, in case autovacuum (which would gather them) is off. */
async function analyze(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ databaseUrl });
  try {
    await database.db.raw('analyze');
  } finally {
    await database.close();
  }
}

/** The demo dog Biscuit: its pet number and the handle of its public profile. */
export async function demoDog(databaseUrl: string): Promise<{ petNum: number; handle: string }> {
  const database = await openDatabase({ databaseUrl });
  try {
    const row = await database.db('pets').join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num').join('users', 'users.id', 'pet_owners.user_id').where({ 'users.email': DEMO_ACCOUNTS.parent.email, 'pets.name': 'Biscuit' }).first('pets.pet_num', 'pets.handle');
    if (!row) throw new Error('the demo dog Biscuit is missing');
    return { petNum: Number(row.pet_num), handle: String(row.handle) };
  } finally {
    await database.close();
  }
}

export async function benchWeb(databaseUrl: string | undefined): Promise<string[]> {
  if (!databaseUrl) return ['web budgets: skipped (they are measured on PostgreSQL: set DATABASE_URL to a scratch database)'];
  const lines: string[] = [`Web, on PostgreSQL in production mode: ${CONNECTIONS} connections, ${DURATION_S} s per page, ratios to a bare Express route in the same run`];
  const hello = await startHello();
  let app = await startApp(databaseUrl, 1);
  try {
    const cookie = await signInCookie(app.base);
    const { petNum, handle } = await demoDog(databaseUrl);
    await analyze(databaseUrl);
    const pages: { label: string; path: string; signedIn: boolean; budget: number }[] = [
      { label: 'members page', path: '/members', signedIn: true, budget: 0.25 },
      { label: 'results summary', path: `/members/results/summary?i=${petNum}`, signedIn: true, budget: 0.15 },
      { label: 'breed & ancestry', path: `/members/results/breed-and-ancestry?i=${petNum}`, signedIn: true, budget: 0.15 },
      { label: 'health', path: `/members/results/health?i=${petNum}`, signedIn: true, budget: 0.15 },
      { label: 'traits', path: `/members/results/traits?i=${petNum}`, signedIn: true, budget: 0.15 },
      { label: 'relatives', path: `/members/results/relatives?i=${petNum}`, signedIn: true, budget: 0.15 },
      { label: 'public page (anonymous)', path: '/help', signedIn: false, budget: 0.3 },
      { label: 'public dog profile (anonymous)', path: `/dog/${handle}`, signedIn: false, budget: 0.3 },
    ];
    // Warm-up: view caches, query plans, the pool's connections.
    for (const page of pages) await measure(`${app.base}${page.path}`, { duration: 2, headers: page.signedIn ? { cookie } : {} });
    const bare = await measure(hello.url);
    lines.push(`  bare Express hello: ${bare.requests.average.toFixed(0)} req/s, p99 ${bare.latency.p99} ms (${load()})`);
    for (const page of pages) {
      const result = await measure(`${app.base}${page.path}`, { headers: page.signedIn ? { cookie } : {} });
      const ratio = result.requests.average / bare.requests.average;
      const errors = errorsOf(result);
      lines.push(
        `  ${page.label} (${page.path.replace(/\?.*/, '')}): ${result.requests.average.toFixed(0)} req/s = ${(ratio * 100).toFixed(1)}% of hello ` +
          `(budget >= ${page.budget * 100}%${page.path === '/members' ? ', aim 40%' : ''}): ${verdict(ratio >= page.budget)}; ` +
          `p99 ${result.latency.p99} ms (budget < ${P99_BUDGET_MS} ms): ${verdict(result.latency.p99 < P99_BUDGET_MS)}` +
          (errors ? `; ${errors} errors or non-2xx answers` : '') +
          ` (${load()})`,
      );
    }

    // 200 signed-in users, each with a session of their own, each clicking as fast as it is answered.
    const cookies = await copiesOfSession(databaseUrl, cookie, LOAD_USERS);
    for (const path of ['/members', `/members/results/summary?i=${petNum}`]) {
      let next = 0;
      const result = await autocannon({
        url: `${app.base}${path}`,
        connections: LOAD_USERS,
        duration: LOAD_SECONDS,
        // A saturated Node process accepts one new connection per turn of its event loop (libuv
        // since 1.45), so the last of 200 users who all connect at once wait seconds for their
        // first page; 30 s, not autocannon's 10, counts a request as failed (the max shows the wait).
        timeout: LOAD_TIMEOUT_S,
        setupClient: (client) => client.setHeaders({ cookie: cookies[next++ % cookies.length] }),
      });
      const errors = errorsOf(result);
      // Let the server finish what the 200 users left queued before the next measurement.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      lines.push(
        `  load: ${LOAD_USERS} signed-in users for ${LOAD_SECONDS} s on ${path.replace(/\?.*/, '')}: ${result.requests.total} requests, ` +
          `${errors} errors (must be 0): ${result.requests.total === 0 ? 'NOT MEASURED (no answer within the run)' : verdict(errors === 0)}; ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms (${load()})`,
      );
    }

    // The same /members measurement with 1 and with 2 processes (WEB_CONCURRENCY).
    const one = await measure(`${app.base}/members`, { headers: { cookie } });
    await app.stop();
    app = await startApp(databaseUrl, 2);
    const twoCookie = await signInCookie(app.base);
    await measure(`${app.base}/members`, { duration: 2, headers: { cookie: twoCookie } });
    const two = await measure(`${app.base}/members`, { headers: { cookie: twoCookie } });
    lines.push(
      `  /members with WEB_CONCURRENCY=1: ${one.requests.average.toFixed(0)} req/s (p99 ${one.latency.p99} ms); ` +
        `with 2: ${two.requests.average.toFixed(0)} req/s (p99 ${two.latency.p99} ms), x${(two.requests.average / one.requests.average).toFixed(2)} (${load()})`,
    );
  } finally {
    await app.stop();
    hello.stop();
  }
  return lines;
}
