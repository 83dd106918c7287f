// npm run bench (BENCH_ONLY=relatives): relative matching of one dog against 100,000 stored dogs,
// done by the relatives.match jobs its release queues, with one worker process and then with two.
// Runs on PostgreSQL only (the embedded database serves one process), in a database of its own
// (<database>_relatives, made afresh and dropped afterwards). The stored dogs are 500 simulated
// dogs of the lab's breeds (purebreds and crosses) stored 200 times each; the dog matched is a pup
// of two of them, so it has 400 relatives (its parents' copies).
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Db } from '../server/db/index.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { syncCatalogues } from '../server/catalogue/sync.js';
import { installJobQueue, JOB_SCHEMA } from '../server/jobs/queue.js';
import { openLab } from '../server/lab/lab.js';
import { DEFAULT_LAB_OPTIONS } from '../server/lab/options.js';
import { ingestGenotypeFile } from '../server/lab/ingest.js';
import { relativeMatchingJob, RELATIVES_MATCH_JOB } from '../server/lab/relatives-job.js';
import { packGenotype } from '../server/genetics/genotype.js';
import { callsOf, type SimulatedDog } from '../server/genetics/simulate/dog.js';
import type { Calls } from '../server/genetics/genotype.js';
import { referencePopulationSlugs } from '../server/genetics/simulate/simulator.js';
import { writeTsvGenotypes } from '../server/genetics/formats/tsv.js';
import { onServer } from './web.js';

const STORED = 100_000;
const DISTINCT = 500;

/** 100,000 dogs with a current genotype each, on the lab's panel, in a few statements; the dog matched against them, a pup of two of them. */
async function storePopulation(db: Db): Promise<Calls> {
  const lab = await openLab(db, DEFAULT_LAB_OPTIONS);
  const { simulator } = (await import('../server/genetics/simulate/reference.js')).simulatedWorld({ seed: DEFAULT_LAB_OPTIONS.seed, snpCount: DEFAULT_LAB_OPTIONS.panelSize });
  const slugs = referencePopulationSlugs();
  const distinct: Buffer[] = [];
  const dogs: SimulatedDog[] = [];
  for (let i = 0; i < DISTINCT; i++) {
    const breed = slugs[i % slugs.length];
    const dog = i % 3 === 2 ? simulator.mate(simulator.purebred(breed, 'm'), simulator.purebred(slugs[(i * 7 + 3) % slugs.length], 'f')) : simulator.purebred(breed, i === 0 ? 'm' : i === 1 ? 'f' : undefined);
    dogs.push(dog);
    distinct.push(Buffer.from(packGenotype(callsOf(dog))));
  }
  const [{ id: userId }] = await db('users').insert({ email: 'bench-owner@example.test', name: 'Bench Owner', password_hash: 'x' }).returning('id');
  await db.raw(`insert into pets (name, handle) select 'Bench dog ' || g, 'bench-dog-' || g from generate_series(1, ?) g`, [STORED]);
  await db.raw(`insert into pet_owners (pet_num, user_id, permission, is_primary) select pet_num, ?, 'edit', true from pets`, [userId]);
  const [{ id: swabId }] = await db('swabs').insert({ swab_code: 'BENCHSTORED0001', swab_state: 'released', product_type: 'ComprehensiveConsumer', activated_at: db.fn.now() }).returning('id');
  const [{ id: sampleId }] = await db('samples').insert({ swab_id: swabId, sample_state: 'genotyped', genotyped_at: db.fn.now() }).returning('id');
  await db.raw('create temporary table distinct_calls (n int primary key, calls bytea not null)');
  for (let start = 0; start < DISTINCT; start += 100) {
    await db('distinct_calls').insert(distinct.slice(start, start + 100).map((calls, i) => ({ n: start + i, calls })));
  }
  await db.raw(
    `insert into genotypes (sample_id, pet_num, panel_id, marker_count, calls, call_rate, source_format, is_current)
     select ?, pets.pet_num, ?, ?, distinct_calls.calls, 1, 'simulated', true
       from pets join distinct_calls on distinct_calls.n = pets.pet_num % ?
      order by pets.pet_num`,
    [sampleId, lab.panelId, lab.panel.markers.length, DISTINCT],
  );
  await db.raw('analyze');
  return callsOf(simulator.mate(dogs[0], dogs[1], 'f'));
}

