// Pure rules of the public profile's scripts (spec 2 §4, §9), shared with the tests.
export const SHARE_WINDOW = { width: 555, height: 810 } as const;

export const shareWindowFeatures = () => `width=${SHARE_WINDOW.width},height=${SHARE_WINDOW.height},noopener`;

export const mixComparisonFragmentUrl = (handle: string, otherHandle: string) =>
  `/api/mix-match-comparison-fragment/${encodeURIComponent(handle)}?compareMix=${encodeURIComponent(otherHandle)}`;
