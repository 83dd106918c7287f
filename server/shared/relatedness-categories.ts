// The relatedness categories of two dogs (relatives list, issue 7) and their display text, shared by the
// lab's matching, the relatives page and its widget.

export type RelatednessKey = 'sameDog' | 'immediateFamily' | 'closeFamily' | 'extendedFamily' | 'distantRelative';

export interface RelatednessCategory {
  key: RelatednessKey;
  label: string;
  color: string;
  explanation: string;
  /** Least shared fraction of DNA (IBD2 in full, IBD1 by half) for this category. */
  minSharedFraction: number;
  /** Least length of the longest shared segment, in cM. */
  minLongestSegmentCm: number;
}

// Thresholds sit between the expected sharing of neighbouring relationships (50%, 25%, 12.5%, 3%), set wide enough for
// the natural spread of sharing among cousins and half siblings (checked on simulated families). The same dog shares
// everything; the closest relatives there are, parents and full siblings of a full-sibling mating, share up to 0.65.
export const RELATEDNESS_CATEGORIES: readonly RelatednessCategory[] = [
  { key: 'sameDog', label: 'Same dog', color: '#1a365d', explanation: 'The same dog tested twice, or an identical twin.', minSharedFraction: 0.9, minLongestSegmentCm: 50 },
  { key: 'immediateFamily', label: 'Immediate family', color: '#2b6cb0', explanation: 'A parent, offspring or full sibling.', minSharedFraction: 0.36, minLongestSegmentCm: 20 },
  { key: 'closeFamily', label: 'Close family', color: '#3182ce', explanation: 'A half sibling, grandparent, grandchild, aunt, uncle, niece or nephew.', minSharedFraction: 0.17, minLongestSegmentCm: 15 },
  { key: 'extendedFamily', label: 'Extended family', color: '#63b3ed', explanation: 'A first cousin, great-grandparent or other relative a few generations apart.', minSharedFraction: 0.05, minLongestSegmentCm: 10 },
  { key: 'distantRelative', label: 'Distant relative', color: '#90cdf4', explanation: 'A second cousin or more distant relative sharing at least one long segment.', minSharedFraction: 0.015, minLongestSegmentCm: 8 },
];

/** "shares 24.8% of DNA", the relatives list's display text. */
export function displayRelatedness(sharedFraction: number): string {
  return `shares ${(Math.round(sharedFraction * 1000) / 10).toFixed(1)}% of DNA`;
}
