import type { Db } from '../db/index.js';
import type { Pet } from '../pets/queries.js';
import { lifeStageFor } from '../shared/life-stage.js';
import { wolfinessContext } from '../shared/wolfiness.js';
import { bornWhenText } from '../shared/birthday-text.js';
import { otherLabsFileQuery } from './status.js';
import type { JsonRow } from '../db/read-together.js';
import { petNumIn, readPet, readPets, type PetRead } from '../pets/reads.js';
import {
  formatPredictedWeight,
  formatWolfiness,
  lifeStageText,
  missingStatText,
  showsGeneticStats,
  type BirthDateSource,
  type GeneticStatsProps,
} from '../shared/genetic-stats-rules.js';

/** Props of the genetic stats widget, or null when the section is not shown (spec 1 §4). */
export type { GeneticStatsProps };

const numberOrNull = (value: string | number | null | undefined): number | null => (value == null ? null : Number(value));

export interface StoredGeneticStats {
  predictedWeightLbs: number | null;
  /** As stored (uncapped). */
  wolfiness: number | null;
  wolfinessContext: string | null;
  coi: number | null;
  predictedCoatColour: string | null;
}

const storedStatsQuery = (db: Db, petNums: readonly number[]) =>
  db('genetic_stats').where(petNumIn(db, 'pet_num', petNums)).select({ petNum: 'pet_num' }, 'predicted_weight_lbs', 'wolfiness', 'wolfiness_context', 'coi', 'predicted_coat_colour');

const toStoredStats = (row: JsonRow): StoredGeneticStats => ({
  predictedWeightLbs: numberOrNull(row.predicted_weight_lbs),
  wolfiness: numberOrNull(row.wolfiness),
  wolfinessContext: row.wolfiness_context ?? null,
  coi: numberOrNull(row.coi),
  predictedCoatColour: row.predicted_coat_colour ?? null,
});

/** Each dog's stored genetic stats (weight, wolfiness, COI, coat colour), or null before results. */
export const GENETIC_STATS: PetRead<StoredGeneticStats | null> = {
  queries: (db, petNums) => ({ stats: storedStatsQuery(db, petNums) }),
  assemble: ({ stats }) => new Map(stats.map((row) => [row.petNum, toStoredStats(row)])),
  missing: () => null,
  versioned: true,
};

/** What the genetic stats widget is worked out from, besides the dog itself. */
export interface GeneticStatsFacts extends LabStatsFacts {
  /** The latest age test that did not fail, a released one first. */
  ageTest: { status: string; predictedBirthday: string | null } | null;
}

/** What the lab stored that the genetic stats widget reads. */
export interface LabStatsFacts {
  stats: StoredGeneticStats | null;
  hasTraits: boolean;
  fromOtherLabsFile: boolean;
}

export const LAB_STATS_FACTS: PetRead<LabStatsFacts> = {
  queries: (db, petNums) => ({
    stats: storedStatsQuery(db, petNums),
    traits: db('trait_results').where(petNumIn(db, 'pet_num', petNums)).distinct({ petNum: 'pet_num' }),
    otherLabsFiles: otherLabsFileQuery(db, petNums),
  }),
  assemble({ stats, traits, otherLabsFiles }, petNums) {
    const statsOf = new Map(stats.map((row) => [row.petNum, toStoredStats(row)]));
    const withTraits = new Set(traits.map((row) => row.petNum));
    const fromOtherLabs = new Set(otherLabsFiles.map((row) => row.petNum));
    return new Map(petNums.map((petNum) => [petNum, { stats: statsOf.get(petNum) ?? null, hasTraits: withTraits.has(petNum), fromOtherLabsFile: fromOtherLabs.has(petNum) }]));
  },
  missing: () => ({ stats: null, hasTraits: false, fromOtherLabsFile: false }),
  versioned: true,
};

