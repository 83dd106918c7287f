import type { Db } from '../db/index.js';

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

const shortDate = (date: Date) => date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function swabStateText(state: string | null, reswab: Reswab | null = null): string {
  if (!state) return 'No DNA kit has been activated for this dog yet.';
  if (state === 'failed' && reswab?.status === 'authorized') return 'The sample could not be read. A free replacement swab has been approved for this dog; we will send it to you.';
  if (state === 'failed' && (reswab?.status === 'ordered' || reswab?.status === 'received') && reswab.orderedAt) {
    return `The sample could not be read. A free replacement swab was sent on ${shortDate(reswab.orderedAt)}: swab again and send it back to the lab.`;
  }
  return SWAB_STATE_TEXT[state] ?? state;
}

export async function resultsStatus(db: Db, petNum: number): Promise<ResultsStatus> {
  const [summary, otherLabsFile, swab] = await Promise.all([
    db('breed_mix_summaries').where({ pet_num: petNum }).first('pet_num'),
    isFromOtherLabsFile(db, petNum),
    db('swabs')
      .where({ pet_num: petNum, is_methylation: false })
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .first<(TimelineSource & { id: number }) | undefined>(
        'id',
        'swab_state',
        'activated_at',
        'received_at',
        db('samples').whereRaw('samples.swab_id = swabs.id').orderBy('received_at', 'desc').orderBy('id', 'desc').limit(1).select('sample_state').as('sample_state'),
        db('samples').whereRaw('samples.swab_id = swabs.id').orderBy('received_at', 'desc').orderBy('id', 'desc').limit(1).select('received_at').as('sample_received_at'),
        db('samples').whereRaw('samples.swab_id = swabs.id').orderBy('received_at', 'desc').orderBy('id', 'desc').limit(1).select('genotyped_at').as('genotyped_at'),
        db('samples').whereRaw('samples.swab_id = swabs.id').orderBy('received_at', 'desc').orderBy('id', 'desc').limit(1).select('released_at').as('released_at'),
      ),
  ]);
  const swabState: string | null = swab?.swab_state ?? null;
  const reswab: { status: Reswab['status']; ordered_at: Date | null } | undefined =
    swab && swabState === 'failed' ? await db('reswabs').where({ original_swab_id: swab.id }).whereNot({ status: 'cancelled' }).orderBy('authorized_at', 'desc').first('status', 'ordered_at') : undefined;
  return {
    hasResults: Boolean(summary),
    swabState,
    swabStateText: swabStateText(swabState, reswab ? { status: reswab.status, orderedAt: reswab.ordered_at } : null),
    isAwaitingResults: !summary && swabState !== null && AWAITING_SWAB_STATES.has(swabState),
    timeline: swab ? labTimeline(swab) : [],
    fromOtherLabsFile: otherLabsFile,
  };
}

/** The dog's current genotype is stored on a real array's panel (one with probe names): another lab's DNA file. */
export async function isFromOtherLabsFile(db: Db, petNum: number): Promise<boolean> {
  const row = await db('genotypes')
    .join('marker_panels', 'marker_panels.id', 'genotypes.panel_id')
    .where({ 'genotypes.pet_num': petNum, 'genotypes.is_current': true })
    .whereNotNull('marker_panels.probe_names')
    .first(db.raw('1 as found'));
  return Boolean(row);
}

/** Owners of a tested dog may download its raw data (the rule of the raw-data download). */
export async function hasCurrentGenotype(db: Db, petNum: number): Promise<boolean> {
  return Boolean(await db('genotypes').where({ pet_num: petNum, is_current: true }).first(db.raw('1 as found')));
}
