// Pure rules of the genetic stats section (spec 1 §4, §5, §9), shared by the server (props and
// the fallback text), the widget and the tests. No I/O, no DOM.
import {
  LIFE_STAGE_LABELS,
  LIFE_STAGE_TABLE,
  lifeStageFor,
  sizeClassFor,
  type LifeStage,
  type SizeClass,
} from './life-stage';
import {
  GENETIC_STAT_NOT_AVAILABLE,
  LIFE_STAGE_OFFER,
  LIFE_STAGE_PENDING,
  OTHER_LABS_FILE_LIFE_STAGE,
  OTHER_LABS_FILE_WEIGHT,
  OTHER_LABS_FILE_WEIGHT_WHY,
  OTHER_LABS_FILE_WOLFINESS,
  OTHER_LABS_FILE_WOLFINESS_WHY,
} from './messages';

/** Spec 1 §5, §9: wolfiness is capped at 100 and shown with one decimal. */
export const WOLFINESS_CAP = 100;

export type BirthDateSource = 'dateOfBirth' | 'ageTest';
/** What the life stage stat shows (spec 1 §4). */
export type LifeStageStatus = 'known' | 'pending' | 'offer' | 'unavailable';

export interface GeneticStatsProps {
  petNum: number;
  /** The dog's call name or name, for the explanations. */
  petName: string;
  /** A public profile shows the section only with a life stage, and without calculation details. */
  isPublic: boolean;
  /** 'YYYY-MM-DD' the life stage is counted from; null on public profiles (not disclosed). */
  birthDate: string | null;
  /** What follows 'born', as much as is known: 'on March 4, 2021', 'in 2021 (estimated)' (bornWhenText); null with birthDate. */
  bornWhen: string | null;
  birthDateSource: BirthDateSource | null;
  /** An age test that has not failed exists for the dog. */
  hasAgeTest: boolean;
  /** The life stage as computed by the server on the day of the page. */
  lifeStage: LifeStage | null;
  /** Predicted adult weight in pounds, unrounded (the size class is judged on it). */
  predictedWeightLbs: number | null;
  /** Wolfiness in percent as stored (uncapped). */
  wolfiness: number | null;
  wolfinessContext: string | null;
  /** Results from another lab's DNA file: no weight nor wolfiness will come, so say why instead of 'yet'. */
  fromOtherLabsFile: boolean;
  /** Where the owner enters a birthday: /members/pet/about/{petNum}. */
  aboutHref: string;
  /** The server-side texts, shown before the widget mounts (and without JavaScript). */
  display: {
    lifeStage: string;
    predictedWeight: string | null;
    wolfiness: string | null;
    /** What shows in place of a missing weight or wolfiness, and why (missingStatText). */
    missing: { weight: { value: string; why: string | null }; wolfiness: { value: string; why: string | null } };
  };
}

/** What a stat without a value says: 'Not available yet', or for another lab's DNA file why it will not come. */
export function missingStatText(fromOtherLabsFile: boolean, stat: 'weight' | 'wolfiness'): { value: string; why: string | null } {
  if (!fromOtherLabsFile) return { value: GENETIC_STAT_NOT_AVAILABLE, why: null };
  return stat === 'weight' ? { value: OTHER_LABS_FILE_WEIGHT, why: OTHER_LABS_FILE_WEIGHT_WHY } : { value: OTHER_LABS_FILE_WOLFINESS, why: OTHER_LABS_FILE_WOLFINESS_WHY };
}


/** '67 lbs': spec 1 §5, predicted weight in whole pounds. */
export function formatPredictedWeight(lbs: number | null): string | null {
  if (lbs == null || !Number.isFinite(lbs) || lbs <= 0) return null;
  return `${Math.round(lbs)} lbs`;
}

/** '100.0%': spec 1 §5, wolfiness capped at 100, one decimal. */
export function formatWolfiness(percent: number | null): string | null {
  if (percent == null || !Number.isFinite(percent) || percent < 0) return null;
  const capped = Math.min(WOLFINESS_CAP, percent);
  // Round on a decimal string so 2.25 reads 2.3, not the float's 2.2.
  const tenths = Math.round(Number((capped * 10).toFixed(6)));
  return `${(tenths / 10).toFixed(1)}%`;
}

/**
 * Spec 1 §4: the life stage name; 'Pending' with an age test but no life stage; else the offer to help.
 * Without a predicted weight from another lab's DNA file a birthday would not help: it says so.
 */
export function lifeStageStatus(lifeStage: LifeStage | null, hasAgeTest: boolean, fromOtherLabsFile = false): LifeStageStatus {
  if (lifeStage) return 'known';
  if (fromOtherLabsFile) return 'unavailable';
  return hasAgeTest ? 'pending' : 'offer';
}

export function lifeStageText(lifeStage: LifeStage | null, hasAgeTest: boolean, fromOtherLabsFile = false): string {
  const status = lifeStageStatus(lifeStage, hasAgeTest, fromOtherLabsFile);
  if (status === 'known') return LIFE_STAGE_LABELS[lifeStage!];
  if (status === 'unavailable') return OTHER_LABS_FILE_LIFE_STAGE;
  return status === 'pending' ? LIFE_STAGE_PENDING : LIFE_STAGE_OFFER;
}

/**
 * Spec 1 §4: the section shows only when the dog's traits are shown or it has an age test; on a
 * public profile only when a life stage exists.
 */
export function showsGeneticStats(input: { isPublic: boolean; hasTraits: boolean; hasAgeTest: boolean; lifeStage: LifeStage | null }): boolean {
  if (input.isPublic) return input.lifeStage !== null;
  return input.hasTraits || input.hasAgeTest;
}

