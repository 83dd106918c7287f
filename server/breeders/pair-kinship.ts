import type { Db } from '../db/index.js';
import type { Lab } from '../lab/lab.js';
import { loadPanel } from '../lab/panel-load.js';
import { storedBreedShares } from '../lab/results-store.js';
import type { ReferencePanel } from '../genetics/compute/reference-panel.js';
import { sharedDna } from '../genetics/compute/shared-segments.js';
import { KING_MIN_MARKERS, kingKinship } from '../genetics/compute/king.js';
import { callRemapper, unpackGenotype, type Calls } from '../genetics/genotype.js';
import type { MarkerPanel } from '../genetics/panel.js';
import type { InbreedingPrediction } from './pair-prediction.js';
import { appendToKinshipSet, readKinshipSet } from './kinship-sets.js';
import { backgroundOf, labPanelKinship } from './kinship-kernel.js';
import { readyKinshipThreads, type PassPriority } from './kinship-threads.js';
import { recentlyUsed } from '../shared/recently-used.js';

export interface KinshipGenotype {
  panel: MarkerPanel;
  /** Calls on the dog's own panel. */
  calls: Calls;
  isLabPanel: boolean;
  breedShares: ReadonlyMap<string, number>;
}

export interface ParentsKinship {
  kinship: number | null;
  method: InbreedingPrediction['method'];
}

// A dog's breed background is the same for every dog it is compared with: kept per breed mix.
const background = (reference: ReferencePanel, dog: KinshipGenotype) => backgroundOf(reference, dog.breedShares);

/**
 * The parents' kinship by the estimator the relatives list uses for such a pair: shared IBD
 * segments against each dog's breed background on the lab's panel, KING-robust kinship on the
 * positions both carry when either dog was typed on a real array (server/lab/array-relatives.ts).
 * Sire first, dam second: the pair predictor and the matchmaker both call it so.
 */
export function parentsKinship(reference: ReferencePanel, sire: KinshipGenotype, dam: KinshipGenotype): ParentsKinship {
  if (sire.isLabPanel && dam.isLabPanel) {
    const shared = sharedDna(reference.panel, sire.calls, dam.calls, background(reference, sire), background(reference, dam));
    return { kinship: shared.kinship, method: 'shared segments' };
  }
  const otherCalls = sire.panel === dam.panel ? dam.calls : callRemapper(dam.panel, sire.panel)(dam.calls);
  const { kinship, markers } = kingKinship(sire.calls, otherCalls, sire.panel.autosomalSnps, sire.panel.autosomalSnps);
  return markers >= KING_MIN_MARKERS ? { kinship, method: 'KING-robust kinship' } : { kinship: null, method: 'not tested' };
}

/** The current released genotypes of these dogs (absent: none), read in one query with their breed shares in another. */
export async function kinshipGenotypes(db: Db, lab: Lab, petNums: readonly number[]): Promise<Map<number, KinshipGenotype>> {
  if (petNums.length === 0) return new Map();
  const [rows, shares] = await Promise.all([
    db('genotypes').whereIn('pet_num', petNums).where({ is_current: true, lab_review_hold: false }).select('id', 'pet_num', 'panel_id', 'calls', 'marker_count') as Promise<GenotypeRow[]>,
    storedBreedShares(db, lab.ids, petNums),
  ]);
  const stored = await storedGenotypes(db, lab, rows, shares);
  return new Map(rows.map((row) => [row.pet_num, unpacked(lab, stored.get(row.id)!)]));
}

interface GenotypeRow {
  id: number;
  pet_num: number;
  panel_id: number;
  calls: Buffer;
  marker_count: number;
}

/** A genotype as read, unpacked (and given its background) only when it is compared. */
interface StoredGenotype {
  panel: MarkerPanel;
  panelId: number;
  packed: Uint8Array;
  markerCount: number;
  breedShares: ReadonlyMap<string, number>;
}

