import type { ReferencePanel } from '../genetics/compute/reference-panel.js';
import { relatednessBackground } from '../genetics/compute/results.js';
import { sharedDna } from '../genetics/compute/shared-segments.js';
import { KING_MIN_MARKERS, kingKinship } from '../genetics/compute/king.js';
import { callRemapper, type Calls } from '../genetics/genotype.js';
import type { MarkerPanel } from '../genetics/panel.js';
import type { InbreedingPrediction } from './pair-prediction.js';

export interface KinshipGenotype {
  panel: MarkerPanel;
  /** Calls on the dog's own panel. */
  calls: Calls;
  isLabPanel: boolean;
  breedShares: ReadonlyMap<string, number>;
}

/**
 * The parents' kinship by the estimator the relatives list uses for such a pair: shared IBD
 * segments against each dog's breed background on the lab's panel, KING-robust kinship on the
 * positions both carry when either dog was typed on a real array (server/lab/array-relatives.ts).
 */
export function parentsKinship(reference: ReferencePanel, a: KinshipGenotype, b: KinshipGenotype): { kinship: number | null; method: InbreedingPrediction['method'] } {
  if (a.isLabPanel && b.isLabPanel) {
    const shared = sharedDna(reference.panel, a.calls, b.calls, relatednessBackground(reference, a.breedShares), relatednessBackground(reference, b.breedShares));
    return { kinship: shared.kinship, method: 'shared segments' };
  }
  const otherCalls = a.panel === b.panel ? b.calls : callRemapper(b.panel, a.panel)(b.calls);
  const { kinship, markers } = kingKinship(a.calls, otherCalls, a.panel.autosomalSnps, a.panel.autosomalSnps);
  return markers >= KING_MIN_MARKERS ? { kinship, method: 'KING-robust kinship' } : { kinship: null, method: 'not tested' };
}
