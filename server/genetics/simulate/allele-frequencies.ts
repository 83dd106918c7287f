import type { MarkerPanel } from '../panel.js';
import type { Random } from '../prng.js';

/** Balding–Nichols: a population's allele frequency drawn around its parent population's with drift F. */
export function driftedFrequency(random: Random, parent: number, fst: number): number {
  const a = (parent * (1 - fst)) / fst;
  const b = ((1 - parent) * (1 - fst)) / fst;
  return Math.min(0.999, Math.max(0.001, random.beta(a, b)));
}

export function driftedFrequencies(random: Random, parent: Float32Array, fst: number, snps: Uint32Array): Float32Array {
  const out = new Float32Array(parent.length);
  for (const j of snps) out[j] = driftedFrequency(random, parent[j], fst);
  return out;
}

/** Ancestral frequencies of the SNPs: arrays are built from markers common across dogs. */
export function ancestralFrequencies(random: Random, panel: MarkerPanel): Float32Array {
  const out = new Float32Array(panel.markers.length);
  panel.markers.forEach((m, j) => {
    if (m.kind === 'snp') out[j] = 0.05 + 0.9 * random.next();
  });
  return out;
}

export function snpIndices(panel: MarkerPanel): Uint32Array {
  const out: number[] = [];
  panel.markers.forEach((m, j) => {
    if (m.kind === 'snp') out.push(j);
  });
  return Uint32Array.from(out);
}

/** Mixes wolf frequencies into a breed's, for breeds that kept more ancient wolf-like DNA. */
export function withWolfShare(breed: Float32Array, wolf: Float32Array, share: number, snps: Uint32Array): void {
  for (const j of snps) breed[j] = (1 - share) * breed[j] + share * wolf[j];
}
