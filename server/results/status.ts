import type { Db } from '../db/index.js';
import { dateOrNull } from '../db/read-together.js';
import { petNumIn, readPet, type PetRead } from '../pets/reads.js';
import { longDate } from '../shared/date-text.js';

/** Whether a dog has computed results yet, and where its swab is when it has not. */
export interface ResultsStatus {
  hasResults: boolean;
  swabState: string | null;
  swabStateText: string;
  /** The swab is with the owner or the lab and its results are not out yet. */
  isAwaitingResults: boolean;
  /** The lab's steps for the current swab, in order; empty without a swab. */
  timeline: TimelineStep[];
  /** The results come from another lab's DNA file (a real array export), read at its own markers. */
  fromOtherLabsFile: boolean;
}

/** One step of the lab's timeline: done or not, with its date when the lab records one. */
export interface TimelineStep {
  label: 'Activated' | 'Received' | 'Extracted' | 'Genotyped' | 'Released';
  done: boolean;
  date: Date | null;
}

const AWAITING_SWAB_STATES = new Set(['activated', 'received', 'processing']);
const SAMPLE_ORDER = ['received', 'extracted', 'genotyped', 'released'];

interface TimelineSource {
  swab_state: string;
  activated_at: Date | null;
  received_at: Date | null;
  sample_state: string | null;
  sample_received_at: Date | null;
  genotyped_at: Date | null;
  released_at: Date | null;
}

