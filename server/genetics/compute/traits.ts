import type { TraitLocus } from '../catalogue/types.js';
import { markedAlleles } from '../catalogue/traits.js';
import { NO_CALL, type Calls } from '../genotype.js';
import type { MarkerPanel } from '../panel.js';

/** Two allele symbols, most dominant first, e.g. ["Em", "e"]; null when not called or not on the panel. */
export type LocusGenotype = readonly [string, string];

export interface TraitCall {
  locusId: string;
  name: string;
  category: string;
  genotype: LocusGenotype | null;
  /** As the lab writes it: "EmE", "kyky", "atat"; or "no call" / "not tested on this sample". */
  notation: string;
}

/**
 * The two alleles at a locus from its variant markers: each marked allele contributes its copies,
 * the default allele fills the rest (the variants sit on different haplotypes).
 */
export function locusGenotype(panel: MarkerPanel, calls: Calls, locus: TraitLocus): LocusGenotype | 'noCall' | 'notTested' {
  const alleles: string[] = [];
  for (const allele of markedAlleles(locus)) {
    const index = panel.indexById.get(`${locus.id}_${allele}`);
    if (index === undefined) return 'notTested';
    const g = calls[index];
    if (g === NO_CALL) return 'noCall';
    for (let c = 0; c < g; c++) alleles.push(allele);
  }
  while (alleles.length < 2) alleles.push(locus.defaultAllele);
  return orderByDominance(locus, alleles.slice(0, 2) as [string, string]);
}

export function orderByDominance(locus: TraitLocus, pair: readonly [string, string]): LocusGenotype {
  const rank = (s: string) => locus.alleles.findIndex((a) => a.symbol === s);
  return rank(pair[0]) <= rank(pair[1]) ? [pair[0], pair[1]] : [pair[1], pair[0]];
}

export function traitCall(panel: MarkerPanel, calls: Calls, locus: TraitLocus): TraitCall {
  const genotype = locusGenotype(panel, calls, locus);
  const base = { locusId: locus.id, name: locus.name, category: locus.category };
  if (genotype === 'notTested') return { ...base, genotype: null, notation: 'not tested on this sample' };
  if (genotype === 'noCall') return { ...base, genotype: null, notation: 'no call' };
  return { ...base, genotype, notation: genotype.join('') };
}

export function traitCalls(panel: MarkerPanel, calls: Calls, loci: readonly TraitLocus[]): TraitCall[] {
  return loci.map((l) => traitCall(panel, calls, l));
}

/** Copies of one allele in a genotype. */
export const copiesOf = (genotype: LocusGenotype, allele: string): number => genotype.filter((a) => a === allele).length;
