import type { Db } from '../db/index.js';
import { unpackGenotype, type Calls } from '../genetics/genotype.js';
import { addToRelativeIndex, screenRelatives } from '../genetics/compute/relative-screen.js';
import { relatednessBackground } from '../genetics/compute/results.js';
import { sharedDna } from '../genetics/compute/shared-segments.js';
import { genomicInbreeding, type RunOfHomozygosity } from '../genetics/compute/inbreeding.js';
import { predictOffspringCoi, type OffspringCoiParent } from '../genetics/compute/offspring-coi.js';
import { displayRelatedness, relatednessCategory, type RelatednessKey } from '../genetics/compute/relatedness.js';
import type { Lab } from './lab.js';
import type { ReferencePanel } from '../genetics/compute/reference-panel.js';
import { createMarkerPanel, type MarkerPanel } from '../genetics/panel.js';
import { storedBreedShares } from './results-store.js';
import type { RelativeMatch, StoredCategory } from './relatives-store.js';

export const CATEGORY_KEYS: Record<RelatednessKey, StoredCategory> = {
  sameDog: 'same_dog',
  immediateFamily: 'immediate_family',
  closeFamily: 'close_family',
  extendedFamily: 'extended_family',
  distantRelative: 'distant_relative',
};

const PAGE = 2000;

/** Brings the in-process index up to date with genotypes other processes stored (the database is the truth). */
export async function catchUpRelativeIndex(db: Db, lab: Lab): Promise<void> {
  for (;;) {
    const rows: { id: number; calls: Buffer; marker_count: number }[] = await db('genotypes')
      .where('id', '>', lab.indexedUpToGenotypeId)
      .andWhere({ panel_id: lab.panelId, is_current: true })
      .orderBy('id')
      .limit(PAGE)
      .select('id', 'calls', 'marker_count');
    for (const row of rows) {
      addToRelativeIndex(lab.relativeIndex, row.id, unpackGenotype(new Uint8Array(row.calls), row.marker_count));
      lab.indexedUpToGenotypeId = row.id;
    }
    if (rows.length < PAGE) return;
  }
}

export interface StoredDog {
  petNum: number;
  calls: Calls;
  breedShares: ReadonlyMap<string, number>;
  /** The allele-frequency background of the dog's breeds, when already computed. */
  background?: Float32Array;
  /** Its calls and background on the coarse view, when already picked. */
  coarse?: { calls: Uint8Array; background: Float32Array };
  /** Its runs of homozygosity, once worked out for a pair's offspring COI. */
  runs?: readonly RunOfHomozygosity[];
}

/** The dog as the offspring COI prediction reads it, its runs worked out once. */
function asParent(panel: MarkerPanel, dog: StoredDog): OffspringCoiParent {
  dog.runs ??= genomicInbreeding(panel, dog.calls, dog.background!).runs;
  return { calls: dog.calls, background: dog.background!, runs: dog.runs };
}

/** Every `step`-th autosomal SNP of a panel: shared segments on it cost a fraction of the full comparison. */
interface CoarseView {
  panel: MarkerPanel;
  indices: Uint32Array;
}

const coarseViews = new WeakMap<MarkerPanel, CoarseView>();

function coarseView(panel: MarkerPanel, step = 4): CoarseView {
  let view = coarseViews.get(panel);
  if (!view) {
    const indices = panel.autosomalSnps.filter((_, i) => i % step === 0);
    view = { panel: createMarkerPanel(Array.from(indices, (i) => panel.markers[i])), indices };
    coarseViews.set(panel, view);
  }
  return view;
}

function pick<T extends Uint8Array | Float32Array>(values: T, indices: Uint32Array): T {
  const out = new (values.constructor as new (length: number) => T)(indices.length);
  for (let i = 0; i < indices.length; i++) out[i] = values[indices[i]];
  return out;
}

// A coarse comparison finding less than both of these is skipped: on simulated families this
// drops about half of the unrelated candidates and about 1% of the relatives (mostly distant).
const COARSE_MIN_LONGEST_CM = 6;
const COARSE_MIN_SHARED_FRACTION = 0.01;