/** Genotype rows with their panels and their dogs' stored breed shares, by genotype id. */
async function storedGenotypes(db: Db, lab: Lab, rows: readonly GenotypeRow[], shares: ReadonlyMap<number, ReadonlyMap<string, number>>): Promise<Map<number, StoredGenotype>> {
  const found = new Map<number, StoredGenotype>();
  const panels = new Map<number, MarkerPanel>([[lab.panelId, lab.panel]]);
  for (const row of rows) {
    if (!panels.has(row.panel_id)) panels.set(row.panel_id, await loadPanel(db, row.panel_id));
    found.set(row.id, { panel: panels.get(row.panel_id)!, panelId: row.panel_id, packed: row.calls, markerCount: row.marker_count, breedShares: shares.get(row.pet_num) ?? new Map() });
  }
  return found;
}

async function readGenotypes(db: Db, lab: Lab, genotypeIds: readonly number[]): Promise<Map<number, StoredGenotype>> {
  if (genotypeIds.length === 0) return new Map();
  const rows: GenotypeRow[] = await db('genotypes').whereIn('id', genotypeIds).select('id', 'pet_num', 'panel_id', 'calls', 'marker_count');
  return storedGenotypes(db, lab, rows, await storedBreedShares(db, lab.ids, rows.map((row) => row.pet_num)));
}

const unpacked = (lab: Lab, stored: StoredGenotype): KinshipGenotype => ({
  panel: stored.panel,
  isLabPanel: stored.panelId === lab.panelId,
  calls: unpackGenotype(stored.packed, stored.markerCount),
  breedShares: stored.breedShares,
});

/** A dog the matchmaker compares: its pet number and its current released genotype. */
export interface KinshipCandidate {
  petNum: number;
  genotypeId: number;
}

/**
 * Kinships already worked out, per lab and per chosen dog (its genotype and sex: the sire comes
 * first), by the candidate's genotype id. A genotype row never changes, and the breed shares
 * its background comes from are stored with it (server/lab/ingest.ts): a new genotype is a new
 * id, so an entry can never go stale; a dog's new genotype is simply not found. The most recently
 * used chosen dogs are kept.
 */
const computed = new WeakMap<Lab, Map<string, Map<number, ParentsKinship>>>();
const CACHED_DOGS = 16;

function computedFor(lab: Lab, key: string): Map<number, ParentsKinship> {
  let byDog = computed.get(lab);
  if (!byDog) computed.set(lab, (byDog = new Map()));
  return recentlyUsed(byDog, key, CACHED_DOGS, () => new Map<number, ParentsKinship>());
}

// A chosen dog's map of kinships, filled once from what is stored (kinship-sets.ts) when it is made.
const storedLoads = new WeakMap<Map<number, ParentsKinship>, Promise<void>>();

function storedInto(db: Db, dog: { sex: 'm' | 'f'; genotypeId: number }, known: Map<number, ParentsKinship>): Promise<void> {
  let loading = storedLoads.get(known);
  if (!loading) {
    loading = readKinshipSet(db, dog, known).catch(() => undefined);
    storedLoads.set(known, loading);
  }
  return loading;
}

/** Forgets every kinship worked out for this lab, in memory only (benchmarks measure the first request too). */
export function forgetComputedKinships(lab: Lab): void {
  computed.delete(lab);
}

// Candidates whose genotypes are read at a time: a first batch the size the caller expects to
// need (at most 256, so comparing starts early), then four times larger ones up to 1,024; the
// next batch is read while the current one is compared.
const FIRST_BATCH = 64;
const FIRST_BATCH_AT_MOST = 256;
const LARGEST_BATCH = 1024;

/**
 * parentsKinship of the chosen dog and one candidate (sire first), through labPanelKinship when
 * both are on the lab's panel: the same calls, background and comparison, without allocating
 * them for each of a thousand candidates.
 */
function kinshipWith(lab: Lab, own: KinshipGenotype, ownIsSire: boolean, other: StoredGenotype): ParentsKinship {
  if (!own.isLabPanel || other.panelId !== lab.panelId) {
    const genotype = unpacked(lab, other);
    return ownIsSire ? parentsKinship(lab.reference, own, genotype) : parentsKinship(lab.reference, genotype, own);
  }
  const chosen = { calls: own.calls, background: background(lab.reference, own) };
  return { kinship: labPanelKinship(lab.reference, chosen, ownIsSire, other), method: 'shared segments' };
}

