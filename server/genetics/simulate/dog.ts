import { NO_CALL, type Calls } from '../genotype.js';
import type { Random } from '../prng.js';
import type { Haplotypes } from './meiosis.js';

export type Sex = 'm' | 'f';

export interface SimulatedDog extends Haplotypes {
  id: number;
  sex: Sex;
  sireId: number | null;
  damId: number | null;
  litterId: number | null;
  /** True (pedigree-expected) share of each reference population, by slug; sums to 1. */
  ancestry: Readonly<Record<string, number>>;
  /** Maternal (mitochondrial) haplotype, a leaf of MATERNAL_TREE, inherited from the dam unchanged. */
  mtHaplotype: string;
  /** Paternal (Y) haplotype of males, a leaf of PATERNAL_TREE, inherited from the sire unchanged; null for females. */
  yHaplotype: string | null;
}

/** The dog's genotype calls: alt-allele copies per marker, optionally with some markers not called. */
export function callsOf(dog: Haplotypes, options: { noCallRate?: number; random?: Random } = {}): Calls {
  const n = dog.maternal.length;
  const calls = new Uint8Array(n);
  for (let i = 0; i < n; i++) calls[i] = dog.maternal[i] + dog.paternal[i];
  const rate = options.noCallRate ?? 0;
  if (rate > 0 && options.random) {
    for (let i = 0; i < n; i++) if (options.random.next() < rate) calls[i] = NO_CALL;
  }
  return calls;
}

export function averageAncestry(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [slug, share] of Object.entries(a)) out[slug] = (out[slug] ?? 0) + share / 2;
  for (const [slug, share] of Object.entries(b)) out[slug] = (out[slug] ?? 0) + share / 2;
  return out;
}
