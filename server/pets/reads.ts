import DataLoader from 'dataloader';
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import { readTogether, type JsonRow } from '../db/read-together.js';

/**
 * What the site shows of dogs, read for many dogs at once: the one read path of pages and
 * GraphQL resolvers. A page reads all it shows of its dog in one statement (readPet); the
 * resolvers' DataLoaders batch the dogs of a request (graphql/context.ts).
 */
export interface PetRead<T> {
  /** Row queries over the dogs `petNums`; each row names its dog as `petNum`. */
  queries(db: Db, petNums: readonly number[]): Record<string, Knex.QueryBuilder>;
  /** Each dog's value from the rows (a dog left out gets `missing()`). */
  assemble(rows: Record<string, JsonRow[]>, petNums: readonly number[]): Map<number, T>;
  missing(): T;
}

type ValueOf<R> = R extends PetRead<infer T> ? T : never;
type Reads = Record<string, PetRead<unknown>>;

/** A PostgreSQL array literal of numbers or simple words (page ids), to bind as one parameter. */
export const pgArray = (values: readonly (number | string)[]) => `{${values.map((value) => (typeof value === 'number' ? String(value) : `"${value.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;

/**
 * `column` is one of the dogs `petNums`, bound as one array parameter: the statement's text is the
 * same for one dog or a hundred, so PostgreSQL prepares it once per connection (read-together.ts).
 */
export const petNumIn = (db: Db, column: string, petNums: readonly number[]) => db.raw('?? = any(?::int[])', [column, pgArray(petNums)]);

/** Every read of `reads` for the dogs `petNums`, in one statement. */
export async function readPets<R extends Reads>(db: Db, petNums: readonly number[], reads: R): Promise<{ [K in keyof R]: Map<number, ValueOf<R[K]>> }> {
  const built = Object.entries(reads).map(([name, read]) => ({ name, read, queries: read.queries(db, petNums) }));
  const queries: Record<string, Knex.QueryBuilder> = {};
  for (const { name, queries: own } of built) for (const [query, builder] of Object.entries(own)) queries[`${name}.${query}`] = builder;
  const rows = petNums.length === 0 ? {} : await readTogether(db, queries);
  const result = {} as Record<string, Map<number, unknown>>;
  for (const { name, read, queries: own } of built) {
    result[name] = read.assemble(Object.fromEntries(Object.keys(own).map((query) => [query, rows[`${name}.${query}`] ?? []])), petNums);
  }
  return result as { [K in keyof R]: Map<number, ValueOf<R[K]>> };
}

/** Every read of `reads` for one dog, in one statement. */
export async function readPet<R extends Reads>(db: Db, petNum: number, reads: R): Promise<{ [K in keyof R]: ValueOf<R[K]> }> {
  const maps = await readPets(db, [petNum], reads);
  const result = {} as Record<string, unknown>;
  for (const [name, read] of Object.entries(reads)) result[name] = maps[name].has(petNum) ? maps[name].get(petNum) : read.missing();
  return result as { [K in keyof R]: ValueOf<R[K]> };
}

/** Rows grouped by their dog, in their order. */
export function byPet<T extends { petNum: number }>(rows: T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.petNum);
    if (list) list.push(row);
    else grouped.set(row.petNum, [row]);
  }
  return grouped;
}

/**
 * Per-request loaders of PetReads: every read asked for in one tick of the event loop, for any
 * dogs, goes to the database as one statement (a GraphQL query's fields of a list of dogs).
 */
export function petReadLoaders(db: Db) {
  const known = new Map<string, PetRead<unknown>>();
  const loader = new DataLoader<string, unknown>(async (keys) => {
    const asked = keys.map((key) => ({ name: key.slice(0, key.indexOf('\n')), petNum: Number(key.slice(key.indexOf('\n') + 1)) }));
    const reads = Object.fromEntries([...new Set(asked.map(({ name }) => name))].map((name) => [name, known.get(name)!]));
    const found = await readPets(db, [...new Set(asked.map(({ petNum }) => petNum))], reads);
    return asked.map(({ name, petNum }) => (found[name].has(petNum) ? found[name].get(petNum) : reads[name].missing()));
  });
  return <T>(name: string, read: PetRead<T>) => {
    known.set(name, read as PetRead<unknown>);
    return { load: (petNum: number) => loader.load(`${name}\n${petNum}`) as Promise<T> };
  };
}