/** The age test the life stage may be counted from: the latest that did not fail, a released one first. */
export const STATS_AGE_TEST: PetRead<GeneticStatsFacts['ageTest']> = {
  queries: (db, petNums) => ({
    ageTests: db('age_tests')
      .where(petNumIn(db, 'pet_num', petNums))
      .whereNot('status', 'failed')
      .distinctOn('pet_num')
      // A released result wins over a newer test still in the lab.
      .orderByRaw("pet_num, (status = 'released') desc, created_at desc, id desc")
      .select({ petNum: 'pet_num', status: 'status', predictedBirthday: 'predicted_birthday' }),
  }),
  assemble: ({ ageTests }) => new Map(ageTests.map((row) => [row.petNum, { status: row.status, predictedBirthday: row.predictedBirthday }])),
  missing: () => null,
};

/** The reads of geneticStatsFacts, to spread into a page's readPet. */
export const GENETIC_STATS_READS = { labStats: LAB_STATS_FACTS, statsAgeTest: STATS_AGE_TEST };

export const geneticStatsFacts = ({ labStats, statsAgeTest }: { labStats: LabStatsFacts; statsAgeTest: GeneticStatsFacts['ageTest'] }): GeneticStatsFacts => ({ ...labStats, ageTest: statsAgeTest });

/**
 * The genetic stats of a dog as the widget's props. The life stage is counted from the owner's
 * date of birth, else the released age test's predicted birthday, and the predicted adult weight
 * (spec 1 §9). A failed age test counts as none: 'Pending' would never resolve. `today` is for tests.
 */
export function geneticStatsProps(
  pet: Pet,
  { stats, ageTest, hasTraits, fromOtherLabsFile }: GeneticStatsFacts,
  { isPublic, today = new Date() }: { isPublic: boolean; today?: Date },
): GeneticStatsProps | null {
  const predictedWeightLbs = stats?.predictedWeightLbs ?? null;
  const wolfiness = stats?.wolfiness ?? null;
  const hasAgeTest = Boolean(ageTest);
  const released = ageTest?.status === 'released' ? ageTest.predictedBirthday : null;
  const birthDate = pet.dateOfBirth ?? released ?? null;
  const birthDateSource: BirthDateSource | null = pet.dateOfBirth ? 'dateOfBirth' : released ? 'ageTest' : null;
  const lifeStage = lifeStageFor(birthDate, predictedWeightLbs, today);
  // as much as the owner gave: a year alone is not January 1 (issue 36 §6)
  const bornWhen = pet.dateOfBirth ? bornWhenText(pet.dateOfBirth, { precision: pet.dateOfBirthPrecision, isEstimated: pet.isDateOfBirthEstimated }) : bornWhenText(released);

  if (!showsGeneticStats({ isPublic, hasTraits, hasAgeTest, lifeStage })) return null;

  return {
    petNum: pet.petNum,
    petName: pet.callName || pet.name,
    isPublic,
    // A public profile shows fewer details: not the birthday the stage is counted from.
    birthDate: isPublic ? null : birthDate,
    bornWhen: isPublic ? null : bornWhen,
    birthDateSource: isPublic ? null : birthDateSource,
    hasAgeTest: isPublic ? false : hasAgeTest,
    lifeStage,
    predictedWeightLbs,
    wolfiness,
    // worked out from the score, not the words stored with it: results stored under an earlier rule read the same
    wolfinessContext: wolfinessContext(wolfiness),
    fromOtherLabsFile,
    aboutHref: `/members/pet/about/${pet.petNum}`,
    display: {
      lifeStage: lifeStageText(lifeStage, hasAgeTest, fromOtherLabsFile),
      predictedWeight: formatPredictedWeight(predictedWeightLbs),
      wolfiness: formatWolfiness(wolfiness),
      missing: { weight: missingStatText(fromOtherLabsFile, 'weight'), wolfiness: missingStatText(fromOtherLabsFile, 'wolfiness') },
    },
  };
}

/** The stored genetic stats of many dogs in one statement. */
export async function loadGeneticStatsForPets(db: Db, petNums: readonly number[]): Promise<Map<number, StoredGeneticStats>> {
  return (await readPets(db, petNums, { stats: GENETIC_STATS })).stats as Map<number, StoredGeneticStats>;
}

/** One dog's genetic stats widget props, read on their own. */
export async function loadGeneticStatsProps(db: Db, pet: Pet, options: { isPublic: boolean; today?: Date }): Promise<GeneticStatsProps | null> {
  return geneticStatsProps(pet, geneticStatsFacts(await readPet(db, pet, GENETIC_STATS_READS)), options);
}
