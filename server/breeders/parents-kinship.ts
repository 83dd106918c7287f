// The offspring COI the pair predictor and the matchmaker show: the one the relatives search stored
// for the pair when the lab released the later of the two dogs (server/lab/relative-matching.ts on
// the lab's panel, server/lab/array-relatives.ts on real arrays; a pair stored before the prediction
// existed has its kinship). Two dogs the search compared and did not list as relatives share no
// recent ancestor the DNA shows: 0. Two dogs it cannot compare (one on the lab's panel, one on a
// real array) are 'not tested'.
import type { Db } from '../db/index.js';
import type { Lab } from '../lab/lab.js';
import { loadPanel } from '../lab/panel-load.js';
import { KING_MIN_MARKERS } from '../genetics/compute/king.js';
import { intersectPanels, type MarkerPanel } from '../genetics/panel.js';
import type { InbreedingPrediction } from './pair-prediction.js';

export interface ParentsOffspringCoi {
  offspringCoi: number | null;
  method: InbreedingPrediction['method'];
}

/** The estimator the relatives search uses for dogs on these two panels, or 'not tested' when it does not compare them. */
export async function kinshipMethod(db: Db, lab: Lab, panelA: number, panelB: number): Promise<ParentsOffspringCoi['method']> {
  if (panelA === lab.panelId && panelB === lab.panelId) return 'shared segments';
  if (panelA === lab.panelId || panelB === lab.panelId) return 'not tested';
  return (await arraysCompared(db, panelA, panelB)) ? 'KING-robust kinship' : 'not tested';
}

/** The panels whose dogs the relatives search compares with a dog on this one (the matchmaker's 'tested' candidates). */
export async function panelsComparedWith(db: Db, lab: Lab, panelId: number): Promise<number[]> {
  if (panelId === lab.panelId) return [lab.panelId];
  const arrays: number[] = (await db('marker_panels').whereNot('id', lab.panelId).pluck('id')).map(Number);
  const compared: number[] = [];
  for (const other of arrays) if (await arraysCompared(db, panelId, other)) compared.push(other);
  return compared;
}

// Two array versions carry the same positions for good: worked out once per pair of panels.
const overlaps = new Map<string, Promise<boolean>>();

/** Whether dogs on two real arrays share enough autosomal positions for KING-robust kinship (findArrayRelatives). */
function arraysCompared(db: Db, panelA: number, panelB: number): Promise<boolean> {
  if (panelA === panelB) return Promise.resolve(true);
  const key = `${Math.min(panelA, panelB)}:${Math.max(panelA, panelB)}`;
  let known = overlaps.get(key);
  if (!known) {
    known = Promise.all([loadPanel(db, panelA), loadPanel(db, panelB)]).then(([a, b]) => sharedAutosomalSnps(a, b) >= KING_MIN_MARKERS);
    known.catch(() => overlaps.delete(key));
    overlaps.set(key, known);
  }
  return known;
}

function sharedAutosomalSnps(a: MarkerPanel, b: MarkerPanel): number {
  const autosomal = new Set(a.autosomalSnps);
  const shared = intersectPanels(a, b);
  let count = 0;
  for (const i of shared.indexA) if (autosomal.has(i)) count++;
  return count;
}

/** The offspring COI the relatives search stored for two dogs (each pair is one row, lower pet number first), or undefined: not relatives. */
async function storedOffspringCoi(db: Db, petNumA: number, petNumB: number): Promise<number | undefined> {
  const row = await db('relatives')
    .where({ pet_num_a: Math.min(petNumA, petNumB), pet_num_b: Math.max(petNumA, petNumB) })
    .first(db.raw(`${STORED_OFFSPRING_COI} as coi`));
  return row ? Number(row.coi) : undefined;
}

/** A related pair's offspring COI, as a column of `relatives` (or of a row of it aliased so). */
export const STORED_OFFSPRING_COI = 'coalesce(offspring_coi, kinship)';

/** The offspring COI of two dogs with released genotypes on these panels. */
export async function parentsOffspringCoi(db: Db, lab: Lab, sire: { petNum: number; panelId: number }, dam: { petNum: number; panelId: number }): Promise<ParentsOffspringCoi> {
  const method = await kinshipMethod(db, lab, sire.panelId, dam.panelId);
  if (method === 'not tested') return { offspringCoi: null, method };
  return { offspringCoi: (await storedOffspringCoi(db, sire.petNum, dam.petNum)) ?? 0, method };
}