/**
 * The expected offspring COI of one dog with each of some candidates (the matchmaker's rows): the
 * same kinship the pair predictor computes for the pair, from genotypes read in batches, in the
 * candidates' order. `until` sees each result in that order and may end the pass (it returns true
 * once the caller has what it needs): the candidates not reached are left out of the answer.
 * `expected` is how many candidates the caller thinks it needs (the first batch's size). A pass
 * over every candidate first waits for a warm-up of the same dog (warmOffspringKinships; `warmUp`
 * marks the warm-up's own pass, with its priority on the kinship threads), raising the warm-up to a
 * request's priority, then finds most results computed. Large batches are compared on the kinship
 * threads when they run; on the main thread, long passes yield to other requests every 128
 * comparisons. A dog without a released genotype (or whose genotype was replaced meanwhile) is
 * 'not tested'.
 */
export async function offspringKinships(
  db: Db,
  lab: Lab,
  dog: { petNum: number; sex: 'm' | 'f'; genotypeId: number },
  candidates: readonly KinshipCandidate[],
  options: { until?: (result: ParentsKinship) => boolean; expected?: number; warmUp?: PassPriority } = {},
): Promise<Map<number, ParentsKinship>> {
  if (candidates.length === 0) return new Map();
  const key = `${dog.genotypeId}:${dog.sex}`;
  // a pass over every candidate waits for this dog's warm-up rather than doing the same work beside it
  const warm = warmUps.get(lab)?.running;
  if (!options.until && !options.warmUp && warm?.key === key) {
    warm.priority.background = false;
    await warm.done;
  }
  const known = computedFor(lab, key);
  await storedInto(db, dog, known);
  const fresh: [number, ParentsKinship][] = [];
  let complete = false;
  try {
    const out = await comparePass(db, lab, dog, candidates, options, known, fresh);
    complete = options.warmUp !== undefined;
    return out;
  } finally {
    // kept for a restart and for other processes; a failed write only means working them out again
    if (fresh.length > 0 || complete) await appendToKinshipSet(db, dog, fresh, complete).catch(() => undefined);
  }
}

