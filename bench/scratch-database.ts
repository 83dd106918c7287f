import { openDatabase, type Db } from '../server/db/index.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { syncCatalogues } from '../server/catalogue/sync.js';

/** Runs fn on a fresh database: on PostgreSQL a schema of its own, dropped afterwards, so every run meets new arrays and leaves nothing behind. */
export async function inScratchDatabase<T>(name: string, fn: (db: Db, kind: string) => Promise<T>): Promise<T> {
  const databaseUrl = process.env.DATABASE_URL;
  const schema = `bench_${name}_${process.pid}`;
  let admin: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let url = databaseUrl;
  if (databaseUrl) {
    admin = await openDatabase({ databaseUrl });
    await admin.db.raw('drop schema if exists ?? cascade', [schema]);
    await admin.db.raw('create schema ??', [schema]);
    const scoped = new URL(databaseUrl);
    scoped.searchParams.set('options', `-c search_path=${schema},public`);
    url = scoped.toString();
  }
  const database = await openDatabase({ databaseUrl: url });
  try {
    await migrateToLatest(database.db);
    await syncCatalogues(database.db);
    return await fn(database.db, database.kind);
  } finally {
    await database.close();
    if (admin) {
      await admin.db.raw('drop schema if exists ?? cascade', [schema]);
      await admin.close();
    }
  }
}
