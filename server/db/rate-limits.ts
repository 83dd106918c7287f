import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import ClientPgLite from 'knex-pglite';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './index.js';

/**
 * Rate limits are counted by rate-limiter-flexible's RateLimiterPostgres in the database, so a
 * limit holds across app processes. All limits share one table, made by a migration
 * (20261203003401_rate_limits), each keeping its keys apart with its keyPrefix.
 */
export const RATE_LIMITS_TABLE = 'rate_limits';

export interface RateLimit {
  /** Starts every key of this limit in the table: `${keyPrefix}:${key}`. */
  keyPrefix: string;
  points: number;
  /** Seconds from a key's first point until its count starts over. */
  duration: number;
}

/**
 * The limit counted through `on`: the database, or a transaction whose connection counts it (a
 * count taken under the transaction's lock, or undone with it). `db` is the database itself.
 */
export function rateLimiter(db: Db, limit: RateLimit, on: Db = db): RateLimiterPostgres {
  sweepExpired(db);
  return new RateLimiterPostgres({
    ...limit,
    storeClient: storeClientOf(on),
    storeType: 'knex',
    tableName: RATE_LIMITS_TABLE,
    // the migration made it: the library's own create-table statement does not run on PGlite
    tableCreated: true,
    clearExpiredByTimeout: false,
  });
}

/**
 * Takes the points, each whatever the others answer: true when none was refused. The library
 * refuses with its result and fails with an Error; a failure is thrown.
 */
export async function consumed(...consumes: Promise<RateLimiterRes>[]): Promise<boolean> {
  const results = await Promise.allSettled(consumes);
  for (const result of results) if (result.status === 'rejected' && !(result.reason instanceof RateLimiterRes)) throw result.reason;
  return results.every((result) => result.status === 'fulfilled');
}

/** Whether the key has used every point of the limit in its current window. */
export function isSpent(counted: RateLimiterRes | null): boolean {
  return counted !== null && counted.remainingPoints === 0;
}

const swept = new WeakSet<Db>();

/** One limiter a database keeps the library's sweep: every five minutes it deletes rows an hour past their window. */
function sweepExpired(db: Db): void {
  if (swept.has(db)) return;
  swept.add(db);
  new RateLimiterPostgres({ keyPrefix: 'sweep', points: 1, duration: 1, storeClient: storeClientOf(db), storeType: 'knex', tableName: RATE_LIMITS_TABLE, tableCreated: true });
}

interface PgStyleConnection {
  pglite: PGlite;
  query(statement: { text: string; values?: unknown[] }): Promise<{ rows: unknown[]; rowCount: number }>;
}

/**
 * On PostgreSQL the knex instance itself. knex-pglite's one connection is a PGlite, whose query()
 * takes the text and the values apart and counts rows as affectedRows; the library hands its
 * connection node-postgres' query object and reads rowCount, so it gets a PGlite that takes those.
 * The connection still comes from knex, so a count waits its turn behind a transaction.
 */
function storeClientOf(on: Db): unknown {
  if (!(on.client instanceof ClientPgLite)) return on;
  return {
    client: {
      async acquireConnection(): Promise<PgStyleConnection> {
        const pglite: PGlite = await on.client.acquireConnection();
        return {
          pglite,
          async query({ text, values }) {
            const result = await pglite.query(text, values);
            return { rows: result.rows, rowCount: result.rows.length || (result.affectedRows ?? 0) };
          },
        };
      },
      releaseConnection: (connection: PgStyleConnection) => on.client.releaseConnection(connection.pglite),
    },
  };
}
