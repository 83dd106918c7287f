// Life stage from age and predicted full-grown weight (spec 1 §9), shared by server, widgets and tests.

export type LifeStage = 'Puppy' | 'YoungAdult' | 'MatureAdult' | 'Senior' | 'Geriatric';
export type SizeClass = 'Small' | 'Medium' | 'Large' | 'Giant';

export const LIFE_STAGE_LABELS: Record<LifeStage, string> = {
  Puppy: 'Puppy',
  YoungAdult: 'Young Adult',
  MatureAdult: 'Mature Adult',
  Senior: 'Senior',
  Geriatric: 'Geriatric',
};

/** Months at which each later stage begins, by size class. */
export const LIFE_STAGE_TABLE: Record<SizeClass, { maxLbs: number; youngAdult: number; matureAdult: number; senior: number; geriatric: number }> = {
  Small: { maxLbs: 20, youngAdult: 6, matureAdult: 5 * 12, senior: 11 * 12, geriatric: 14 * 12 },
  Medium: { maxLbs: 50, youngAdult: 9, matureAdult: 4 * 12, senior: 9 * 12, geriatric: 12 * 12 },
  Large: { maxLbs: 100, youngAdult: 15, matureAdult: 3 * 12, senior: 8 * 12, geriatric: 11 * 12 },
  Giant: { maxLbs: Infinity, youngAdult: 24, matureAdult: 3 * 12, senior: 6 * 12, geriatric: 8 * 12 },
};

/** Weights are judged in whole pounds, as they are shown: 20.4 lbs is small, 20.6 lbs medium. */
export function sizeClassFor(adultWeightLbs: number): SizeClass {
  const pounds = Math.round(adultWeightLbs);
  if (pounds <= LIFE_STAGE_TABLE.Small.maxLbs) return 'Small';
  if (pounds <= LIFE_STAGE_TABLE.Medium.maxLbs) return 'Medium';
  if (pounds <= LIFE_STAGE_TABLE.Large.maxLbs) return 'Large';
  return 'Giant';
}

function parseDate(value: string | Date): { y: number; m: number; d: number } | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { y: value.getUTCFullYear(), m: value.getUTCMonth() + 1, d: value.getUTCDate() };
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) } : null;
}

/** Whole calendar months from birth to `on` (a dog born on 15 March is 6 months old on 15 September). */
export function ageInMonths(birthDate: string | Date, on: string | Date): number | null {
  const birth = parseDate(birthDate);
  const today = parseDate(on);
  if (!birth || !today) return null;
  let months = (today.y - birth.y) * 12 + (today.m - birth.m);
  if (today.d < birth.d) months--;
  return months;
}

/** The dog's life stage, or null when its birth date or predicted weight is unknown or in the future. */
export function lifeStageFor(birthDate: string | Date | null, adultWeightLbs: number | null, on: string | Date = new Date()): LifeStage | null {
  if (!birthDate || adultWeightLbs == null || !(adultWeightLbs > 0)) return null;
  const months = ageInMonths(birthDate, on);
  if (months === null || months < 0) return null;
  const limits = LIFE_STAGE_TABLE[sizeClassFor(adultWeightLbs)];
  if (months >= limits.geriatric) return 'Geriatric';
  if (months >= limits.senior) return 'Senior';
  if (months >= limits.matureAdult) return 'MatureAdult';
  if (months >= limits.youngAdult) return 'YoungAdult';
  return 'Puppy';
}
