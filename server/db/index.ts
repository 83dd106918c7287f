import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { citext } from '@electric-sql/pglite/contrib/citext';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './lock.js';

export type Db = Knex;

export interface DatabaseOptions {
  /** postgres://… when set; otherwise the embedded PGlite. */
  databaseUrl?: string;
  /** Folder for PGlite's files; omitted means an in-memory database (tests). */
  dataDir?: string;
}

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

// Dates come back as 'YYYY-MM-DD' strings, not midnight-UTC Date objects that shift by time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const db = knexFactory({ client: 'pg', connection: options.databaseUrl, pool: { min: 0, max: 10 } });
    await db.raw('select 1');
    return { db, kind: 'postgres', close: () => db.destroy() };
  }

  let lock: DataDirLock | undefined;
  let pglite: PGlite;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    lock = acquireDataDirLock(options.dataDir);
    pglite = new PGlite(dir, { extensions: { pg_trgm, citext }, parsers: pgliteParsers });
  } else {
    pglite = new PGlite({ extensions: { pg_trgm, citext }, parsers: pgliteParsers });
  }
  await pglite.waitReady;
  const db = knexFactory({ client: ClientPgLite as unknown as typeof knexFactory.Client, dialect: 'postgres', connection: { pglite } as never });
  return {
    db,
    kind: 'pglite',
    async close() {
      await db.destroy();
      lock?.release();
    },
  };
}

// PGlite's own type parsers, matching the pg settings above.
const pgliteParsers = {
  1082: (value: string) => value,
  20: (value: string) => Number(value),
};
