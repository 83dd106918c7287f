import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from '../../server/db/index.js';
import { changeClockOf } from '../../server/db/change-clock.js';

/**
 * Runs SQL as another process would: on its own connection (PostgreSQL) or straight on PGlite,
 * past knex, so the app hears of the change only through the database's notification.
 */
export async function writeFromElsewhere(db: Db, sql: string, values: unknown[] = []): Promise<void> {
  const client = db.client as { pglite?: PGlite; config: { connection?: unknown } };
  if (client.pglite) {
    await client.pglite.query(sql, values);
    return;
  }
  const connection = new pg.Client(client.config.connection as string);
  await connection.connect();
  try {
    await connection.query(sql, values);
  } finally {
    await connection.end();
  }
}

/** Waits (up to 5 s) until `done()` holds; for notifications, which arrive a moment after their commit. */
export async function eventually(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 250; i++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`gave up waiting: ${what}`);
}

/** The database's change clock, once it listens. */
export async function liveClock(db: Db) {
  const clock = changeClockOf(db);
  await eventually(() => clock.live, 'the change clock listens');
  return clock;
}

/** Counts the queries knex sends while `run` runs. */
export async function queriesDuring(db: Db, run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const note = (query: { sql: string }) => seen.push(query.sql);
  db.on('query', note);
  try {
    await run();
  } finally {
    db.off('query', note);
  }
  return seen;
}
