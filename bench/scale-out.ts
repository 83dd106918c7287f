// npm run bench (BENCH_ONLY=scale-out): two app processes and two job workers (`npm run worker`)
// on one PostgreSQL database. Admins upload genotype files through both apps and visitors ask for
// password resets on both; the bench waits for the job queue to empty and checks that every job
// ran exactly once: each upload ingested once, each e-mail sent once (one try, one .eml file),
// every job completed. Runs in a database of its own (<database>_scaleout), dropped afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { openDatabase, type Db } from '../server/db/index.js';
import { JOB_SCHEMA } from '../server/jobs/queue.js';
import { hashPassword } from '../server/auth/passwords.js';
import { DEFAULT_LAB_OPTIONS } from '../server/lab/options.js';
import { simulatedWorld } from '../server/genetics/simulate/reference.js';
import { callsOf } from '../server/genetics/simulate/dog.js';
import { referencePopulationSlugs } from '../server/genetics/simulate/simulator.js';
import { writeTsvGenotypes } from '../server/genetics/formats/tsv.js';
import { answering, freePort, onServer } from './web.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const UPLOADS = 6;
const RESETS = 20;
const PASSWORD = 'scale-out-1234';

function start(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
}

const tokenIn = (html: string) => html.match(/<meta name="csrf-token" content="([^"]+)">/)?.[1] ?? '';

async function signedInAdmin(base: string, email: string) {
  const agent = request.agent(base);
  const login = await agent.get('/login');
  await agent.post('/login').type('form').send({ email, password: PASSWORD, _csrf: tokenIn(login.text) }).expect(302);
  return agent;
}

async function jobsWaiting(db: Db): Promise<number> {
  const [{ waiting }] = await db(`${JOB_SCHEMA}.job`).whereIn('state', ['created', 'retry', 'active']).whereNot('name', 'like', 'media.%').whereNot('name', 'like', '\\_\\_pgboss%').count('* as waiting');
  return Number(waiting);
}

export async function benchScaleOut(databaseUrl: string | undefined): Promise<string[]> {
  if (!databaseUrl) return ['scale-out: not measured (needs DATABASE_URL: the embedded database serves one process)'];
  const name = `${new URL(databaseUrl).pathname.slice(1)}_scaleout`;
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  await onServer(databaseUrl, async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scale-out-'));
  const children: ChildProcess[] = [];
  const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir, SESSION_SECRET: 'scale-out-secret', DEMO_DATA: 'false', JOB_WORKER: 'false', NODE_ENV: 'development', LOG_LEVEL: 'warn' };
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    // the first app migrates and installs the queue; the second and the workers meet them ready
    const ports = [await freePort(), await freePort()];
    const bases = ports.map((port) => `http://127.0.0.1:${port}`);
    const first = start('server/main.ts', { ...env, PORT: String(ports[0]), BASE_URL: bases[0] });
    children.push(first);
    await answering(bases[0], first);
    const second = start('server/main.ts', { ...env, PORT: String(ports[1]), BASE_URL: bases[1] });
    children.push(second);
    await answering(bases[1], second);
    database = await openDatabase({ databaseUrl: url.toString() });
    const { db } = database;

    const passwordHash = await hashPassword(PASSWORD);
    await db('users').insert({ email: 'admin@scale-out.test', name: 'Lab Admin', password_hash: passwordHash, is_admin: true });
    const owners: { email: string; swabCode: string }[] = [];
    for (let i = 0; i < UPLOADS; i++) {
      const email = `owner${i}@scale-out.test`;
      const [{ id: userId }] = await db('users').insert({ email, name: `Owner ${i}`, password_hash: passwordHash }).returning('id');
      const [{ pet_num: petNum }] = await db('pets').insert({ name: `Dog ${i}`, handle: `scale-out-dog-${i}`, sex: 'f' }).returning('pet_num');
      await db('pet_owners').insert({ pet_num: petNum, user_id: userId, permission: 'edit', is_primary: true });
      const swabCode = `SCALEOUTSWAB${String(i).padStart(4, '0')}`;
      await db('swabs').insert({ swab_code: swabCode, pet_num: petNum, activated_by_user_id: userId, swab_state: 'activated', product_type: 'ComprehensiveConsumer', activated_at: db.fn.now() });
      owners.push({ email, swabCode });
    }

    // two workers, each a process of its own
    for (let i = 0; i < 2; i++) children.push(start('scripts/worker.ts', env));

    const admins = await Promise.all(bases.map((base) => signedInAdmin(base, 'admin@scale-out.test')));
    const { simulator, panel } = simulatedWorld({ seed: DEFAULT_LAB_OPTIONS.seed, snpCount: DEFAULT_LAB_OPTIONS.panelSize });
    const slugs = referencePopulationSlugs();
    const started = performance.now();
    await Promise.all(
      owners.map(async (owner, i) => {
        const agent = admins[i % 2];
        const page = await agent.get('/admin/lab').expect(200);
        const tsv = writeTsvGenotypes(panel, callsOf(simulator.purebred(slugs[i % slugs.length], 'f')), { swabCode: owner.swabCode });
        await agent.post('/admin/lab/upload').field('_csrf', tokenIn(page.text)).attach('files', Buffer.from(tsv), `${owner.swabCode}.tsv`).expect(303);
      }),
    );
    await Promise.all(
      Array.from({ length: RESETS }, async (_, i) => {
        const visitor = request.agent(bases[i % 2]);
        const form = await visitor.get('/forgot-password');
        await visitor.post('/forgot-password').type('form').send({ email: owners[i % owners.length].email, _csrf: tokenIn(form.text) });
      }),
    );
    while ((await jobsWaiting(db)) > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);

    const jobs: { name: string; state: string; count: string | number }[] = await db(`${JOB_SCHEMA}.job`).whereNot('name', 'like', 'media.%').whereNot('name', 'like', '\\_\\_pgboss%').groupBy('name', 'state').select('name', 'state').count('* as count');
    const genotypes = Number((await db('genotypes').count('* as n'))[0].n);
    const released = Number((await db('swabs').where({ swab_state: 'released' }).count('* as n'))[0].n);
    const outbox: { status: string; attempts: number }[] = await db('outbox').select('status', 'attempts');
    const emlFiles = readdirSync(path.join(dataDir, 'mail')).filter((file) => file.endsWith('.eml')).length;
    const sentOnce = outbox.filter((message) => message.status === 'sent' && message.attempts === 1).length;
    const notCompleted = jobs.filter((job) => job.state !== 'completed');
    const exactlyOnce = genotypes === UPLOADS && released === UPLOADS && sentOnce === outbox.length && emlFiles === outbox.length && notCompleted.length === 0;
    return [
      `scale-out: 2 app processes and 2 workers on one PostgreSQL; ${UPLOADS} uploads and ${RESETS} password resets through both apps, all jobs done in ${seconds} s:`,
      `  jobs ${jobs.map((job) => `${job.name} ${job.state} ${job.count}`).join(', ')}`,
      `  ${genotypes} genotypes stored, ${released} swabs released (of ${UPLOADS}); ${outbox.length} e-mails, ${sentOnce} sent on their first and only try, ${emlFiles} .eml files: ${exactlyOnce ? 'every job done exactly once: PASS' : 'FAIL'}`,
    ];
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await database?.close();
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined)));
    await onServer(databaseUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log((await benchScaleOut(process.env.DATABASE_URL)).join('\n'));
}
