// npm run bench:profile: the production server under `node --cpu-prof` while autocannon loads one
// page (PROFILE_PAGES: comma-separated labels, default all), then the functions with the most self
// time and the files with the most time. Profiles are left in PROFILE_DIR (default data/profiles)
// for Chrome DevTools' Performance panel.
import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { demoDog, signInCookie, startApp } from './web.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to a scratch PostgreSQL database');
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const dir = path.resolve(process.env.PROFILE_DIR ?? 'data/profiles');
const wanted = process.env.PROFILE_PAGES?.split(',');

const TICK_MS = 10; // /proc times are in clock ticks of 1/100 s

/** CPU time (user + system, ms) of the process and of the database's server processes. */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0; // a backend that ended
  }
}

async function databaseBackends(): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  await client.end();
  return rows.map((r: { pid: number }) => r.pid);
}

const shortUrl = (url: string) => url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, '~/').replace(process.cwd() + '/', '');

/** Self time per function and per file (node_modules package or source file), in % of the samples. */
export function summarise(profile: CpuProfile, window: [number, number], requests: number, top = 25): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  // Only the samples of the measured load (monotonic microseconds, as process.hrtime): not start-up.
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= window[0] && at <= window[1]) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const idleIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const busy = [...self].filter(([id]) => !idleIds.has(id)).reduce((a, [, t]) => a + t, 0);
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const functions = new Map<string, number>();
  const files = new Map<string, number>();
  for (const [id, time] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = shortUrl(url) || '(native)';
    const fn = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + time);
    const group = file.startsWith('~/') ? file.split('/').slice(0, file.startsWith('~/@') ? 3 : 2).join('/') : file;
    files.set(group, (files.get(group) ?? 0) + time);
  }
  const rank = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, t]) => `    ${((t / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
  return [`  busy ${(busy / 1000).toFixed(0)} ms of ${((window[1] - window[0]) / 1000).toFixed(0)} ms: ${(busy / 1000 / requests).toFixed(2)} ms CPU per request`, '  self time by function:', ...rank(functions), '  self time by file/package:', ...rank(files)];
}

const cookieHolder: { cookie?: string } = {};
const app0 = await startApp(databaseUrl, 1);
const { petNum, handle } = await demoDog(databaseUrl);
await app0.stop();

const pages = [
  { label: 'members', path: '/members', signedIn: true },
  { label: 'summary', path: `/members/results/summary?i=${petNum}`, signedIn: true },
  { label: 'breed', path: `/members/results/breed-and-ancestry?i=${petNum}`, signedIn: true },
  { label: 'health', path: `/members/results/health?i=${petNum}`, signedIn: true },
  { label: 'traits', path: `/members/results/traits?i=${petNum}`, signedIn: true },
  { label: 'relatives', path: `/members/results/relatives?i=${petNum}`, signedIn: true },
  { label: 'public', path: `/dog/${handle}`, signedIn: false },
  { label: 'help', path: '/help', signedIn: false },
  { label: 'healthz', path: '/healthz', signedIn: false },
].filter((p) => !wanted || wanted.includes(p.label));

for (const page of pages) {
  const out = path.join(dir, page.label);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const app = await startApp(databaseUrl, 1, ['--cpu-prof', `--cpu-prof-dir=${out}`]);
  cookieHolder.cookie = await signInCookie(app.base);
  const headers: Record<string, string> = { ...(page.signedIn ? { cookie: cookieHolder.cookie } : {}), ...(process.env.PROFILE_ENCODING ? { 'accept-encoding': process.env.PROFILE_ENCODING } : {}) };
  await autocannon({ url: `${app.base}${page.path}`, connections: 20, duration: 2, headers });
  const backends = await databaseBackends();
  const cpuBefore = [cpuMsOf(app.pid), backends.reduce((sum, pid) => sum + cpuMsOf(pid), 0)];
  const from = Number(process.hrtime.bigint() / 1000n);
  const result = await autocannon({ url: `${app.base}${page.path}`, connections: 20, duration: seconds, headers });
  const to = Number(process.hrtime.bigint() / 1000n);
  const cpuAfter = [cpuMsOf(app.pid), backends.reduce((sum, pid) => sum + cpuMsOf(pid), 0)];
  await app.stop();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const file = readdirSync(out).find((f) => f.endsWith('.cpuprofile'));
  console.log(`\n${page.label} (${page.path}): ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, ${result.non2xx + result.errors} errors; ` +
    `CPU per request: app ${((cpuAfter[0] - cpuBefore[0]) / result.requests.total).toFixed(2)} ms, PostgreSQL ${((cpuAfter[1] - cpuBefore[1]) / result.requests.total).toFixed(2)} ms (load ${loadavg()[0].toFixed(1)})`);
  if (!file) {
    console.log('  no profile written');
    continue;
  }
  console.log(summarise(JSON.parse(readFileSync(path.join(out, file), 'utf8')) as CpuProfile, [from, to], result.requests.total).join('\n'));
}
