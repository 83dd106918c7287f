/** Bases on the other strand; the insertion/deletion codes I and D have none. */
export const COMPLEMENT: Readonly<Record<string, string>> = { A: 'T', T: 'A', C: 'G', G: 'C' };

/** 'N' stands for an allele not seen yet (a marker every dog so far was homozygous at). */
export const UNKNOWN_ALLELE = 'N';

/** How a second panel's calls at a shared position read in the first panel's terms. */
export type Alignment = 'same' | 'swapped';

const known = (ref: string, alt: string): string[] => [ref, alt].filter((allele) => allele !== UNKNOWN_ALLELE);

function union(a: readonly string[], b: readonly string[]): Set<string> {
  return new Set([...a, ...b]);
}

/** An A/T or C/G marker reads the same on both strands, so its strand cannot be told from its alleles. */
function strandAmbiguous(alleles: ReadonlySet<string>): boolean {
  if (alleles.size !== 2) return false;
  const [x, y] = [...alleles];
  return COMPLEMENT[x] === y;
}

/**
 * Matches the alleles of one position on two panels by base, never by list position. 'same': a
 * call of panel B counts the same allele as panel A's; 'swapped': it counts the other one (read
 * 2 - g). Panel B's alleles are complemented when only the other strand fits (arrays report either
 * strand). null when they cannot be aligned: more than two alleles on either strand, an A/T or C/G
 * marker (its strand cannot be told, so it is left out), or nothing known of either side. An
 * unknown alt ('N') fits whatever the other panel shows.
 */
export function alignAlleles(refA: string, altA: string, refB: string, altB: string): Alignment | null {
  if (refA === UNKNOWN_ALLELE || refB === UNKNOWN_ALLELE) return null;
  const a = known(refA, altA);
  const direct = union(a, known(refB, altB));
  if (direct.size <= 2) {
    if (strandAmbiguous(direct)) return null;
    return refB === refA ? 'same' : 'swapped';
  }
  const flippedRef = COMPLEMENT[refB];
  const flippedAlt = altB === UNKNOWN_ALLELE ? UNKNOWN_ALLELE : COMPLEMENT[altB];
  if (!flippedRef || !flippedAlt) return null;
  const flipped = union(a, known(flippedRef, flippedAlt));
  if (flipped.size > 2 || strandAmbiguous(flipped)) return null;
  return flippedRef === refA ? 'same' : 'swapped';
}
