// Issue 18: a page view should not ask the database whether anything changed since the last one.
// Every committed write to a table (all but a few, migration 20261127010001) moves the sequence
// page_data_generation and NOTIFYs its channel; each process listens and counts. An in-memory
// entry recorded under tick T is current while the tick is still T: nothing was committed since.
// Writes of this process move the tick at once (when their statement or COMMIT is sent), so a
// request that follows a form post never sees the state before it; other processes' writes
// arrive with the notification, within a millisecond or so of their commit.
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './index.js';
import { logger } from '../logging/logger.js';

export const CHANGES_CHANNEL = 'page_data_generation';
const RETRY_AFTER_MS = 5_000;
const WRITES = /^\s*(insert|update|delete|truncate|with|merge|create|alter|drop)\b/i;
const COMMIT = /^\s*commit\b/i;
// The tables a statement writes: `insert into x`, `update x`, `delete from x`, `truncate x, y`.
const WRITTEN_TABLE = /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;
const NOT_TABLES = new Set(['set', 'skip', 'nowait', 'of']); // `do update set`, `for update skip locked`

export interface ChangeClock {
  /** Moves on every committed write seen; compare, never order. */
  readonly tick: number;
  /** False until the process listens (and while it cannot): nothing may be kept then. */
  readonly live: boolean;
  stop(): Promise<void>;
}

/** The clock as a page-data generation (results/page-data-cache.ts), or none while it does not listen. */
export function generationOf(clock: ChangeClock): string | undefined {
  return clock.live ? `tick ${clock.tick}` : undefined;
}

const clocks = new WeakMap<Db, ChangeClock>();

/** The database's clock, one per connection pool, listening from its first use. */
export function changeClockOf(db: Db): ChangeClock {
  let clock = clocks.get(db);
  if (!clock) clocks.set(db, (clock = startClock(db)));
  return clock;
}

function startClock(db: Db): ChangeClock {
  let tick = 0;
  let live = false;
  let stopped = false;
  let stopListening: (() => Promise<void>) | null = null;
  const advance = () => {
    tick++;
  };

  // Tables without the trigger: writes to them change nothing a kept entry shows.
  let unwatched = new Set<string>();
  const writesWatchedTable = (sql: string) => {
    if (!WRITES.test(sql)) return false;
    const tables = [...sql.matchAll(WRITTEN_TABLE)].map((match) => match[1].toLowerCase()).filter((name) => !NOT_TABLES.has(name));
    if (tables.length === 0) return !/^\s*with\b/i.test(sql); // DDL, or a read with a common table expression
    return tables.some((table) => !unwatched.has(table));
  };
  // Autocommit writes when sent and when answered; a transaction's at COMMIT too (other
  // connections see nothing of it before then, but moving the tick early costs nothing).
  db.on('query', (query: { sql?: string }) => {
    if (typeof query.sql === 'string' && (COMMIT.test(query.sql) || writesWatchedTable(query.sql))) advance();
  });
  db.on('query-response', (_response: unknown, query: { sql?: string; __knexTxId?: string }) => {
    if (!query.__knexTxId && typeof query.sql === 'string' && writesWatchedTable(query.sql)) advance();
  });

  const listen = async () => {
    unwatched = await unwatchedTables(db);
    const client = db.client as { pglite?: PGlite; config: { connection?: unknown } };
    if (client.pglite) {
      stopListening = await client.pglite.listen(CHANGES_CHANNEL, advance);
    } else {
      const connection = new pg.Client(client.config.connection as string | pg.ClientConfig);
      connection.on('notification', advance);
      connection.on('error', (error) => {
        logger.error({ err: error }, 'change notifications lost; pages are read from the database until they return');
        live = false;
        advance();
        stopListening = null;
        void connection.end().catch(() => undefined);
        scheduleRetry();
      });
      await connection.connect();
      (connection as unknown as { connection?: { stream?: { unref?(): void } } }).connection?.stream?.unref?.();
      await connection.query(`listen ${CHANGES_CHANNEL}`);
      stopListening = () => connection.end();
    }
    if (stopped) return void (await stopListening?.());
    // Whatever was kept before listening may be stale; from here on every commit is heard.
    advance();
    live = true;
  };
  const scheduleRetry = () => {
    if (!stopped) setTimeout(start, RETRY_AFTER_MS).unref();
  };
  const start = () => {
    listen().catch((error) => {
      logger.warn({ err: error }, 'cannot listen for changes; retrying');
      scheduleRetry();
    });
  };
  start();

  return {
    get tick() {
      return tick;
    },
    get live() {
      return live && !stopped;
    },
    async stop() {
      stopped = true;
      live = false;
      const stop = stopListening;
      stopListening = null;
      await stop?.();
    },
  };
}

async function unwatchedTables(db: Db): Promise<Set<string>> {
  const { rows } = await db.raw<{ rows: { name: string }[] }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind = 'r'
       and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = c.relname || '_page_data')`,
  );
  return new Set(rows.map((row) => row.name));
}
