import type PgBoss from 'pg-boss';
import type { Db } from '../db/index.js';

interface DriverConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
}

interface KnexClient {
  acquireConnection(): Promise<DriverConnection>;
  releaseConnection(connection: DriverConnection): Promise<void>;
}

/**
 * pg-boss's SQL runs on a connection of the app's knex pool (or of a knex transaction, so a job is
 * sent with the change that asks for it). On the embedded PGlite, the one connection knex shares;
 * a script of several statements goes through PGlite's `exec`, as `query` takes only one.
 */
export function pgBossDb(db: Db): PgBoss.Db {
  const client = db.client as unknown as KnexClient;
  return {
    async executeSql(text: string, values?: unknown[]) {
      const connection = await client.acquireConnection();
      try {
        if (connection.exec && (!values || values.length === 0)) {
          const results = await connection.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        const result = await connection.query(text, values);
        return { rows: result.rows };
      } finally {
        await client.releaseConnection(connection);
      }
    },
  };
}
