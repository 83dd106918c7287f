import { openDatabase, type Database, type Db } from '../../server/db/index.js';
import { createWorkerDatabase } from './global-database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { syncCatalogues } from '../../server/catalogue/sync.js';
import { forgetLab } from '../../server/lab/lab.js';
import { clearJobs, installTestJobQueue } from './jobs.js';

let opening: Promise<Database> | undefined;

/**
 * The database of this test process: an in-memory PGlite migrated on first use, or, when
 * DATABASE_URL is set, a PostgreSQL database of its own copied from the migrated template that
 * the run's global setup made at DATABASE_URL (see test/support/global-database.ts). Every mocha
 * worker thus has a database no other worker writes to.
 */
export function testDatabase(): Promise<Database> {
  opening ??= (async () => {
    let database: Database;
    if (process.env.DATABASE_URL) {
      database = await openDatabase({ databaseUrl: await createWorkerDatabase(process.env.DATABASE_URL) });
    } else {
      database = await openDatabase({});
      await migrateToLatest(database.db);
      await installTestJobQueue(database.db);
      await syncCatalogues(database.db);
    }
    // Catalogue detection must see the database exactly as the migrations left it.
    await catalogueTables(database.db);
    return database;
  })();
  return opening;
}

/** Whether this process has opened its database yet (a file that never asks for one leaves it closed). */
export const isTestDatabaseOpen = (): boolean => opening !== undefined;

export async function testDb(): Promise<Db> {
  return (await testDatabase()).db;
}

// Filled by migrations and the catalogue sync, not by tests, so they survive a reset.
const KEPT_TABLES = new Set(['knex_migrations', 'knex_migrations_lock', 'markers', 'marker_panels', 'marker_variants']);

/**
 * Empties every table that tests wrote to and restarts the tables' ids. Only the tables holding rows
 * are emptied, by a delete: tests leave few rows, and a truncate makes new files for each table it
 * names, which costs far more.
 */
export async function resetDatabase(db: Db): Promise<void> {
  const tables = await writtenTables(db);
  const filled = await tablesWithRows(db, tables);
  await db.transaction(async (trx) => {
    // every written table is emptied, so foreign keys need not be followed
    await trx.raw('set local session_replication_role = replica');
    for (const table of filled) await trx.raw(`delete from "${table}"`);
    await trx.raw(
      `select setval(d.objid, s.seqstart, false)
        from pg_depend d join pg_sequence s on s.seqrelid = d.objid join pg_class t on t.oid = d.refobjid
        where d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i') and t.relnamespace = 'public'::regnamespace and t.relname = any(?)`,
      [tables],
    );
  });
  await forgetOutsideTables(db);
}

/** What lives outside the written tables goes too: queued jobs, real arrays' panels, the lab's memory. */
async function forgetOutsideTables(db: Db): Promise<void> {
  await clearJobs(db);
  // the lab panel stays; panels of real arrays learn alleles from the exports a test imported
  await db('marker_panels').whereNotNull('probe_names').delete();
  forgetLab(db);
}

async function tablesWithRows(db: Db, tables: string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const probe = tables.map((table) => `select '${table}' as name where exists (select 1 from "${table}")`).join(' union all ');
  const { rows } = await db.raw<{ rows: { name: string }[] }>(probe);
  return rows.map((row) => row.name);
}

let catalogues: string[] | undefined;

/** Tables that already hold rows right after migrating and syncing are catalogues. */
async function catalogueTables(db: Db): Promise<string[]> {
  if (catalogues) return catalogues;
  const { rows } = await db.raw<{ rows: { tablename: string }[] }>("select tablename from pg_tables where schemaname = 'public'");
  const found: string[] = [];
  for (const { tablename } of rows) {
    if (KEPT_TABLES.has(tablename)) continue;
    const result = await db.raw<{ rows: unknown[] }>(`select 1 from "${tablename}" limit 1`);
    if (result.rows.length > 0) found.push(tablename);
  }
  catalogues = found;
  return found;
}

const SNAPSHOT_PREFIX = 'test_snapshot_';

/**
 * Puts the database in the state `build` makes from an empty one. The first call of a run builds
 * it and copies every written table into a schema of its own; later calls restore that copy, so
 * each test file starts from the same rows whatever the files before it changed.
 */
export async function resetToSnapshot(name: string, build: (db: Db) => Promise<void>): Promise<void> {
  const db = await testDb();
  const schema = `${SNAPSHOT_PREFIX}${name.replace(/[^a-z0-9_]/gi, '_')}`;
  const exists = await db.raw<{ rows: unknown[] }>('select 1 from pg_namespace where nspname = ?', [schema]);
  if (exists.rows.length === 0) {
    await resetDatabase(db);
    await build(db);
    await saveSnapshot(db, schema);
    return;
  }
  await restoreSnapshot(db, schema);
}

async function writtenTables(db: Db): Promise<string[]> {
  const { rows } = await db.raw<{ rows: { tablename: string }[] }>("select tablename from pg_tables where schemaname = 'public' order by tablename");
  const keep = new Set([...KEPT_TABLES, ...(await catalogueTables(db))]);
  return rows.map((row) => row.tablename).filter((name) => !keep.has(name));
}

async function saveSnapshot(db: Db, schema: string): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw(`create schema "${schema}"`);
    for (const table of await writtenTables(trx)) {
      await trx.raw(`create table "${schema}"."${table}" as table public."${table}"`);
    }
    // the ids of the written tables only: a kept table's (the lab's panel, stored when a lab first
    // opens) must not go back to before its rows
    await trx.raw(
      `create table "${schema}".sequence_values as
         select s.sequencename::text as name, s.last_value
           from pg_sequences s join pg_class q on q.relname = s.sequencename and q.relnamespace = 'public'::regnamespace
           join pg_depend d on d.objid = q.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
           join pg_class t on t.oid = d.refobjid
          where s.schemaname = 'public' and t.relname = any(?)`,
      [await writtenTables(trx)],
    );
  });
}

async function restoreSnapshot(db: Db, schema: string): Promise<void> {
  const tables = await writtenTables(db);
  await db.transaction(async (trx) => {
    // Rows are copied back as they were, so foreign keys need not be checked in order. A delete, not
    // a truncate: the tables hold few rows, and a truncate makes new files for every table it names.
    await trx.raw('set local session_replication_role = replica');
    for (const table of tables) await trx.raw(`delete from public."${table}"`);
    // every table's stored columns in one read (pg_attribute: information_schema is slow on PGlite)
    const { rows } = await trx.raw<{ rows: { table_name: string; columns: string[] }[] }>(
      `select c.relname as table_name, array_agg(a.attname::text order by a.attnum) as columns
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        group by c.relname`,
    );
    const columnsOf = new Map(rows.map((row) => [row.table_name, row.columns]));
    for (const table of tables) {
      const columns = (columnsOf.get(table) ?? []).map((name) => `"${name}"`).join(', ');
      await trx.raw(`insert into public."${table}" (${columns}) overriding system value select ${columns} from "${schema}"."${table}"`);
    }
    // (results_versions, owned by no table, moves on: an app may keep results read under any version it has seen)
    await trx.raw(`select setval(format('public.%I', name)::regclass, coalesce(last_value, 1), last_value is not null) from "${schema}".sequence_values`);
  });
  await forgetOutsideTables(db);
}

/** Closes this process's database (scripts that borrow the test helpers end with it). */
export async function closeTestDatabase(): Promise<void> {
  if (!opening) return;
  const database = await opening;
  opening = undefined;
  await database.close();
}