/** Activated → received → extracted → genotyped → released, from the swab and its latest sample. */
export function labTimeline(source: TimelineSource): TimelineStep[] {
  // A sample held for review has been genotyped; a failed one stops where its dates stop.
  const sampleState = source.sample_state === 'lab_review' ? 'genotyped' : source.sample_state;
  const reached = (state: string) =>
    source.swab_state === 'released' || (sampleState !== null && SAMPLE_ORDER.indexOf(sampleState) >= SAMPLE_ORDER.indexOf(state));
  const received = source.sample_received_at ?? source.received_at;
  return [
    { label: 'Activated', done: source.activated_at !== null, date: source.activated_at },
    { label: 'Received', done: received !== null || reached('received'), date: received },
    { label: 'Extracted', done: reached('extracted') || source.genotyped_at !== null, date: null },
    { label: 'Genotyped', done: reached('genotyped') || source.genotyped_at !== null, date: source.genotyped_at },
    { label: 'Released', done: reached('released'), date: source.released_at },
  ];
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

/** The replacement swab the lab approved or sent after a failed one (the reswabs of the admin tables). */
export interface Reswab {
  status: 'authorized' | 'ordered' | 'received' | 'cancelled';
  orderedAt: Date | null;
}

export function swabStateText(state: string | null, reswab: Reswab | null = null): string {
  if (!state) return 'No DNA kit has been activated for this dog yet.';
  if (state === 'failed' && reswab?.status === 'authorized') return 'The sample could not be read. A free replacement swab has been approved for this dog; we will send it to you.';
  if (state === 'failed' && (reswab?.status === 'ordered' || reswab?.status === 'received') && reswab.orderedAt) {
    return `The sample could not be read. A free replacement swab was sent on ${longDate(reswab.orderedAt)}: swab again and send it back to the lab.`;
  }
  return SWAB_STATE_TEXT[state] ?? state;
}

const latestSample = (db: Db, column: string) =>
  db('samples').whereRaw('samples.swab_id = swabs.id').orderBy('received_at', 'desc').orderBy('id', 'desc').limit(1).select(column);
const latestReswab = (db: Db, column: string) =>
  db('reswabs').whereRaw('reswabs.original_swab_id = swabs.id').whereNot('status', 'cancelled').orderBy('authorized_at', 'desc').limit(1).select(column);

/** Dogs whose current genotype is stored on a real array's panel (one with probe names): another lab's DNA file. */
export const otherLabsFileQuery = (db: Db, petNums: readonly number[]) =>
  db('genotypes')
    .join('marker_panels', 'marker_panels.id', 'genotypes.panel_id')
    .where(petNumIn(db, 'genotypes.pet_num', petNums))
    .where('genotypes.is_current', true)
    .whereNotNull('marker_panels.probe_names')
    .distinct({ petNum: 'genotypes.pet_num' });

/** Each dog's results status: whether it has results, and where its latest swab is. */
export const RESULTS_STATUS: PetRead<ResultsStatus> = {
  queries: (db, petNums) => ({
    summaries: db('breed_mix_summaries').where(petNumIn(db, 'pet_num', petNums)).select({ petNum: 'pet_num' }),
    otherLabsFiles: otherLabsFileQuery(db, petNums),
    swabs: db('swabs')
      .where(petNumIn(db, 'pet_num', petNums))
      .where('is_methylation', false)
      .distinctOn('pet_num')
      .orderBy('pet_num')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .select(
        { petNum: 'pet_num' },
        'swab_state',
        'activated_at',
        'received_at',
        latestSample(db, 'sample_state').as('sample_state'),
        latestSample(db, 'received_at').as('sample_received_at'),
        latestSample(db, 'genotyped_at').as('genotyped_at'),
        latestSample(db, 'released_at').as('released_at'),
        latestReswab(db, 'status').as('reswab_status'),
        latestReswab(db, 'ordered_at').as('reswab_ordered_at'),
      ),
  }),
  assemble({ summaries, otherLabsFiles, swabs }, petNums) {
    const withResults = new Set(summaries.map((row) => row.petNum));
    const fromOtherLabs = new Set(otherLabsFiles.map((row) => row.petNum));
    const swabOf = new Map(swabs.map((row) => [row.petNum, row]));
    return new Map(
      petNums.map((petNum) => {
        const row = swabOf.get(petNum);
        const swab: TimelineSource | undefined = row && {
          swab_state: row.swab_state,
          activated_at: dateOrNull(row.activated_at),
          received_at: dateOrNull(row.received_at),
          sample_state: row.sample_state,
          sample_received_at: dateOrNull(row.sample_received_at),
          genotyped_at: dateOrNull(row.genotyped_at),
          released_at: dateOrNull(row.released_at),
        };
        const swabState: string | null = swab?.swab_state ?? null;
        const reswab: Reswab | null = row && swabState === 'failed' && row.reswab_status ? { status: row.reswab_status, orderedAt: dateOrNull(row.reswab_ordered_at) } : null;
        const hasResults = withResults.has(petNum);
        return [
          petNum,
          {
            hasResults,
            swabState,
            swabStateText: swabStateText(swabState, reswab),
            isAwaitingResults: !hasResults && swabState !== null && AWAITING_SWAB_STATES.has(swabState),
            timeline: swab ? labTimeline(swab) : [],
            fromOtherLabsFile: fromOtherLabs.has(petNum),
          },
        ];
      }),
    );
  },
  missing: () => ({ hasResults: false, swabState: null, swabStateText: swabStateText(null), isAwaitingResults: false, timeline: [], fromOtherLabsFile: false }),
};

export async function resultsStatus(db: Db, petNum: number): Promise<ResultsStatus> {
  return (await readPet(db, petNum, { status: RESULTS_STATUS })).status;
}

/** Whether the dog's current genotype comes from another lab's DNA file. */
export async function isFromOtherLabsFile(db: Db, petNum: number): Promise<boolean> {
  return Boolean(await otherLabsFileQuery(db, [petNum]).first());
}

/** Whether each dog has a current genotype: its owners may download its raw data. */
export const HAS_CURRENT_GENOTYPE: PetRead<boolean> = {
  queries: (db, petNums) => ({ genotypes: db('genotypes').where(petNumIn(db, 'pet_num', petNums)).where('is_current', true).distinct({ petNum: 'pet_num' }) }),
  assemble: ({ genotypes }) => new Map(genotypes.map((row) => [row.petNum, true])),
  missing: () => false,
  versioned: true,
};
