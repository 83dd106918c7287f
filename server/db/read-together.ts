import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from './index.js';

/** A row as it comes back through JSON: numbers, strings, booleans, nested JSON; dates as ISO text. */
export type JsonRow = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Several row queries sent to the database as one statement (one round trip, one snapshot): each
 * comes back as the JSON array of its rows, in the query's order. What a JSON value cannot carry
 * changes on the way: timestamps arrive as ISO text, numerics as numbers.
 */
export async function readTogether<K extends string>(db: Db, queries: Record<K, Knex.QueryBuilder>): Promise<Record<K, JsonRow[]>> {
  const names = Object.keys(queries) as K[];
  const result = {} as Record<K, JsonRow[]>;
  if (names.length === 0) return result;
  const columns = names.map((_, index) => `(select coalesce(json_agg(q), '[]'::json) from ? q) as c${index}`);
  // compiled once here, so the name can be taken from the text and knex does not compile it again
  const { sql, bindings } = db.raw(`select ${columns.join(', ')}`, names.map((name) => queries[name])).toSQL();
  const { rows } = await prepared<{ rows: Record<string, JsonRow[]>[] }>(db, sql, bindings);
  names.forEach((name, index) => (result[name] = rows[0][`c${index}`]));
  return result;
}

/**
 * `raw` as a named prepared statement on PostgreSQL: it is parsed and planned once per connection
 * instead of on every page view. Planning a page's statement took longer than running it (2.6 ms
 * against 1.7 ms for a results summary). The name is a hash of the text, so one text is one
 * statement; only statements whose text does not grow with their input may be named (a list of
 * ids is one array parameter: petNumIn). PGlite runs in the process and gains nothing.
 */
export function prepared<T>(db: Db, sql: string, bindings: readonly Knex.Value[]): Knex.Raw<T> {
  const raw = db.raw<T>(sql, bindings as Knex.Value[]);
  if ((db.client as { config: { client?: unknown } }).config.client !== 'pg') return raw;
  let name = names.get(sql);
  if (!name) {
    name = `s${createHash('sha1').update(sql).digest('base64url').slice(0, 24)}`;
    if (names.size < 10_000) names.set(sql, name);
  }
  return raw.options({ name });
}

const names = new Map<string, string>();

/** A timestamp read through readTogether, as a Date again. */
export const dateOrNull = (value: string | null | undefined): Date | null => (value == null ? null : new Date(value));
