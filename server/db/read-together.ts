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
  const { rows } = await db.raw<{ rows: Record<string, JsonRow[]>[] }>(`select ${columns.join(', ')}`, names.map((name) => queries[name]));
  names.forEach((name, index) => (result[name] = rows[0][`c${index}`]));
  return result;
}

/** A timestamp read through readTogether, as a Date again. */
export const dateOrNull = (value: string | null | undefined): Date | null => (value == null ? null : new Date(value));
