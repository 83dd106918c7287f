// Admin search budget (DESIGN.md, issue 16 point 5): 1,000,000 dogs and 500,000 users seeded with
// generate_series into a database of their own (created and dropped here, so other benches and the
// app's data are untouched), then the data-table searches timed: a 3-character name fragment that
// reaches the 500-row limit, and an id, for pets and users. Budget: under 50 ms each.
import { loadavg } from 'node:os';
import pg from 'pg';
import { openDatabase } from '../server/db/index.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { searchAdminTable } from '../server/admin/data-table-queries.js';
import { parseAdminSearch, type AdminSearch, type AdminTableName } from '../server/shared/admin-search-rules.js';

const DOGS = Number(process.env.BENCH_ADMIN_DOGS ?? 1_000_000);
const USERS = Number(process.env.BENCH_ADMIN_USERS ?? 500_000);
const RUNS = 20;
const BUDGET_MS = 50;
const SEED_BUDGET_S = 60;

const DOG_NAMES = ['Bella', 'Max', 'Luna', 'Charlie', 'Lucy', 'Cooper', 'Daisy', 'Milo', 'Bailey', 'Rocky', 'Sadie', 'Buddy', 'Molly', 'Tucker', 'Maggie', 'Bear', 'Sophie', 'Duke', 'Chloe', 'Zeus', 'Rosie', 'Oliver', 'Penny', 'Winston', 'Stella', 'Murphy', 'Ruby', 'Gus', 'Lola', 'Finn', 'Zoe', 'Leo', 'Abby', 'Bruno', 'Ginger', 'Hank', 'Hazel', 'Jack', 'Koda', 'Lady', 'Mabel', 'Nala', 'Ollie', 'Pepper', 'Riley', 'Scout', 'Toby', 'Willow', 'Ziggy', 'Biscuit'];
const KENNELS = ['Sunny Meadow', 'Oak Ridge', 'Riverbend', 'Silver Creek', 'Maple Hill', 'Stonegate', 'Blue Sky', 'Cedar Hollow', 'Foxglove', 'Highland'];
const FIRST = ['Anna', 'Ben', 'Carla', 'David', 'Emma', 'Frank', 'Grace', 'Henry', 'Iris', 'Jonas', 'Kate', 'Liam', 'Maria', 'Noah', 'Olga', 'Paul', 'Quinn', 'Rosa', 'Sam', 'Tara'];
const LAST = ['Smith', 'Jones', 'Garcia', 'Miller', 'Davis', 'Lopez', 'Wilson', 'Moore', 'Taylor', 'Thomas', 'White', 'Harris', 'Martin', 'Clark', 'Lewis', 'Walker', 'Young', 'Allen', 'King', 'Wright'];

const sqlArray = (items: string[]) => `array[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(',')}]`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

interface SeedTimes {
  total: number;
  phases: string;
}

async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<SeedTimes> {
  const started = performance.now();
  const phases: string[] = [];
  let phaseStart = started;
  const phase = (name: string) => {
    const now = performance.now();
    phases.push(`${name} ${((now - phaseStart) / 1000).toFixed(1)} s`);
    phaseStart = now;
  };
  // Bulk loads go faster without the trigram indexes; they are rebuilt once the rows are in.
  const { rows: indexes } = await db.raw<{ rows: { indexname: string; indexdef: string }[] }>(
    "select indexname, indexdef from pg_indexes where schemaname = 'public' and indexdef like '%gin_trgm_ops%'",
  );
  for (const { indexname } of indexes) await db.raw(`drop index ${indexname}`);
  // Users and dogs are independent: they load side by side on two connections.
  await Promise.all([
    db.raw(`insert into users (email, name, password_hash, breeder_name, is_breeder)
      select 'member' || n || '@bench.test', (${sqlArray(FIRST)})[1 + n % 20] || ' ' || (${sqlArray(LAST)})[1 + (n / 20) % 20] || ' ' || n,
        'x', case when n % 50 = 0 then (${sqlArray(KENNELS)})[1 + n % 10] || ' Kennels' end, n % 50 = 0
      from generate_series(1, ${USERS}) n`),
    db.raw(`insert into pets (name, handle, call_name)
      select (${sqlArray(DOG_NAMES)})[1 + n % 50] || ' ' || (${sqlArray(KENNELS)})[1 + (n / 50) % 10] || ' ' || n, 'dog-' || n,
        (${sqlArray(DOG_NAMES)})[1 + (n / 7) % 50]
      from generate_series(1, ${DOGS}) n`),
  ]);
  phase('users and dogs');
  // Owners and swabs only read the dogs, so they load side by side on two connections; so do the indexes.
  await Promise.all([
    db.raw(`insert into pet_owners (pet_num, user_id) select pet_num, 1 + (pet_num - 1) % ${USERS} from pets`),
    db.raw(`insert into swabs (swab_code, pet_num, swab_state, product_type, activated_at)
      select 'SWAB' || lpad(pet_num::text, 10, '0'), pet_num, 'released', 'BreedAndAncestry', now() from pets`),
  ]);
  phase('owners and swabs');
  await Promise.all(
    indexes.map(({ indexdef }) =>
      db.transaction(async (trx) => {
        await trx.raw("set local maintenance_work_mem = '256MB'");
        await trx.raw(indexdef);
      }),
    ),
  );
  phase('trigram indexes');
  await db.raw('analyze');
  phase('analyze');
  return { total: (performance.now() - started) / 1000, phases: phases.join(', ') };
}

