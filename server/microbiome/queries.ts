import type { Db } from '../db/index.js';
import { dateOrNull } from '../db/read-together.js';
import { byPet, petNumIn, type PetRead, readPet } from '../pets/reads.js';
import { storedBirthdayText } from '../shared/birthday-text.js';
import { microbiomeStateText, microbiomeTypeText, safeReportUrl } from './rules.js';

/** spec 1 §3 Pet.microbiomeTests: createdAt, testType, state, reportUrl, resultsReleasedAt. */
export interface MicrobiomeTest {
  id: number;
  createdAt: Date;
  testType: string;
  testTypeText: string;
  state: string;
  stateText: string;
  /** Shown only once released, and only when it is a web link. */
  reportUrl: string | null;
  resultsReleasedAt: Date | null;
  resultsReleasedText: string | null;
}

/** Each dog's microbiome tests, newest first. */
export const MICROBIOME_TESTS: PetRead<MicrobiomeTest[]> = {
  queries: (db, petNums) => ({
    tests: db('microbiome_tests')
      .where(petNumIn(db, 'pet_num', petNums))
      .orderBy('pet_num')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .select({ petNum: 'pet_num' }, 'id', 'created_at', 'test_type', 'state', 'report_url', 'results_released_at'),
  }),
  assemble: ({ tests }) =>
    new Map(
      [...byPet(tests as { petNum: number }[])].map(([petNum, rows]) => [
        petNum,
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row as knex reads it
        rows.map((row: Record<string, any>) => ({
          id: row.id,
          createdAt: new Date(row.created_at),
          testType: row.test_type,
          testTypeText: microbiomeTypeText(row.test_type),
          state: row.state,
          stateText: microbiomeStateText(row.state),
          reportUrl: row.state === 'released' ? safeReportUrl(row.report_url) : null,
          resultsReleasedAt: dateOrNull(row.results_released_at),
          resultsReleasedText: row.results_released_at ? storedBirthdayText(new Date(row.results_released_at)) : null,
        })),
      ]),
    ),
  missing: () => [],
};

export async function listMicrobiomeTests(db: Db, petNum: number): Promise<MicrobiomeTest[]> {
  return (await readPet(db, petNum, { tests: MICROBIOME_TESTS })).tests;
}
