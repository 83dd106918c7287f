import { createHash } from 'node:crypto';
import knexFactory from 'knex';
// knex's PostgreSQL client (CommonJS, untyped): the class `client: 'pg'` stands for.
import ClientPg from 'knex/lib/dialects/postgres/index.js';

/** A connection prepares at most this many statements; further ones are sent unnamed (parsed and planned each time). */
const MAX_STATEMENTS_PER_CONNECTION = 300;
const READS = /^\s*(select|with)\b/i;

interface PgConnection {
  query(config: { text: string; values: unknown[]; name?: string }, callback: (error: Error | null, response: unknown) => void): void;
}
interface QueryObject {
  sql: string;
  bindings?: unknown[];
  options?: Record<string, unknown>;
  response?: unknown;
}

const names = new Map<string, string>();
const prepared = new WeakMap<PgConnection, Set<string>>();

function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `q${createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`;
    if (names.size < 10_000) names.set(sql, name);
  }
  return name;
}

/**
 * knex's PostgreSQL client, sending each select as a named prepared statement: PostgreSQL parses
 * and plans it once per connection instead of on every page view (the session query, with the
 * shell's counts, spent longer in planning than in running). knex's SQL text holds only
 * placeholders, so one text is one statement whatever the values.
 */
export class PreparingPgClient extends (ClientPg as unknown as typeof knexFactory.Client) {
  _query(connection: PgConnection, obj: QueryObject): Promise<QueryObject> {
    if (!obj.sql) throw new Error('The query is empty');
    const config: { text: string; values: unknown[]; name?: string } = { text: obj.sql, values: obj.bindings ?? [], ...obj.options };
    if (config.name === undefined && READS.test(obj.sql)) {
      const name = statementName(obj.sql);
      let statements = prepared.get(connection);
      if (!statements) prepared.set(connection, (statements = new Set()));
      if (statements.has(name) || statements.size < MAX_STATEMENTS_PER_CONNECTION) {
        statements.add(name);
        config.name = name;
      }
    }
    return new Promise((resolve, reject) => {
      connection.query(config, (error, response) => {
        if (error) return reject(error);
        obj.response = response;
        resolve(obj);
      });
    });
  }
}