/** The life stage the widget shows: recomputed for today when it knows the birth date, else the server's. */
export function currentLifeStage(props: Pick<GeneticStatsProps, 'birthDate' | 'predictedWeightLbs' | 'lifeStage'>, today: Date = new Date()): LifeStage | null {
  if (props.birthDate && props.predictedWeightLbs != null) return lifeStageFor(props.birthDate, props.predictedWeightLbs, today) ?? props.lifeStage;
  return props.lifeStage;
}

// ---- The size-class table of the life-stage calculation modal (spec 1 §9) ----

export const SIZE_CLASSES: readonly SizeClass[] = ['Small', 'Medium', 'Large', 'Giant'];
export const LIFE_STAGES: readonly LifeStage[] = ['Puppy', 'YoungAdult', 'MatureAdult', 'Senior', 'Geriatric'];

const months = (n: number) => `${n} months`;
const years = (n: number) => `${n / 12} years`;

/** 'up to 20 lbs', '21 to 50 lbs', '51 to 100 lbs', 'over 100 lbs'. */
export function weightRangeText(sizeClass: SizeClass): string {
  const index = SIZE_CLASSES.indexOf(sizeClass);
  const max = LIFE_STAGE_TABLE[sizeClass].maxLbs;
  if (index === 0) return `up to ${max} lbs`;
  const previousMax = LIFE_STAGE_TABLE[SIZE_CLASSES[index - 1]].maxLbs;
  return Number.isFinite(max) ? `${previousMax + 1} to ${max} lbs` : `over ${previousMax} lbs`;
}

/** The age range of each life stage in a size class, worded as in spec 1 §9. */
export function ageRangeTexts(sizeClass: SizeClass): Record<LifeStage, string> {
  const t = LIFE_STAGE_TABLE[sizeClass];
  return {
    Puppy: `to ${months(t.youngAdult)}`,
    YoungAdult: `${months(t.youngAdult)} to ${years(t.matureAdult)}`,
    MatureAdult: `${t.matureAdult / 12} to ${years(t.senior)}`,
    Senior: `${t.senior / 12} to ${years(t.geriatric)}`,
    Geriatric: `${years(t.geriatric)} and over`,
  };
}

export interface SizeClassRow {
  sizeClass: SizeClass;
  weight: string;
  ages: Record<LifeStage, string>;
}

export function lifeStageTableRows(): SizeClassRow[] {
  return SIZE_CLASSES.map((sizeClass) => ({ sizeClass, weight: weightRangeText(sizeClass), ages: ageRangeTexts(sizeClass) }));
}

/** The dog's size class for the calculation modal, or null without a predicted weight. */
export function sizeClassOf(predictedWeightLbs: number | null): SizeClass | null {
  return predictedWeightLbs != null && predictedWeightLbs > 0 ? sizeClassFor(predictedWeightLbs) : null;
}

export { LIFE_STAGE_LABELS };
export type { LifeStage, SizeClass };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOrNull = (value: unknown, name: string): number | null => {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new TypeError(`genetic-stats: ${name} must be a number or null`);
  return value;
};
const stringOrNull = (value: unknown, name: string): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new TypeError(`genetic-stats: ${name} must be a string or null`);
  return value;
};

/** Checks the marker's JSON; throws on anything the widget cannot show. */
export function parseGeneticStatsProps(raw: Record<string, unknown>): GeneticStatsProps {
  if (typeof raw.petNum !== 'number' || !Number.isSafeInteger(raw.petNum) || raw.petNum <= 0) throw new TypeError('genetic-stats needs a petNum');
  const lifeStage = stringOrNull(raw.lifeStage, 'lifeStage');
  if (lifeStage !== null && !LIFE_STAGES.includes(lifeStage as LifeStage)) throw new TypeError('genetic-stats: unknown lifeStage');
  const source = stringOrNull(raw.birthDateSource, 'birthDateSource');
  if (source !== null && source !== 'dateOfBirth' && source !== 'ageTest') throw new TypeError('genetic-stats: unknown birthDateSource');
  const display = isObject(raw.display) ? raw.display : {};
  return {
    petNum: raw.petNum,
    petName: stringOrNull(raw.petName, 'petName') ?? 'Your dog',
    isPublic: raw.isPublic === true,
    birthDate: stringOrNull(raw.birthDate, 'birthDate'),
    bornWhen: stringOrNull(raw.bornWhen, 'bornWhen'),
    birthDateSource: source as BirthDateSource | null,
    hasAgeTest: raw.hasAgeTest === true,
    lifeStage: lifeStage as LifeStage | null,
    predictedWeightLbs: numberOrNull(raw.predictedWeightLbs, 'predictedWeightLbs'),
    wolfiness: numberOrNull(raw.wolfiness, 'wolfiness'),
    wolfinessContext: stringOrNull(raw.wolfinessContext, 'wolfinessContext'),
    fromOtherLabsFile: raw.fromOtherLabsFile === true,
    aboutHref: stringOrNull(raw.aboutHref, 'aboutHref') ?? `/members/pet/about/${raw.petNum}`,
    display: {
      lifeStage: stringOrNull(display.lifeStage, 'display.lifeStage') ?? '',
      predictedWeight: stringOrNull(display.predictedWeight, 'display.predictedWeight'),
      wolfiness: stringOrNull(display.wolfiness, 'display.wolfiness'),
      missing: { weight: missingStatText(raw.fromOtherLabsFile === true, 'weight'), wolfiness: missingStatText(raw.fromOtherLabsFile === true, 'wolfiness') },
    },
  };
}
