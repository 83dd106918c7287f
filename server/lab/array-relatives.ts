import type { Db } from '../db/index.js';
import { unpackGenotype, type Calls } from '../genetics/genotype.js';
import { KING_MIN_MARKERS, kingKinship, kinshipCategory } from '../genetics/compute/king.js';
import { displayRelatedness } from '../genetics/compute/relatedness.js';
import { CATEGORY_KEYS } from './relative-matching.js';
import type { RelativeMatch } from './relatives-store.js';

/** Relatives of a dog typed on a real array: KING-robust kinship with every dog on the same array. */
export async function findArrayRelatives(db: Db, panelId: number, petNum: number, calls: Calls): Promise<RelativeMatch[]> {
  const others: { pet_num: number; calls: Buffer; marker_count: number }[] = await db('genotypes')
    .where({ panel_id: panelId, is_current: true, lab_review_hold: false })
    .whereNot('pet_num', petNum)
    .whereNotNull('pet_num')
    .select('pet_num', 'calls', 'marker_count');
  const matches: RelativeMatch[] = [];
  for (const other of others) {
    const { kinship, markers } = kingKinship(calls, unpackGenotype(new Uint8Array(other.calls), other.marker_count));
    const key = markers >= KING_MIN_MARKERS ? kinshipCategory(kinship) : null;
    if (!key) continue;
    matches.push({
      otherPetNum: other.pet_num,
      kinship,
      sharedTotalMb: 0,
      longestSegmentMb: 0,
      segmentCount: 0,
      category: CATEGORY_KEYS[key],
      displayRelatedness: displayRelatedness(Math.min(1, 2 * kinship)),
    });
  }
  return matches;
}
