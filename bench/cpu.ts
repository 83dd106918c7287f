// npm run bench:cpu: the production server's CPU time per request for a few pages (DATABASE_URL: a
// scratch PostgreSQL database), from /proc over N requests four at a time. Unlike req/s it hardly
// moves when other programs share the machine, so it shows what a change saves. PAGES: labels.
import { readFileSync } from 'node:fs';
import { demoDog, signInCookie, startApp } from './web.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to a scratch PostgreSQL database');
const N = Number(process.env.N ?? 2000);
const only = process.env.PAGES?.split(',');

/** User + system CPU time of a process, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const app = await startApp(databaseUrl, 1);
try {
  const { petNum, handle } = await demoDog(databaseUrl);
  const cookie = await signInCookie(app.base);
  const pages: [string, string, boolean][] = [
    ['healthz', '/healthz', false],
    ['help', '/help', false],
    ['dog', `/dog/${handle}`, false],
    ['members', '/members', true],
    ['summary', `/members/results/summary?i=${petNum}`, true],
    ['breed', `/members/results/breed-and-ancestry?i=${petNum}`, true],
    ['health', `/members/results/health?i=${petNum}`, true],
    ['traits', `/members/results/traits?i=${petNum}`, true],
    ['relatives', `/members/results/relatives?i=${petNum}`, true],
    ['profile', `/members/results/profile?i=${petNum}`, true],
    ['messages', '/members/messages', true],
  ];
  for (const [label, path, signedIn] of pages) {
    if (only && !only.includes(label)) continue;
    // as a browser asks: compressed (ENCODING='identity' for the page alone)
    const headers: Record<string, string> = { 'accept-encoding': process.env.ENCODING ?? 'gzip, deflate, br', ...(signedIn ? { cookie } : {}) };
    const one = async () => {
      const response = await fetch(app.base + path, { headers });
      const body = await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      return body.byteLength;
    };
    let size = 0;
    for (let i = 0; i < 200; i++) size = await one(); // warm up: compiled templates, caches, JIT
    const before = cpuMs(app.pid);
    for (let i = 0; i < N; i += 4) await Promise.all([one(), one(), one(), one()]);
    console.log(`${label.padEnd(8)} ${(((cpuMs(app.pid) - before) * 1000) / N).toFixed(0).padStart(5)} µs CPU per request (${size} bytes unpacked)`);
  }
} finally {
  await app.stop();
}
