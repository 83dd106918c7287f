import { openDatabase, type Database, type Db } from '../../server/db/index.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { syncCatalogues } from '../../server/catalogue/sync.js';
import { forgetLab } from '../../server/lab/lab.js';

let opening: Promise<Database> | undefined;

/**
 * One migrated database per test run: PGlite in memory, or PostgreSQL when DATABASE_URL is set
 * (its public schema is dropped first, so every run starts from the migrations).
 */
export function testDatabase(): Promise<Database> {
  opening ??= (async () => {
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
    if (database.kind === 'postgres') {
      await database.db.raw('drop schema if exists public cascade');
      await database.db.raw('create schema public');
    }
    await migrateToLatest(database.db);
    await syncCatalogues(database.db);
    return database;
  })();
  return opening;
}

export async function testDb(): Promise<Db> {
  return (await testDatabase()).db;
}

// Filled by migrations and the catalogue sync, not by tests, so they survive a reset.
const KEPT_TABLES = new Set(['knex_migrations', 'knex_migrations_lock', 'markers', 'marker_panels', 'marker_variants']);

/** Empties every table that tests write to, and restarts their ids. */
export async function resetDatabase(db: Db): Promise<void> {
  const { rows } = await db.raw<{ rows: { tablename: string }[] }>("select tablename from pg_tables where schemaname = 'public'");
  const keep = new Set([...KEPT_TABLES, ...(await catalogueTables(db))]);
  const tables = rows.map((row) => row.tablename).filter((name) => !keep.has(name));
  if (tables.length > 0) await db.raw(`truncate table ${tables.map((t) => `"${t}"`).join(', ')} restart identity cascade`);
  forgetLab(db);
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

export async function closeTestDatabase(): Promise<void> {
  if (!opening) return;
  const database = await opening;
  opening = undefined;
  await database.close();
}
