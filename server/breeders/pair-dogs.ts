import type { Db } from '../db/index.js';
import type { Lab } from '../lab/lab.js';
import { loadPanel } from '../lab/panel-load.js';
import { remapCalls, unpackGenotype, type Calls } from '../genetics/genotype.js';
import type { MarkerPanel } from '../genetics/panel.js';

/** A dog's current released genotype as the pair predictor reads it. */
export interface PairGenotype {
  panelId: number;
  panel: MarkerPanel;
  /** Calls on the dog's own panel. */
  calls: Calls;
  isLabPanel: boolean;
  /** The same calls on the lab's panel: what an array lacks is a no-call there. */
  labCalls: Calls;
}

export interface PairDog {
  petNum: number;
  name: string;
  handle: string;
  sex: 'm' | 'f' | null;
  /** COI the lab measured for the dog itself. */
  coi: number | null;
  /** Null when the dog has no released genotype. */
  genotype: PairGenotype | null;
}

/** A dog with its current released genotype, ready for the pair predictor; undefined for no such dog. */
export async function loadPairDog(db: Db, lab: Lab, petNum: number): Promise<PairDog | undefined> {
  const pet = await db('pets')
    .leftJoin('genetic_stats', 'genetic_stats.pet_num', 'pets.pet_num')
    .where('pets.pet_num', petNum)
    .whereNull('pets.deleted_at')
    .first('pets.pet_num', 'pets.name', 'pets.call_name', 'pets.handle', 'pets.sex', 'genetic_stats.coi');
  if (!pet) return undefined;
  const dog: PairDog = { petNum, name: pet.call_name || pet.name, handle: pet.handle, sex: pet.sex, coi: pet.coi === null ? null : Number(pet.coi), genotype: null };
  const row: { panel_id: number; calls: Buffer; marker_count: number } | undefined = await db('genotypes').where({ pet_num: petNum, is_current: true, lab_review_hold: false }).first('panel_id', 'calls', 'marker_count');
  if (!row) return dog;
  const isLabPanel = row.panel_id === lab.panelId;
  const panel = isLabPanel ? lab.panel : await loadPanel(db, row.panel_id);
  const calls = unpackGenotype(new Uint8Array(row.calls), row.marker_count);
  dog.genotype = { panelId: row.panel_id, panel, calls, isLabPanel, labCalls: isLabPanel ? calls : remapCalls(panel, calls, lab.panel) };
  return dog;
}