export interface MatchOptions {
  /** Screen each pair on a quarter of the markers first: bulk loads trade a few distant relatives for speed. */
  coarseFirst?: boolean;
}

/** The bulk demo load screens harder than the lab's ingest (which keeps every candidate with kinship >= 0). */
export const BULK_SCREEN_MIN_KINSHIP = 0.02;

/** Compares one dog with candidates from the screen, on long shared segments judged against each dog's own breed background. */
/** Fills in a dog's background (and coarse view) once, so comparing it with many dogs does not redo them. */
export function prepareForMatching(reference: ReferencePanel, dog: StoredDog, coarse: boolean): StoredDog {
  dog.background ??= relatednessBackground(reference, dog.breedShares);
  if (coarse && !dog.coarse) {
    const view = coarseView(reference.panel);
    dog.coarse = { calls: pick(dog.calls as Uint8Array, view.indices), background: pick(dog.background, view.indices) };
  }
  return dog;
}

export function matchAgainst(reference: ReferencePanel, dog: StoredDog, candidates: readonly StoredDog[], options: MatchOptions = {}): RelativeMatch[] {
  const coarse = options.coarseFirst ? coarseView(reference.panel) : null;
  const self = prepareForMatching(reference, dog, Boolean(coarse));
  const matches: RelativeMatch[] = [];
  for (const candidate of candidates) {
    const other = prepareForMatching(reference, candidate, Boolean(coarse));
    if (coarse) {
      const rough = sharedDna(coarse.panel, self.coarse!.calls, other.coarse!.calls, self.coarse!.background, other.coarse!.background);
      if (rough.longestSegmentCm < COARSE_MIN_LONGEST_CM || rough.sharedFraction < COARSE_MIN_SHARED_FRACTION) continue;
    }
    const shared = sharedDna(reference.panel, self.calls, other.calls, self.background!, other.background!);
    const category = relatednessCategory(shared);
    if (!category) continue;
    matches.push({
      otherPetNum: other.petNum,
      kinship: shared.kinship,
      offspringCoi: predictOffspringCoi(reference.panel, asParent(reference.panel, self), asParent(reference.panel, other), shared.segments),
      sharedTotalMb: shared.totalSharedCm,
      longestSegmentMb: shared.longestSegmentCm,
      segmentCount: shared.segments.length,
      category: CATEGORY_KEYS[category.key],
      displayRelatedness: displayRelatedness(shared.sharedFraction),
    });
  }
  return matches;
}

/** Every tested dog related to this one (among the genotype ids of `range`): a bit-packed screen, then shared segments on the candidates. */
export async function findRelatives(
  db: Db,
  lab: Lab,
  petNum: number,
  calls: Calls,
  breedShares: ReadonlyMap<string, number>,
  range: { fromId?: number; belowId?: number } = {},
): Promise<RelativeMatch[]> {
  await catchUpRelativeIndex(db, lab);
  const candidateIds = screenRelatives(lab.relativeIndex, calls, range).map((candidate) => candidate.id);
  if (candidateIds.length === 0) return [];
  const rows: { pet_num: number; calls: Buffer; marker_count: number }[] = [];
  for (let start = 0; start < candidateIds.length; start += PAGE) {
    rows.push(
      ...(await db('genotypes')
        .whereIn('id', candidateIds.slice(start, start + PAGE))
        .andWhere({ is_current: true, lab_review_hold: false })
        .whereNot('pet_num', petNum)
        .whereNotNull('pet_num')
        .select('pet_num', 'calls', 'marker_count')),
    );
  }
  const shares = await storedBreedShares(db, lab.ids, rows.map((row) => row.pet_num));
  const candidates = rows.map((row) => ({ petNum: row.pet_num, calls: unpackGenotype(new Uint8Array(row.calls), row.marker_count), breedShares: shares.get(row.pet_num) ?? new Map() }));
  return matchAgainst(lab.reference, { petNum, calls, breedShares }, candidates);
}