function startWorker(url: string): Promise<ChildProcess> {
  const child = fork(fileURLToPath(new URL('./relatives-worker.ts', import.meta.url)), { env: { ...process.env, DATABASE_URL: url }, execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`a bench worker stopped (${code})`)));
  });
}

/** Releases one new dog and waits for its matching jobs; the time from the release's commit to the last job's end. */
async function matchOneDog(db: Db, round: number, pup: Calls): Promise<{ ms: number; jobs: number; relatives: number }> {
  const lab = await openLab(db, DEFAULT_LAB_OPTIONS);
  // the pup of the round before is taken out, so each round matches against the same dogs
  await db('genotypes').where('pet_num', '>', STORED).update({ is_current: false });
  const swabCode = `BENCHQUERY000${round}`;
  const [{ pet_num: petNum }] = await db('pets').insert({ name: `Query ${round}`, handle: `bench-query-${round}`, sex: 'f' }).returning('pet_num');
  await db('swabs').insert({ swab_code: swabCode, pet_num: petNum, swab_state: 'activated', product_type: 'ComprehensiveConsumer', activated_at: db.fn.now() });
  const started = performance.now();
  const outcome = await ingestGenotypeFile(db, lab, { fileName: 'query.tsv', text: writeTsvGenotypes(lab.panel, pup, { swabCode }) });
  if (outcome.status !== 'released' || !('matchingJobs' in outcome.relatives)) throw new Error('the query dog was not released for matching');
  for (;;) {
    const [{ waiting }] = await db(`${JOB_SCHEMA}.job`).where({ name: RELATIVES_MATCH_JOB }).whereIn('state', ['created', 'retry', 'active']).count('* as waiting');
    if (Number(waiting) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const ms = performance.now() - started;
  const [{ count }] = await db('relatives').where('pet_num_a', petNum).orWhere('pet_num_b', petNum).count('* as count');
  return { ms, jobs: outcome.relatives.matchingJobs, relatives: Number(count) };
}

export async function benchRelativeSplit(databaseUrl: string | undefined): Promise<string[]> {
  if (!databaseUrl) return ['relative matching split across workers: not measured (needs DATABASE_URL: the embedded database serves one process)'];
  const base = new URL(databaseUrl);
  const name = `${base.pathname.slice(1)}_relatives`;
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  await onServer(databaseUrl, async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  });
  const database = await openDatabase({ databaseUrl: url.toString() });
  const children: ChildProcess[] = [];
  try {
    const { db } = database;
    await migrateToLatest(db);
    await installJobQueue(db, [relativeMatchingJob(db, DEFAULT_LAB_OPTIONS)]);
    await syncCatalogues(db);
    const seeded = performance.now();
    const pup = await storePopulation(db);
    const seedSeconds = ((performance.now() - seeded) / 1000).toFixed(0);
    const results: { workers: number; ms: number; jobs: number; relatives: number }[] = [];
    for (const workers of [1, 2]) {
      for (let i = 0; i < workers; i++) children.push(await startWorker(url.toString()));
      results.push({ workers, ...(await matchOneDog(db, workers, pup)) });
      for (const child of children.splice(0)) child.kill('SIGKILL');
    }
    const [one, two] = results;
    return [
      `relative matching of one dog against ${STORED.toLocaleString('en')} stored dogs (${DISTINCT} simulated dogs stored ${STORED / DISTINCT} times, stored in ${seedSeconds} s), ${one.jobs} relatives.match jobs:`,
      `  1 worker: ${(one.ms / 1000).toFixed(2)} s; 2 workers: ${(two.ms / 1000).toFixed(2)} s (${(one.ms / two.ms).toFixed(2)}x); relatives found ${one.relatives} and ${two.relatives}`,
    ];
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await database.close();
    await onServer(databaseUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log((await benchRelativeSplit(process.env.DATABASE_URL)).join('\n'));
}
