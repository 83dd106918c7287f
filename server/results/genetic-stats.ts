import type { Db } from '../db/index.js';
import type { Pet } from '../pets/queries.js';
import { lifeStageFor } from './life-stage.js';
import { isFromOtherLabsFile } from './status.js';
import {
  formatPredictedWeight,
  formatWolfiness,
  lifeStageText,
  missingStatText,
  showsGeneticStats,
  type BirthDateSource,
  type GeneticStatsProps,
} from '../../widgets/genetic-stats/rules.js';

/** Props of the genetic stats widget, or null when the section is not shown (spec 1 §4). */
export type { GeneticStatsProps };

interface StatsRow {
  predicted_weight_lbs: string | number | null;
  wolfiness: string | number | null;
  wolfiness_context: string | null;
}

interface AgeTestRow {
  status: string;
  predicted_birthday: string | null;
}

const numberOrNull = (value: string | number | null | undefined): number | null => (value == null ? null : Number(value));

/**
 * The genetic stats of a dog as the widget's props. The life stage is counted from the owner's
 * date of birth, else the released age test's predicted birthday, and the predicted adult weight
 * (spec 1 §9). A failed age test counts as none: 'Pending' would never resolve. `today` is for tests.
 */
export async function geneticStatsProps(
  db: Db,
  pet: Pet,
  { isPublic, today = new Date() }: { isPublic: boolean; today?: Date },
): Promise<GeneticStatsProps | null> {
  const [stats, ageTest, trait, fromOtherLabsFile] = await Promise.all([
    db('genetic_stats').where({ pet_num: pet.petNum }).first<StatsRow | undefined>('predicted_weight_lbs', 'wolfiness', 'wolfiness_context'),
    db('age_tests')
      .where({ pet_num: pet.petNum })
      .whereNot('status', 'failed')
      // A released result wins over a newer test still in the lab.
      .orderByRaw("(status = 'released') desc, created_at desc, id desc")
      .first<AgeTestRow | undefined>('status', 'predicted_birthday'),
    db('trait_results').where({ pet_num: pet.petNum }).first(db.raw('1 as found')),
    isFromOtherLabsFile(db, pet.petNum),
  ]);

  const predictedWeightLbs = numberOrNull(stats?.predicted_weight_lbs);
  const wolfiness = numberOrNull(stats?.wolfiness);
  const hasAgeTest = Boolean(ageTest);
  const released = ageTest?.status === 'released' ? ageTest.predicted_birthday : null;
  const birthDate = pet.dateOfBirth ?? released ?? null;
  const birthDateSource: BirthDateSource | null = pet.dateOfBirth ? 'dateOfBirth' : released ? 'ageTest' : null;
  const lifeStage = lifeStageFor(birthDate, predictedWeightLbs, today);

  if (!showsGeneticStats({ isPublic, hasTraits: Boolean(trait), hasAgeTest, lifeStage })) return null;

  return {
    petNum: pet.petNum,
    petName: pet.callName || pet.name,
    isPublic,
    // A public profile shows fewer details: not the birthday the stage is counted from.
    birthDate: isPublic ? null : birthDate,
    birthDateSource: isPublic ? null : birthDateSource,
    hasAgeTest: isPublic ? false : hasAgeTest,
    lifeStage,
    predictedWeightLbs,
    wolfiness,
    wolfinessContext: stats?.wolfiness_context ?? null,
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

export interface StoredGeneticStats {
  predictedWeightLbs: number | null;
  /** As stored (uncapped). */
  wolfiness: number | null;
  wolfinessContext: string | null;
  coi: number | null;
  predictedCoatColour: string | null;
}

/** The stored genetic stats of many dogs in one query (for the GraphQL DataLoader). */
export async function loadGeneticStatsForPets(db: Db, petNums: readonly number[]): Promise<Map<number, StoredGeneticStats>> {
  const byPet = new Map<number, StoredGeneticStats>();
  if (petNums.length === 0) return byPet;
  const rows = await db('genetic_stats').whereIn('pet_num', petNums).select('pet_num', 'predicted_weight_lbs', 'wolfiness', 'wolfiness_context', 'coi', 'predicted_coat_colour');
  for (const row of rows) {
    byPet.set(row.pet_num, {
      predictedWeightLbs: numberOrNull(row.predicted_weight_lbs),
      wolfiness: numberOrNull(row.wolfiness),
      wolfinessContext: row.wolfiness_context ?? null,
      coi: numberOrNull(row.coi),
      predictedCoatColour: row.predicted_coat_colour ?? null,
    });
  }
  return byPet;
}
