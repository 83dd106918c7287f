import type { Db } from '../db/index.js';
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

/** The dog's microbiome tests, newest first. */
export async function listMicrobiomeTests(db: Db, petNum: number): Promise<MicrobiomeTest[]> {
  const rows = await db('microbiome_tests').where({ pet_num: petNum }).orderBy('created_at', 'desc').orderBy('id', 'desc').select('id', 'created_at', 'test_type', 'state', 'report_url', 'results_released_at');
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    testType: row.test_type,
    testTypeText: microbiomeTypeText(row.test_type),
    state: row.state,
    stateText: microbiomeStateText(row.state),
    reportUrl: row.state === 'released' ? safeReportUrl(row.report_url) : null,
    resultsReleasedAt: row.results_released_at,
    resultsReleasedText: row.results_released_at ? storedBirthdayText(new Date(row.results_released_at)) : null,
  }));
}
