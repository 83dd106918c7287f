import type { Db } from '../db/index.js';

/** Whether a dog has computed results yet, and where its swab is when it has not. */
export interface ResultsStatus {
  hasResults: boolean;
  swabState: string | null;
  swabStateText: string;
}

// Swab states of migration 0004, in words an owner understands.
const SWAB_STATE_TEXT: Record<string, string> = {
  unactivated: 'The kit has not been activated yet.',
  activated: 'The kit is activated; we are waiting for the swab to reach the lab.',
  received: 'The lab has received the swab.',
  processing: 'The lab is processing the sample.',
  released: 'Results are released and being prepared.',
  failed: 'The sample could not be read; we will be in touch about a new swab.',
  void: 'The swab was voided.',
};

export function swabStateText(state: string | null): string {
  if (!state) return 'No DNA kit has been activated for this dog yet.';
  return SWAB_STATE_TEXT[state] ?? state;
}

export async function resultsStatus(db: Db, petNum: number): Promise<ResultsStatus> {
  const [summary, swab] = await Promise.all([
    db('breed_mix_summaries').where({ pet_num: petNum }).first('pet_num'),
    db('swabs').where({ pet_num: petNum, is_methylation: false }).orderBy('created_at', 'desc').orderBy('id', 'desc').first('swab_state'),
  ]);
  const swabState: string | null = swab?.swab_state ?? null;
  return { hasResults: Boolean(summary), swabState, swabStateText: swabStateText(swabState) };
}

/** Owners of a tested dog may download its raw data (the rule of the raw-data download). */
export async function hasCurrentGenotype(db: Db, petNum: number): Promise<boolean> {
  return Boolean(await db('genotypes').where({ pet_num: petNum, is_current: true }).first(db.raw('1 as found')));
}