async function time(db: Awaited<ReturnType<typeof openDatabase>>['db'], table: AdminTableName, value: string, budgeted = true) {
  const search = parseAdminSearch(value) as AdminSearch;
  const { rows, limitHit } = await searchAdminTable(db, table, search); // warm-up
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await searchAdminTable(db, table, search);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(RUNS / 2)];
  const p95 = times[Math.ceil(RUNS * 0.95) - 1];
  return `admin search ${table} "${value}": ${rows.length} rows${limitHit ? ' (limit hit)' : ''}, median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ${budgeted ? `(budget < ${BUDGET_MS} ms): ${verdict(median < BUDGET_MS)}` : '(no budget)'}`;
}

export async function benchAdmin(databaseUrl: string | undefined): Promise<string[]> {
  if (!databaseUrl) return ['admin search: not measured (needs DATABASE_URL: PostgreSQL)'];
  const name = `${new URL(databaseUrl).pathname.slice(1) || 'postgres'}_admin_bench`;
  const server = new pg.Client({ connectionString: databaseUrl });
  await server.connect();
  // BENCH_ADMIN_KEEP=1 keeps the seeded database for the next run (to study plans with EXPLAIN).
  const keep = process.env.BENCH_ADMIN_KEEP === '1';
  const exists = (await server.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0;
  if (!keep || !exists) {
    await server.query(`drop database if exists "${name}"`);
    await server.query(`create database "${name}"`);
  }
  const lines: string[] = [];
  const { db, close } = await openDatabase({ databaseUrl: withDatabase(databaseUrl, name) });
  try {
    await migrateToLatest(db);
    if (!keep || !exists) {
      const { total, phases } = await seed(db);
      lines.push(`admin search seed: ${DOGS.toLocaleString('en')} dogs (with owners and swabs), ${USERS.toLocaleString('en')} users in ${total.toFixed(1)} s (${phases}; budget < ${SEED_BUDGET_S} s): ${verdict(total < SEED_BUDGET_S)}`);
    }
    const somePet = Math.floor(DOGS / 2) + 17;
    const someUser = Math.floor(USERS / 3) + 5;
    lines.push(await time(db, 'pets_info', 'bel'));
    lines.push(await time(db, 'pets_info', String(somePet)));
    lines.push(await time(db, 'pets_info', 'zig*ridge', false));
    lines.push(await time(db, 'users', 'mar'));
    lines.push(await time(db, 'users', String(someUser)));
    lines.push(await time(db, 'users', 'bench.test', false));
    const { rows: [{ size }] } = await db.raw<{ rows: { size: string }[] }>('select pg_size_pretty(pg_database_size(current_database())) as size');
    lines.push(`admin search database: ${size}; machine load average while measuring: ${loadavg().map((l) => l.toFixed(1)).join(', ')}`);
  } finally {
    await close();
    if (!keep) await server.query(`drop database if exists "${name}"`);
    await server.end();
  }
  return lines;
}
