import type { Db } from '../db/index.js';
import type { Lab } from '../lab/lab.js';
import { loadPanel } from '../lab/panel-load.js';
import { storedBreedShares } from '../lab/results-store.js';
import type { ReferencePanel } from '../genetics/compute/reference-panel.js';
import { relatednessBackground } from '../genetics/compute/results.js';
import { sharedDna } from '../genetics/compute/shared-segments.js';
import { KING_MIN_MARKERS, kingKinship } from '../genetics/compute/king.js';
import { callRemapper, unpackGenotype, type Calls } from '../genetics/genotype.js';
import type { MarkerPanel } from '../genetics/panel.js';
import type { InbreedingPrediction } from './pair-prediction.js';

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

// A dog's breed background is the same for every dog it is compared with: worked out once per genotype.
const backgrounds = new WeakMap<KinshipGenotype, Float32Array>();

function background(reference: ReferencePanel, dog: KinshipGenotype): Float32Array {
  let found = backgrounds.get(dog);
  if (!found) {
    found = relatednessBackground(reference, dog.breedShares);
    backgrounds.set(dog, found);
  }
  return found;
}

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
  const found = new Map<number, KinshipGenotype>();
  if (petNums.length === 0) return found;
  const [rows, shares] = await Promise.all([
    db('genotypes').whereIn('pet_num', petNums).where({ is_current: true, lab_review_hold: false }).select('pet_num', 'panel_id', 'calls', 'marker_count') as Promise<{ pet_num: number; panel_id: number; calls: Buffer; marker_count: number }[]>,
    storedBreedShares(db, lab.ids, petNums),
  ]);
  const panels = new Map<number, MarkerPanel>([[lab.panelId, lab.panel]]);
  for (const row of rows) {
    if (!panels.has(row.panel_id)) panels.set(row.panel_id, await loadPanel(db, row.panel_id));
    found.set(row.pet_num, {
      panel: panels.get(row.panel_id)!,
      isLabPanel: row.panel_id === lab.panelId,
      calls: unpackGenotype(new Uint8Array(row.calls), row.marker_count),
      breedShares: shares.get(row.pet_num) ?? new Map(),
    });
  }
  return found;
}

/**
 * The expected offspring COI of one dog with each of some candidates (the matchmaker's rows): the
 * same kinship the pair predictor computes for the pair, from genotypes read in one batch.
 * A candidate without a released genotype is 'not tested'.
 */
export async function offspringKinships(db: Db, lab: Lab, dog: { petNum: number; sex: 'm' | 'f' }, candidates: readonly number[]): Promise<Map<number, ParentsKinship>> {
  const genotypes = await kinshipGenotypes(db, lab, [dog.petNum, ...candidates]);
  const own = genotypes.get(dog.petNum);
  const out = new Map<number, ParentsKinship>();
  for (const petNum of candidates) {
    const other = genotypes.get(petNum);
    if (!own || !other) out.set(petNum, { kinship: null, method: 'not tested' });
    else out.set(petNum, dog.sex === 'm' ? parentsKinship(lab.reference, own, other) : parentsKinship(lab.reference, other, own));
  }
  return out;
}
