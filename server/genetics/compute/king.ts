import { NO_CALL, type Calls } from '../genotype.js';
import type { RelatednessKey } from './relatedness.js';

/**
 * KING-robust kinship (Manichaikul et al. 2010) of two dogs typed on the same markers: shared
 * heterozygotes against opposite homozygotes, scaled by the dogs' own heterozygosity. It needs no
 * allele frequencies and is not inflated by a shared breed background, so it serves real array
 * exports the reference breeds do not cover. Parents, offspring and full siblings come out near
 * 1/4, half siblings near 1/8, first cousins near 1/16; unrelated dogs near 0 or below.
 */
export function kingKinship(callsA: Calls, callsB: Calls, indexA?: ArrayLike<number>, indexB?: ArrayLike<number>): { kinship: number; markers: number } {
  const n = indexA ? indexA.length : Math.min(callsA.length, callsB.length);
  let bothHet = 0;
  let opposite = 0;
  let hetA = 0;
  let hetB = 0;
  let markers = 0;
  for (let k = 0; k < n; k++) {
    const a = callsA[indexA ? indexA[k] : k];
    const b = callsB[indexB ? indexB[k] : k];
    if (a === NO_CALL || b === NO_CALL) continue;
    markers++;
    if (a === 1) hetA++;
    if (b === 1) hetB++;
    if (a === 1 && b === 1) bothHet++;
    else if (a !== 1 && b !== 1 && a !== b) opposite++;
  }
  const denominator = hetA + hetB;
  return { kinship: denominator ? (bothHet - 2 * opposite) / denominator : 0, markers };
}

/**
 * The usual KING cut-offs between degrees of relationship (powers of 2^-1.5 of 1/2), from the same
 * dog (a duplicate sample or identical twin, kinship 1/2) to the third degree only. A dog's own
 * genotyping errors take it a little below 1/2 (0.49 at 1% errors); inbreeding takes relatives'
 * KING-robust kinship down, never up (on simulated 230k arrays, a parent of a full-sibling mating's
 * pup 0.31 at most, full siblings 0.28), so nothing but the same dog reaches 0.354. To the third
 * degree only: KING-robust is reliable to about the third degree, and below that a shared breed
 * background alone reads as kinship (two real unrelated dogs with some Poodle in both come out at
 * 0.027, above the fourth-degree cut-off of 0.0221). Distant relatives need shared segments.
 */
export const KING_CATEGORY_CUTOFFS: readonly { key: RelatednessKey; minKinship: number }[] = [
  { key: 'sameDog', minKinship: 0.354 },
  { key: 'immediateFamily', minKinship: 0.177 },
  { key: 'closeFamily', minKinship: 0.0884 },
  { key: 'extendedFamily', minKinship: 0.0442 },
];

/** Fewer shared called markers than this and kinship is not estimated. */
export const KING_MIN_MARKERS = 1000;

export function kinshipCategory(kinship: number): RelatednessKey | null {
  return KING_CATEGORY_CUTOFFS.find((cutoff) => kinship >= cutoff.minKinship)?.key ?? null;
}
