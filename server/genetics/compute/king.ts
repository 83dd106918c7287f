import { NO_CALL, type Calls } from '../genotype.js';
import type { MarkerPanel } from '../panel.js';
import { ARRAY_RELATIVE_PARAMETERS } from './parameters.js';
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

/**
 * Share of the autosomes two dogs share identical by descent on at least one copy, read from long
 * stretches without opposite homozygotes (IBS0: AA against BB, impossible where they share a copy).
 * Unrelated dogs meet an IBS0 marker every few dozen markers, so their stretches are short; a
 * parent and offspring share a copy everywhere (1), full siblings on 3/4, half siblings, grandparents,
 * aunts and uncles on 1/2. It does not depend on the dogs' heterozygosity, so inbreeding does not
 * lower it as it lowers KING-robust kinship (pups of a full-sibling mating read 0.13-0.18 there but
 * 0.8-0.87 here). A lone IBS0 marker is a genotyping error: a stretch ends at two within a few markers.
 * The markers given are in position order (a panel's autosomalSnps).
 */
export function ibdOneShare(panel: Pick<MarkerPanel, 'chromosomes' | 'positions'>, callsA: Calls, callsB: Calls, indices: ArrayLike<number>): number {
  const { minStretchBp, errorWindowMarkers } = ARRAY_RELATIVE_PARAMETERS;
  let shared = 0;
  let covered = 0;
  let chromosome = -1;
  let first = 0;
  let last = 0;
  let stretchStart = 0;
  // positions of the IBS0 markers not yet known to be errors, and how many compared markers since the last one
  let pendingPosition = -1;
  let sincePending = 0;
  const close = (end: number) => {
    if (end - stretchStart >= minStretchBp) shared += end - stretchStart;
  };
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k];
    const a = callsA[i];
    const b = callsB[i];
    if (a === NO_CALL || b === NO_CALL) continue;
    const position = panel.positions[i];
    if (panel.chromosomes[i] !== chromosome) {
      if (chromosome !== -1) {
        close(last);
        covered += last - first;
      }
      chromosome = panel.chromosomes[i];
      first = last = stretchStart = position;
      pendingPosition = -1;
    }
    last = position;
    if (pendingPosition >= 0 && ++sincePending > errorWindowMarkers) pendingPosition = -1;
    if (a === 1 || b === 1 || a === b) continue;
    if (pendingPosition >= 0) {
      // a second IBS0 close to the first: no copy shared here
      close(pendingPosition);
      stretchStart = position;
      pendingPosition = -1;
    } else {
      pendingPosition = position;
      sincePending = 0;
    }
  }
  if (chromosome !== -1) {
    close(last);
    covered += last - first;
  }
  return covered > 0 ? shared / covered : 0;
}

/**
 * The category of two array dogs: KING-robust's, raised to immediate family where the stretches
 * sharing a copy cover at least 3/4 of the genome, as full siblings' do (parents and offspring 1),
 * and KING-robust reads at least extended family: inbreeding lowers KING-robust kinship (pups of a
 * full-sibling mating read 0.05-0.28) but not the share of one copy (0.72-0.95). The KING gate keeps
 * strangers out: in an inbred breed two unrelated dogs can be homozygous for the same haplotypes
 * over long stretches (no IBS0 there), but KING-robust reads them near 0. Same dog stays with
 * KING-robust alone (inbreeding takes relatives down, never up). Measured on 15 families simulated
 * from the real exports (test/support/array-family.ts, seeds 17-31): half siblings share 0.49-0.64
 * and stay close family; 89 of 90 pairs of a full-sibling mating's pups come out immediate family
 * (the other shares 0.72 and reads extended family); a grandparent of such a pup, related to it
 * through both parents, shares 0.69-0.89 and may read as immediate family, as close as a parent.
 */
export function arrayKinshipCategory(kinship: number, ibdShare: () => number): { key: RelatednessKey | null; kinship: number } {
  const byKing = kinshipCategory(kinship);
  // the share is measured only for the pairs it may raise (most pairs are strangers)
  if (byKing === 'sameDog' || byKing === 'immediateFamily' || byKing === null) return { key: byKing, kinship };
  const share = ibdShare();
  if (share < ARRAY_RELATIVE_PARAMETERS.immediateAtLeast) return { key: byKing, kinship };
  // sharing one copy on a share s of the genome is a kinship of at least s/4
  return { key: 'immediateFamily', kinship: Math.max(kinship, share / 4) };
}
