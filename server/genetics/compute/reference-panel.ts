import { NO_CALL, type Calls } from '../genotype.js';
import type { MarkerPanel } from '../panel.js';

/** Allele frequencies of the lab's reference populations (breeds and wolves) at every panel marker. */
export interface ReferencePanel {
  panel: MarkerPanel;
  populations: readonly { slug: string; name: string }[];
  /** frequencies[k][j]: alt-allele frequency of population k at marker j. */
  frequencies: readonly Float32Array[];
}

export interface ReferenceGroup {
  slug: string;
  name: string;
  calls: readonly Calls[];
}

const PRIOR_COUNT = 0.5;

/** Counts alleles in reference dogs of known breed, with a small prior so no frequency is exactly 0 or 1. */
export function buildReferencePanel(panel: MarkerPanel, groups: readonly ReferenceGroup[]): ReferencePanel {
  const n = panel.markers.length;
  const frequencies = groups.map((group) => {
    const alt = new Float64Array(n);
    const total = new Float64Array(n);
    for (const calls of group.calls) {
      for (let j = 0; j < n; j++) {
        const g = calls[j];
        if (g === NO_CALL) continue;
        alt[j] += g;
        total[j] += 2;
      }
    }
    const f = new Float32Array(n);
    for (let j = 0; j < n; j++) f[j] = (alt[j] + PRIOR_COUNT) / (total[j] + 2 * PRIOR_COUNT);
    return f;
  });
  return { panel, populations: groups.map(({ slug, name }) => ({ slug, name })), frequencies };
}

export function populationIndex(reference: ReferencePanel, slug: string): number {
  return reference.populations.findIndex((p) => p.slug === slug);
}

/**
 * A dog's expected alt-allele frequency per marker given its ancestry shares: the background its
 * genotypes are judged against. Written into `out` when given (overwritten; one array reused for
 * many dogs), else into a new array.
 */
export function individualFrequencies(reference: ReferencePanel, shares: ReadonlyMap<string, number>, out = new Float32Array(reference.panel.markers.length)): Float32Array {
  out.fill(0);
  reference.populations.forEach((p, k) => {
    const q = shares.get(p.slug) ?? 0;
    if (q <= 0) return;
    const f = reference.frequencies[k];
    for (let j = 0; j < out.length; j++) out[j] += q * f[j];
  });
  return out;
}
