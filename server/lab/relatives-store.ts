import type { Db } from '../db/index.js';

export type StoredCategory = 'same_dog' | 'immediate_family' | 'close_family' | 'extended_family' | 'distant_relative';

export interface RelativeMatch {
  otherPetNum: number;
  kinship: number;
  /** The COI the pair's puppies are expected to measure (genetics/compute/offspring-coi.ts; on real arrays, the kinship). */
  offspringCoi: number;
  sharedTotalMb: number;
  longestSegmentMb: number;
  segmentCount: number;
  category: StoredCategory;
  displayRelatedness: string;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Records a dog's relatives. Each pair is one row (lower pet number first), so both dogs see it;
 * a pair found again keeps its found_at and 'new' flags and only updates the numbers.
 */
export async function upsertRelatives(db: Db, petNum: number, matches: readonly RelativeMatch[]): Promise<void> {
  if (matches.length === 0) return;
  const rows = matches
    .filter((match) => match.otherPetNum !== petNum)
    .map((match) => ({
      pet_num_a: Math.min(petNum, match.otherPetNum),
      pet_num_b: Math.max(petNum, match.otherPetNum),
      kinship: Math.min(1, Math.max(0, Math.round(match.kinship * 1e5) / 1e5)),
      offspring_coi: Math.min(1, Math.max(0, Math.round(match.offspringCoi * 1e5) / 1e5)),
      shared_segments_total_mb: round2(match.sharedTotalMb),
      longest_segment_mb: Math.min(round2(match.longestSegmentMb), round2(match.sharedTotalMb)),
      shared_segment_count: match.segmentCount,
      category: match.category,
      display_relatedness: match.displayRelatedness,
    }));
  for (let start = 0; start < rows.length; start += 500) {
    await db('relatives')
      .insert(rows.slice(start, start + 500))
      .onConflict(['pet_num_a', 'pet_num_b'])
      .merge(['kinship', 'offspring_coi', 'shared_segments_total_mb', 'longest_segment_mb', 'shared_segment_count', 'category', 'display_relatedness', 'updated_at']);
  }
}
