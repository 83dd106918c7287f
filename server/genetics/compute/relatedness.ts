import type { SharedDna } from './shared-segments.js';
import { RELATEDNESS_CATEGORIES, type RelatednessCategory } from '../../shared/relatedness-categories.js';

export {
  displayRelatedness,
  RELATEDNESS_CATEGORIES,
  type RelatednessCategory,
  type RelatednessKey,
} from '../../shared/relatedness-categories.js';

/** The relatedness category of two dogs from the DNA they share, or null when they are not relatives. */
export function relatednessCategory(shared: Pick<SharedDna, 'sharedFraction' | 'longestSegmentCm'>): RelatednessCategory | null {
  return (
    RELATEDNESS_CATEGORIES.find(
      (c) => shared.sharedFraction >= c.minSharedFraction && shared.longestSegmentCm >= c.minLongestSegmentCm,
    ) ?? null
  );
}
