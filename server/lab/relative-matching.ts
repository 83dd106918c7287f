import type { Db } from '../db/index.js';
import { unpackGenotype, type Calls } from '../genetics/genotype.js';
import { addToRelativeIndex, screenRelatives } from '../genetics/compute/relative-screen.js';
import { relatednessBackground } from '../genetics/compute/results.js';
import { sharedDna } from '../genetics/compute/shared-segments.js';
import { displayRelatedness, relatednessCategory, type RelatednessKey } from '../genetics/compute/relatedness.js';
import type { Lab } from './lab.js';
import { storedBreedShares } from './results-store.js';
import type { RelativeMatch, StoredCategory } from './relatives-store.js';

export const CATEGORY_KEYS: Record<RelatednessKey, StoredCategory> = {
  immediateFamily: 'immediate_family',
  closeFamily: 'close_family',
  extendedFamily: 'extended_family',
  distantRelative: 'distant_relative',
};

const PAGE = 2000;

/** Brings the in-process index up to date with genotypes other processes stored (the database is the truth). */
export async function catchUpRelativeIndex(db: Db, lab: Lab): Promise<void> {
  for (;;) {
    const rows: { id: number; calls: Buffer; marker_count: number }[] = await db('genotypes')
      .where('id', '>', lab.indexedUpToGenotypeId)
      .andWhere({ panel_id: lab.panelId, is_current: true })
      .orderBy('id')
      .limit(PAGE)
      .select('id', 'calls', 'marker_count');
    for (const row of rows) {
      addToRelativeIndex(lab.relativeIndex, row.id, unpackGenotype(new Uint8Array(row.calls), row.marker_count));
      lab.indexedUpToGenotypeId = row.id;
    }
    if (rows.length < PAGE) return;
  }
}

export interface StoredDog {
  petNum: number;
  calls: Calls;
  breedShares: ReadonlyMap<string, number>;
}

/** Compares one dog with candidates from the screen, on long shared segments judged against each dog's own breed background. */
export function matchAgainst(lab: Lab, calls: Calls, breedShares: ReadonlyMap<string, number>, candidates: readonly StoredDog[]): RelativeMatch[] {
  const background = relatednessBackground(lab.reference, breedShares);
  const matches: RelativeMatch[] = [];
  for (const other of candidates) {
    const shared = sharedDna(lab.panel, calls, other.calls, background, relatednessBackground(lab.reference, other.breedShares));
    const category = relatednessCategory(shared);
    if (!category) continue;
    matches.push({
      otherPetNum: other.petNum,
      kinship: shared.kinship,
      sharedTotalMb: shared.totalSharedCm,
      longestSegmentMb: shared.longestSegmentCm,
      segmentCount: shared.segments.length,
      category: CATEGORY_KEYS[category.key],
      displayRelatedness: displayRelatedness(shared.sharedFraction),
    });
  }
  return matches;
}

/** Every tested dog related to this one: a bit-packed screen over all genotypes, then shared segments on the candidates. */
export async function findRelatives(db: Db, lab: Lab, petNum: number, calls: Calls, breedShares: ReadonlyMap<string, number>): Promise<RelativeMatch[]> {
  await catchUpRelativeIndex(db, lab);
  const candidateIds = screenRelatives(lab.relativeIndex, calls).map((candidate) => candidate.id);
  if (candidateIds.length === 0) return [];
  const rows: { pet_num: number; calls: Buffer; marker_count: number }[] = [];
  for (let start = 0; start < candidateIds.length; start += PAGE) {
    rows.push(
      ...(await db('genotypes')
        .whereIn('id', candidateIds.slice(start, start + PAGE))
        .andWhere({ is_current: true, lab_review_hold: false })
        .whereNot('pet_num', petNum)
        .whereNotNull('pet_num')
        .select('pet_num', 'calls', 'marker_count')),
    );
  }
  const shares = await storedBreedShares(db, lab.ids, rows.map((row) => row.pet_num));
  const candidates = rows.map((row) => ({ petNum: row.pet_num, calls: unpackGenotype(new Uint8Array(row.calls), row.marker_count), breedShares: shares.get(row.pet_num) ?? new Map() }));
  return matchAgainst(lab, calls, breedShares, candidates);
}
