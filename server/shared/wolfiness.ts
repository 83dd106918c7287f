// What a wolfiness score says about a dog, in words. Shared by the lab (which stores it), the pages
// and the API; free of imports, so the widgets may use it too.

/** Most dogs score between 0 % and 2 % (the widget's explanation says so): only above that is a dog more wolf-like than most. */
export const TYPICAL_WOLFINESS_MAX = 2;

export function wolfinessContext(percent: number | null): string | null {
  if (percent === null) return null;
  if (percent >= 50) return 'Wolf-dog hybrid';
  if (percent >= 5) return 'Unusually wolf-like';
  if (percent > TYPICAL_WOLFINESS_MAX) return 'More wolf-like than most dogs';
  return 'Typical for a dog';
}
