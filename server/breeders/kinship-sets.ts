// The offspring COIs of a chosen dog with its candidates, as stored in offspring_kinship_sets
// (migration 20261128000001): worked out once, found again after a restart or by another process.
import type { Db } from '../db/index.js';
import type { ParentsKinship } from './pair-kinship.js';

const METHODS: readonly ParentsKinship['method'][] = ['shared segments', 'KING-robust kinship', 'not tested'];
// A candidate's genotype id (uint32), the method (uint8) and the kinship (float64, NaN for none).
const RECORD_BYTES = 13;

/** Packs results by candidate genotype id; ids beyond 32 bits are left out (worked out again when asked). */
export function encodeKinships(results: Iterable<[number, ParentsKinship]>): Buffer {
  const entries = [...results].filter(([id]) => Number.isInteger(id) && id >= 0 && id <= 0xffff_ffff);
  const bytes = Buffer.alloc(entries.length * RECORD_BYTES);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  entries.forEach(([id, { kinship, method }], i) => {
    const at = i * RECORD_BYTES;
    view.setUint32(at, id);
    view.setUint8(at + 4, Math.max(0, METHODS.indexOf(method)));
    view.setFloat64(at + 5, kinship ?? Number.NaN);
  });
  return bytes;
}

/** The results packed by encodeKinships (a later record of the same id wins); a torn tail is ignored. */
export function decodeKinships(bytes: Uint8Array, into = new Map<number, ParentsKinship>()): Map<number, ParentsKinship> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let at = 0; at + RECORD_BYTES <= bytes.length; at += RECORD_BYTES) {
    const kinship = view.getFloat64(at + 5);
    const method = METHODS[view.getUint8(at + 4)] ?? 'not tested';
    into.set(view.getUint32(at), { kinship: Number.isNaN(kinship) ? null : kinship, method });
  }
  return into;
}

export interface KinshipSetKey {
  genotypeId: number;
  sex: 'm' | 'f';
}

/** What is stored for the chosen dog's genotype and sex, into `into`. */
export async function readKinshipSet(db: Db, key: KinshipSetKey, into: Map<number, ParentsKinship>): Promise<void> {
  const row = await db('offspring_kinship_sets').where({ genotype_id: key.genotypeId, sex: key.sex }).first('pairs');
  if (row?.pairs) decodeKinships(row.pairs as Uint8Array, into);
}

/**
 * Adds results to the stored set in one statement, `complete` once a pass over every candidate ended (appended: a repeat, as when two processes
 * work out the same pair, decodes to the same value). No transaction: this table moves no clock.
 */
export async function appendToKinshipSet(db: Db, key: KinshipSetKey, results: Iterable<[number, ParentsKinship]>, complete = false): Promise<void> {
  const pairs = encodeKinships(results);
  if (pairs.length === 0 && !complete) return;
  await db.raw(
    `insert into offspring_kinship_sets (genotype_id, sex, pairs, complete) values (?, ?, ?, ?)
     on conflict (genotype_id, sex) do update
       set pairs = offspring_kinship_sets.pairs || excluded.pairs, complete = offspring_kinship_sets.complete or excluded.complete, updated_at = now()`,
    [key.genotypeId, key.sex, pairs, complete],
  );
}

/** Whether a pass over every candidate of the chosen dog ended and was stored (its warm-up is done). */
export async function isKinshipSetComplete(db: Db, key: KinshipSetKey): Promise<boolean> {
  const row = await db('offspring_kinship_sets').where({ genotype_id: key.genotypeId, sex: key.sex, complete: true }).first(db.raw('1 as found'));
  return row !== undefined;
}
