import type { Db } from '../db/index.js';
import { dateOrNull } from '../db/read-together.js';
import { petNumIn, type PetRead, readPet } from '../pets/reads.js';
import { storedBirthdayText } from '../shared/birthday-text.js';
import { ageTestStatusText } from './rules.js';

/** spec 1 §3 Pet.ageTest: status, activatedAt, releasedResult. */
export interface AgeTest {
  id: number;
  status: string;
  statusText: string;
  activatedAt: Date | null;
  activatedText: string | null;
  releasedAt: Date | null;
  releasedResult: AgeTestResult | null;
}

export interface AgeTestResult {
  resultsUuid: string;
  /** ISO date, e.g. 2021-04-12. */
  predictedBirthday: string;
  predictedBirthdayText: string;
  isAccurate: boolean | null;
  isUserFeedbackCollected: boolean;
}

interface AgeTestRow {
  id: number;
  status: string;
  activated_at: Date | null;
  released_at: Date | null;
  results_uuid: string | null;
  predicted_birthday: string | null;
  is_accurate: boolean | null;
  is_user_feedback_collected: boolean;
}

function toAgeTest(row: AgeTestRow): AgeTest {
  const released = row.status === 'released' && row.results_uuid && row.predicted_birthday;
  return {
    id: row.id,
    status: row.status,
    statusText: ageTestStatusText(row.status),
    activatedAt: row.activated_at,
    activatedText: row.activated_at ? storedBirthdayText(new Date(row.activated_at)) : null,
    releasedAt: row.released_at,
    releasedResult: released
      ? {
          resultsUuid: row.results_uuid!,
          predictedBirthday: String(row.predicted_birthday).slice(0, 10),
          predictedBirthdayText: storedBirthdayText(row.predicted_birthday) ?? String(row.predicted_birthday),
          isAccurate: row.is_accurate,
          isUserFeedbackCollected: row.is_user_feedback_collected,
        }
      : null,
  };
}

/** Each dog's most recent age test, or null when it has none. */
export const LATEST_AGE_TEST: PetRead<AgeTest | null> = {
  queries: (db, petNums) => ({
    tests: db('age_tests').where(petNumIn(db, 'pet_num', petNums)).distinctOn('pet_num').orderBy('pet_num').orderBy('created_at', 'desc').orderBy('id', 'desc').select('*'),
  }),
  assemble: ({ tests }) =>
    new Map(tests.map((row) => [row.pet_num, toAgeTest({ ...row, activated_at: dateOrNull(row.activated_at), released_at: dateOrNull(row.released_at) } as AgeTestRow)])),
  missing: () => null,
};

export async function latestAgeTest(db: Db, petNum: number): Promise<AgeTest | null> {
  return (await readPet(db, petNum, { test: LATEST_AGE_TEST })).test;
}

/**
 * Stores the owner's answer to 'Is this accurate?' on the latest released age test.
 * Answers false (and changes nothing) when the dog has no released result.
 */
export async function recordAgeTestAccuracy(db: Db, petNum: number, isAccurate: boolean): Promise<boolean> {
  return db.transaction(async (trx) => {
    const test = await trx('age_tests').where({ pet_num: petNum }).orderBy('created_at', 'desc').orderBy('id', 'desc').forUpdate().first<AgeTestRow | undefined>();
    if (!test || test.status !== 'released') return false;
    await trx('age_tests').where({ id: test.id }).update({ is_accurate: isAccurate, is_user_feedback_collected: true, updated_at: trx.fn.now() });
    return true;
  });
}
