import type { ReferencePanel } from '../compute/reference-panel.js';

/**
 * Cheap stand-ins for a very large tested population (benchmarks of relative matching): each
 * allele is drawn, by a hash of dog and marker, from one of two reference breeds, so any dog's
 * genotype can be regenerated without storing it. No linkage: they are nobody's relatives.
 */
export function syntheticBreeds(reference: ReferencePanel, id: number): [number, number] {
  const k = reference.populations.length;
  return [id % k, id % 3 === 0 ? id % k : (id * 7919) % k];
}

export function syntheticCalls(reference: ReferencePanel, id: number, markers: ArrayLike<number>, out: Uint8Array): Uint8Array {
  const [a, b] = syntheticBreeds(reference, id);
  const fa = reference.frequencies[a];
  const fb = reference.frequencies[b];
  for (let i = 0; i < markers.length; i++) {
    const j = markers[i];
    out[j] = (uniform(id, j, 1) < fa[j] ? 1 : 0) + (uniform(id, j, 2) < fb[j] ? 1 : 0);
  }
  return out;
}

export function syntheticShares(reference: ReferencePanel, id: number): Map<string, number> {
  const [a, b] = syntheticBreeds(reference, id);
  const shares = new Map([[reference.populations[a].slug, 0.5]]);
  shares.set(reference.populations[b].slug, (shares.get(reference.populations[b].slug) ?? 0) + 0.5);
  return shares;
}

function uniform(id: number, marker: number, salt: number): number {
  let h = Math.imul(id ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(marker + salt * 0x27d4eb2f, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}