/** offspringKinships' pass over the candidates, noting in `fresh` what it worked out. */
async function comparePass(
  db: Db,
  lab: Lab,
  dog: { petNum: number; sex: 'm' | 'f'; genotypeId: number },
  candidates: readonly KinshipCandidate[],
  options: { until?: (result: ParentsKinship) => boolean; expected?: number; warmUp?: PassPriority },
  known: Map<number, ParentsKinship>,
  fresh: [number, ParentsKinship][],
): Promise<Map<number, ParentsKinship>> {
  const out = new Map<number, ParentsKinship>();
  const ownIsSire = dog.sex === 'm';
  let sinceYield = 0;
  const missingIn = (from: number, to: number) => candidates.slice(from, to).filter((candidate) => !known.has(candidate.genotypeId)).map((candidate) => candidate.genotypeId);
  // reading a batch: its promise is marked handled at once, so a batch read ahead and never awaited (the pass ended) cannot fail unhandled
  let own: Promise<{ stored: StoredGenotype; genotype: KinshipGenotype } | undefined> | undefined;
  const read = (ids: number[]) => {
    if (ids.length === 0) return null;
    own ??= readGenotypes(db, lab, [dog.genotypeId]).then((found) => {
      const stored = found.get(dog.genotypeId);
      return stored && { stored, genotype: unpacked(lab, stored) };
    });
    own.catch(() => undefined);
    const reading = readGenotypes(db, lab, ids);
    reading.catch(() => undefined);
    return reading;
  };
  const note = (genotypeId: number, result: ParentsKinship) => {
    known.set(genotypeId, result);
    fresh.push([genotypeId, result]);
  };
  let size = Math.max(FIRST_BATCH, Math.min(FIRST_BATCH_AT_MOST, options.expected ?? 0));
  let next = read(missingIn(0, size));
  for (let start = 0; start < candidates.length; ) {
    const end = Math.min(candidates.length, start + size);
    const genotypes = next ? await next : null;
    const self = genotypes ? await own : undefined;
    size = Math.min(LARGEST_BATCH, size * 4);
    next = end < candidates.length ? read(missingIn(end, end + size)) : null;
    // a large batch is compared on the kinship threads, all at once
    if (self && genotypes && genotypes.size >= THREADED_BATCH_AT_LEAST) await compareOnThreads(lab, self, ownIsSire, genotypes, options.warmUp ?? { background: false }, note);
    for (let i = start; i < end; i++) {
      const { petNum, genotypeId } = candidates[i];
      let result = known.get(genotypeId);
      const other = genotypes?.get(genotypeId);
      if (!result && self && other) {
        result = kinshipWith(lab, self.genotype, ownIsSire, other);
        note(genotypeId, result);
        // a long pass lets other requests in every few dozen milliseconds
        if (++sinceYield === COMPARISONS_BETWEEN_YIELDS) {
          sinceYield = 0;
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
      }
      result ??= { kinship: null, method: 'not tested' };
      out.set(petNum, result);
      if (options.until?.(result)) return out;
    }
    start = end;
  }
  return out;
}

// Batches this large go to the kinship threads when they run; smaller ones (a page's worth) are
// compared here, stopping as soon as the caller has what it needs.
const THREADED_BATCH_AT_LEAST = 128;

/**
 * Compares the chosen dog, on the kinship threads, with every candidate of a batch on the lab's
 * panel not yet known. Without threads (not started, or failed) it leaves them to the main thread.
 */
async function compareOnThreads(
  lab: Lab,
  self: { stored: StoredGenotype; genotype: KinshipGenotype },
  ownIsSire: boolean,
  genotypes: ReadonlyMap<number, StoredGenotype>,
  priority: PassPriority,
  note: (genotypeId: number, result: ParentsKinship) => void,
): Promise<void> {
  const threads = readyKinshipThreads(lab.options);
  if (!threads || !self.genotype.isLabPanel) return;
  const ids = [...genotypes.keys()].filter((id) => genotypes.get(id)!.panelId === lab.panelId);
  try {
    const kinships = await threads.compare(self.stored, ownIsSire, ids.map((id) => genotypes.get(id)!), priority);
    ids.forEach((id, i) => note(id, { kinship: kinships[i], method: 'shared segments' }));
  } catch {
    // the threads stopped: the main thread compares the batch
  }
}

const COMPARISONS_BETWEEN_YIELDS = 128;

/** A lab's warm-ups, one at a time in the order asked: the one running (by dog) and the ones waiting. */
interface WarmUps {
  running?: { key: string; done: Promise<unknown>; priority: PassPriority };
  waiting: Map<string, { run: () => Promise<unknown>; priority: PassPriority }>;
}
const warmUps = new WeakMap<Lab, WarmUps>();

const warmUpsOf = (lab: Lab) => {
  let found = warmUps.get(lab);
  if (!found) warmUps.set(lab, (found = { waiting: new Map() }));
  return found;
};

/**
 * Works out, in the background, the offspring COI of a dog with all its candidates, so that
 * ordering or filtering by COI later finds them computed and stored (a first full pass over tens
 * of thousands of candidates takes seconds). One warm-up at a time, the others queued; a dog
 * already running or queued is not queued again (null). Failures are dropped: the requests
 * compute what they need themselves. Resolves when this dog's warm-up is done.
 */
export function warmOffspringKinships(db: Db, lab: Lab, dog: { petNum: number; sex: 'm' | 'f'; genotypeId: number }, candidates: () => Promise<readonly KinshipCandidate[]>): Promise<unknown> | null {
  const key = `${dog.genotypeId}:${dog.sex}`;
  const queue = warmUpsOf(lab);
  if (queue.running?.key === key || queue.waiting.has(key)) return null;
  const priority = { background: true };
  return new Promise((resolve) => {
    const run = async () => {
      try {
        await new Promise<void>((next) => setImmediate(next));
        await offspringKinships(db, lab, dog, await candidates(), { warmUp: priority });
      } catch {
        // the requests work out what they need themselves
      } finally {
        resolve(undefined);
      }
    };
    queue.waiting.set(key, { run, priority });
    if (!queue.running) runWarmUps(queue);
  });
}

function runWarmUps(queue: WarmUps): void {
  const [key, next] = queue.waiting.entries().next().value ?? [];
  if (!key || !next) return;
  queue.waiting.delete(key);
  const done = next.run().finally(() => {
    queue.running = undefined;
    runWarmUps(queue);
  });
  queue.running = { key, done, priority: next.priority };
}
