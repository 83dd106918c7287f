import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import { unpackGenotype } from '../genetics/genotype.js';
import { likenessScore } from '../genetics/compute/likeness.js';
import { loadPanel } from '../lab/panel-load.js';

/** A dog's current genotype: which row, on which panel. */
export interface CurrentGenotype {
  id: number;
  pet_num: number;
  panel_id: number;
}

/** The current genotypes of the dogs `petNums` (a list, or a subquery of pet numbers). */
export const currentGenotypesQuery = (db: Db, petNums: readonly number[] | Knex.QueryBuilder) =>
  db('genotypes').whereIn('pet_num', petNums as readonly number[]).andWhere({ is_current: true }).select('id', 'pet_num', 'panel_id');

/** A pair of dogs whose likeness a conversation shows: the user's own dog and one of the other owner's. */
export interface LikenessPair {
  ownPetNum: number;
  otherPetNum: number;
}

export const pairKey = ({ ownPetNum, otherPetNum }: LikenessPair) => `${ownPetNum}:${otherPetNum}`;

// Genotypes never change once stored (a new file makes a new row), so a score per pair of
// genotype ids holds for good; the chat asks for the same pairs on every refresh.
const scoresByGenotypes = new Map<string, number | null>();
const MAX_CACHED_SCORES = 10_000;

/**
 * Genetic likeness (0–100, spec 2 §3 `pets.likenessScore`) of each pair whose dogs both have a
 * current genotype on the same marker panel; null for the others (not tested, or typed on
 * arrays that cannot be compared marker for marker).
 */
export async function likenessScores(db: Db, pairs: readonly LikenessPair[], read?: readonly CurrentGenotype[]): Promise<Map<string, number | null>> {
  const scores = new Map<string, number | null>();
  const petNums = [...new Set(pairs.flatMap((pair) => [pair.ownPetNum, pair.otherPetNum]))];
  if (petNums.length === 0) return scores;
  // the dogs' current genotypes, unless the caller read them with its own queries
  const genotypes = read ?? ((await currentGenotypesQuery(db, petNums)) as CurrentGenotype[]);
  const byPet = new Map(genotypes.map((row) => [row.pet_num, row]));
  const toCompute: [string, number, number, number][] = [];
  for (const pair of pairs) {
    const own = byPet.get(pair.ownPetNum);
    const other = byPet.get(pair.otherPetNum);
    if (!own || !other || own.panel_id !== other.panel_id || own.id === other.id) {
      scores.set(pairKey(pair), null);
      continue;
    }
    const cacheKey = `${own.id}:${other.id}`;
    if (scoresByGenotypes.has(cacheKey)) scores.set(pairKey(pair), scoresByGenotypes.get(cacheKey)!);
    else toCompute.push([pairKey(pair), own.id, other.id, own.panel_id]);
  }
  if (toCompute.length === 0) return scores;

  const ids = [...new Set(toCompute.flatMap(([, a, b]) => [a, b]))];
  const rows: { id: number; calls: Buffer; marker_count: number }[] = await db('genotypes').whereIn('id', ids).select('id', 'calls', 'marker_count');
  const calls = new Map(rows.map((row) => [row.id, unpackGenotype(new Uint8Array(row.calls), row.marker_count)]));
  const panelIds = [...new Set(toCompute.map(([, , , panelId]) => panelId))];
  const panels = new Map(await Promise.all(panelIds.map(async (panelId) => [panelId, await loadPanel(db, panelId)] as const)));
  for (const [key, a, b, panelId] of toCompute) {
    const panel = panels.get(panelId)!;
    const score = likenessScore(panel, calls.get(a)!, calls.get(b)!);
    if (scoresByGenotypes.size >= MAX_CACHED_SCORES) scoresByGenotypes.clear();
    scoresByGenotypes.set(`${a}:${b}`, score);
    scores.set(key, score);
  }
  return scores;
}
