/** Bases on the other strand; the insertion/deletion codes I and D have none. */
export const COMPLEMENT: Readonly<Record<string, string>> = { A: 'T', T: 'A', C: 'G', G: 'C' };

/** 'N' stands for an allele not seen yet (a marker every dog so far was homozygous at). */
export const UNKNOWN_ALLELE = 'N';

/** How a second panel's calls at a shared position read in the first panel's terms. */
export type Alignment = 'same' | 'swapped';

// The distinct known alleles of the markers being aligned, at most two: kept in two variables,
// not a Set, since a 230k-marker panel is aligned marker by marker.
let first = '';
let second = '';

function collect(allele: string): boolean {
  if (allele === UNKNOWN_ALLELE || allele === first || allele === second) return true;
  if (first === '') first = allele;
  else if (second === '') second = allele;
  else return false;
  return true;
}

/** True when these alleles are at most two different letters (unknowns aside); they are then in first and second. */
function atMostTwo(a1: string, a2: string, b1: string, b2: string): boolean {
  first = '';
  second = '';
  return collect(a1) && collect(a2) && collect(b1) && collect(b2);
}

/** An A/T or C/G marker reads the same on both strands, so its strand cannot be told from its alleles. */
const strandAmbiguous = (): boolean => second !== '' && COMPLEMENT[first] === second;

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
  if (atMostTwo(refA, altA, refB, altB)) {
    if (strandAmbiguous()) return null;
    return refB === refA ? 'same' : 'swapped';
  }
  const flippedRef = COMPLEMENT[refB];
  const flippedAlt = altB === UNKNOWN_ALLELE ? UNKNOWN_ALLELE : COMPLEMENT[altB];
  if (!flippedRef || !flippedAlt) return null;
  if (!atMostTwo(refA, altA, flippedRef, flippedAlt) || strandAmbiguous()) return null;
  return flippedRef === refA ? 'same' : 'swapped';
}
