import { NO_CALL, type Calls } from '../genotype.js';
import type { MarkerPanel } from '../panel.js';

/**
 * Likeness of two dogs, 0–100: the share of alleles they have in common (identity by state) over
 * the autosomal SNPs both have, rescaled so two random dogs score near 0 and identical twins 100.
 */
export const UNRELATED_ALLELE_SHARING = 0.65;

export function likenessScore(panel: MarkerPanel, callsA: Calls, callsB: Calls): number | null {
  let shared = 0;
  let n = 0;
  for (const j of panel.autosomalSnps) {
    const a = callsA[j];
    const b = callsB[j];
    if (a === NO_CALL || b === NO_CALL) continue;
    shared += 2 - Math.abs(a - b);
    n += 2;
  }
  if (n === 0) return null;
  const ibs = shared / n;
  const score = ((ibs - UNRELATED_ALLELE_SHARING) / (1 - UNRELATED_ALLELE_SHARING)) * 100;
  return Math.round(Math.min(100, Math.max(0, score)) * 10) / 10;
}
