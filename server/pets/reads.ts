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
  /**
   * Reads only what the lab stored for the dog (and the catalogue, which changes with a deployment):
   * kept in memory under the dog's results version, which every write of it moves (readPet).
   */
  versioned?: boolean;
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

/**
 * Every read of `reads` for one dog, in one statement. Given the dog's results version (a `Pet`
 * read this request), versioned reads come from memory when this process read them under that
 * version before; only the others are sent.
 */
export async function readPet<R extends Reads>(db: Db, pet: number | { petNum: number; resultsVersion: number }, reads: R): Promise<{ [K in keyof R]: ValueOf<R[K]> }> {
  const petNum = typeof pet === 'number' ? pet : pet.petNum;
  const cache = typeof pet === 'number' ? undefined : resultsCacheOf(db);
  const result = {} as Record<string, unknown>;
  const toRead: Reads = {};
  for (const [name, read] of Object.entries(reads)) {
    const kept = read.versioned && cache ? cache.get(read, petNum, (pet as { resultsVersion: number }).resultsVersion) : undefined;
    if (kept !== undefined) result[name] = kept;
    else toRead[name] = read;
  }
  const maps = Object.keys(toRead).length > 0 ? await readPets(db, [petNum], toRead) : {};
  for (const [name, read] of Object.entries(toRead)) {
    const value = maps[name].has(petNum) ? maps[name].get(petNum) : read.missing();
    if (read.versioned && cache) cache.set(read, petNum, (pet as { resultsVersion: number }).resultsVersion, value);
    result[name] = value;
  }
  return result as { [K in keyof R]: ValueOf<R[K]> };
}

const MAX_KEPT = 3_000;

/**
 * What versioned reads answered, per (read, dog, results version), the least recently used
 * dropped past MAX_KEPT. A version is never given twice, so an entry is never stale: a write of
 * the dog's results moves its version and leaves every other dog's entries alone. Values are
 * frozen, since every later view of the dog shares them.
 */
class ResultsCache {
  private readonly entries = new Map<string, unknown>();
  private readonly ids = new WeakMap<PetRead<unknown>, number>();
  hits = 0;
  misses = 0;

  private key(read: PetRead<unknown>, petNum: number, version: number): string {
    let id = this.ids.get(read);
    if (id === undefined) this.ids.set(read, (id = nextReadId++));
    return `${id}\n${petNum}\n${version}`;
  }

  get(read: PetRead<unknown>, petNum: number, version: number): unknown {
    const key = this.key(read, petNum, version);
    const value = this.entries.get(key);
    if (value === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(read: PetRead<unknown>, petNum: number, version: number, value: unknown): void {
    this.entries.set(this.key(read, petNum, version), deepFreeze(value));
    if (this.entries.size > MAX_KEPT) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

let nextReadId = 1;
const caches = new WeakMap<Db, ResultsCache>();
const resultsCacheOf = (db: Db): ResultsCache => caches.get(db) ?? (caches.set(db, new ResultsCache()), caches.get(db)!);

/** How often versioned reads were answered from memory, for the benchmark and /healthz. */
export function resultsCacheStats(db: Db): { hits: number; misses: number; entries: number } {
  const cache = resultsCacheOf(db);
  return { hits: cache.hits, misses: cache.misses, entries: cache.size };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
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
