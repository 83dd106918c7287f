import { NO_CALL, type Calls } from '../genotype.js';
import type { ReferencePanel } from './reference-panel.js';

export const ANCESTRY_PARAMETERS = {
  /** EM iterations over all populations before unlikely ones are dropped. */
  screeningIterations: 12,
  /** Populations below this share after screening are dropped. */
  screeningFloor: 0.004,
  maxIterations: 200,
  tolerance: 1e-5,
  /** Fewer usable autosomal markers than this and ancestry is not estimated. */
  minimumMarkers: 500,
} as const;

/**
 * Supervised admixture: the shares q of fixed reference populations that best explain the
 * genotypes, by EM on the binomial likelihood (as ADMIXTURE does with frequencies held fixed).
 * Returns null when the sample does not cover enough reference markers.
 */
export function estimateAncestry(reference: ReferencePanel, calls: Calls, markerIndices?: ArrayLike<number>): Map<string, number> | null {
  const indices = markerIndices ?? reference.panel.autosomalSnps;
  const used: number[] = [];
  for (let k = 0; k < indices.length; k++) if (calls[indices[k]] !== NO_CALL) used.push(indices[k]);
  if (used.length < ANCESTRY_PARAMETERS.minimumMarkers) return null;
  let active = reference.populations.map((_, k) => k);
  let q = active.map(() => 1 / active.length);
  q = iterate(reference, calls, used, active, q, ANCESTRY_PARAMETERS.screeningIterations, 0);
  const keep = active.filter((_, i) => q[i] >= ANCESTRY_PARAMETERS.screeningFloor);
  const kept = keep.map((k) => q[active.indexOf(k)]);
  const sum = kept.reduce((s, x) => s + x, 0);
  active = keep;
  q = iterate(reference, calls, used, active, kept.map((x) => x / sum), ANCESTRY_PARAMETERS.maxIterations, ANCESTRY_PARAMETERS.tolerance);
  const shares = new Map<string, number>();
  active.forEach((k, i) => shares.set(reference.populations[k].slug, q[i]));
  return shares;
}

function iterate(reference: ReferencePanel, calls: Calls, used: number[], active: number[], start: number[], iterations: number, tolerance: number): number[] {
  const K = active.length;
  const f = active.map((k) => reference.frequencies[k]);
  let q = Float64Array.from(start);
  const next = new Float64Array(K);
  for (let it = 0; it < iterations; it++) {
    next.fill(0);
    for (const j of used) {
      const g = calls[j];
      let p = 0;
      for (let k = 0; k < K; k++) p += q[k] * f[k][j];
      const a = g / p;
      const b = (2 - g) / (1 - p);
      for (let k = 0; k < K; k++) next[k] += q[k] * (a * f[k][j] + b * (1 - f[k][j]));
    }
    let change = 0;
    const norm = 2 * used.length;
    for (let k = 0; k < K; k++) {
      const value = next[k] / norm;
      change = Math.max(change, Math.abs(value - q[k]));
      next[k] = value;
    }
    q = Float64Array.from(next);
    if (tolerance > 0 && change < tolerance) break;
  }
  return Array.from(q);
}
