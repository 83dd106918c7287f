import { X_CHROMOSOME } from '../chromosomes.js';
import { NO_CALL, type Calls } from '../genotype.js';
import type { MarkerPanel } from '../panel.js';
import { SEGMENT_PARAMETERS } from './parameters.js';

export interface SharedSegment {
  chromosome: number;
  startBp: number;
  endBp: number;
  lengthCm: number;
  /** Part of the segment where the two dogs share both chromosome copies. */
  bothCopiesCm: number;
  markerCount: number;
}

export interface SharedDna {
  segments: SharedSegment[];
  totalSharedCm: number;
  longestSegmentCm: number;
  /** Share of the compared autosomal genome that is identical by descent (IBD2 counts in full, IBD1 by half). */
  sharedFraction: number;
  /** Kinship coefficient: chance that alleles drawn one from each dog are identical by descent. */
  kinship: number;
  comparedMarkers: number;
}

const clamp = (p: number, floor: number) => Math.min(1 - floor, Math.max(floor, p));

/**
 * What the search needs of a panel, worked out once: which markers are SNPs and, for each SNP,
 * the transition terms from the SNP before it on its chromosome (the usual step when neither dog
 * lacks a call). A step over a no-call works its terms out on the spot, by the same expressions.
 */
interface PanelTerms {
  snp: Uint8Array;
  /** Index of the SNP before this one on its chromosome, or -1. */
  previous: Int32Array;
  move: Float64Array;
  /** stay + move * prior[s], for s = 0, 1, 2. */
  keep0: Float64Array;
  keep1: Float64Array;
  keep2: Float64Array;
}

const panelTerms = new WeakMap<MarkerPanel, PanelTerms>();

function termsOf(panel: MarkerPanel): PanelTerms {
  let terms = panelTerms.get(panel);
  if (terms) return terms;
  const P = SEGMENT_PARAMETERS;
  const prior = P.ibdPrior;
  const count = panel.markers.length;
  const cm = panel.centimorgans;
  terms = {
    snp: Uint8Array.from(panel.markers, (m) => (m.kind === 'snp' ? 1 : 0)),
    previous: new Int32Array(count).fill(-1),
    move: new Float64Array(count),
    keep0: new Float64Array(count),
    keep1: new Float64Array(count),
    keep2: new Float64Array(count),
  };
  for (const range of panel.ranges) {
    let last = -1;
    for (let j = range.start; j < range.end; j++) {
      if (!terms.snp[j]) continue;
      if (last >= 0) {
        const stay = Math.exp(-P.ibdSwitchPerCm * (cm[j] - cm[last]));
        const move = 1 - stay;
        terms.previous[j] = last;
        terms.move[j] = move;
        terms.keep0[j] = stay + move * prior[0];
        terms.keep1[j] = stay + move * prior[1];
        terms.keep2[j] = stay + move * prior[2];
      }
      last = j;
    }
  }
  panelTerms.set(panel, terms);
  return terms;
}

// Work arrays reused from one comparison to the next (the search is synchronous): no allocation per pair.
// back[t] packs, two bits each, the state each of the three states at marker t came from: the
// backtrace then shifts instead of waiting on a load that depends on the state before.
let usedAll = new Uint32Array(0);
let back = new Uint8Array(0);
let states = new Uint8Array(0);

/**
 * Shared IBD segments of two dogs on the markers they both have, by a three-state hidden Markov
 * model (sharing none, one or both chromosome copies) along the genetic map. Judging genotypes
 * against each dog's own breed background keeps same-breed dogs from looking related.
 *
 * Written for speed (the relatives search compares each released dog with thousands of candidates): the emission
 * probabilities are spelled out per genotype rather than looped over, transition terms come from
 * the panel's table, and the work arrays are reused. Every number is computed by the same floating
 * point operations in the same order as the plain formulation (test/unit/breeders/shared-segments-pinned.test.ts
 * pins the results): P(gA, gB | IBD1) sums, over the allele the dogs share (s = 0, then 1), the
 * chance of s from the pair's mean frequency times each dog's other allele from its own background;
 * P(gA, gB | IBD2) is the Hardy-Weinberg chance of the one genotype at the mean frequency.
 */
export function sharedDna(panel: MarkerPanel, callsA: Calls, callsB: Calls, backgroundA: Float32Array, backgroundB: Float32Array): SharedDna {
  const P = SEGMENT_PARAMETERS;
  const prior = P.ibdPrior;
  const p0 = prior[0];
  const p1 = prior[1];
  const p2 = prior[2];
  const e = P.genotypeError;
  const notError = 1 - e;
  const floor = P.frequencyFloor;
  const segments: SharedSegment[] = [];
  let coveredCm = 0;
  let weightedShared = 0;
  let compared = 0;
  const cm = panel.centimorgans;
  const terms = termsOf(panel);
  const { snp, previous, move: moves, keep0: keeps0, keep1: keeps1, keep2: keeps2 } = terms;
  const count = panel.markers.length;
  if (usedAll.length < count) {
    usedAll = new Uint32Array(count);
    back = new Uint8Array(count);
    states = new Uint8Array(count);
  }
  for (const range of panel.ranges) {
    if (range.chromosome >= X_CHROMOSOME) continue;
    let n = 0;
    for (let j = range.start; j < range.end; j++) {
      if (snp[j] && callsA[j] !== NO_CALL && callsB[j] !== NO_CALL) usedAll[n++] = j;
    }
    if (n < 2) continue;
    const used = usedAll;
    compared += n;
    coveredCm += cm[used[n - 1]] - cm[used[0]];
    // Viterbi in probabilities rescaled at every marker (no logarithms in the loop)
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    for (let t = 0; t < n; t++) {
      const j = used[t];
      const gA = callsA[j];
      const gB = callsB[j];
      const pA = clamp(backgroundA[j], floor);
      const pB = clamp(backgroundB[j], floor);
      const ps = (pA + pB) / 2;
      // none: each dog's genotype from its own background; IBD1: the shared allele is 0 (term added
      // first) or 1, each dog's other allele from its own background; IBD2: one genotype at the mean frequency
      let none: number;
      let ibd1 = 0;
      let ibd2 = 0;
      switch (gA * 3 + gB) {
        case 0:
          none = (1 - pA) * (1 - pA) * ((1 - pB) * (1 - pB));
          ibd1 += (1 - ps) * (1 - pA) * (1 - pB);
          ibd2 = (1 - ps) * (1 - ps);
          break;
        case 1:
          none = (1 - pA) * (1 - pA) * (2 * pB * (1 - pB));
          ibd1 += (1 - ps) * (1 - pA) * pB;
          break;
        case 2:
          none = (1 - pA) * (1 - pA) * (pB * pB);
          break;
        case 3:
          none = 2 * pA * (1 - pA) * ((1 - pB) * (1 - pB));
          ibd1 += (1 - ps) * pA * (1 - pB);
          break;
        case 4:
          none = 2 * pA * (1 - pA) * (2 * pB * (1 - pB));
          ibd1 += (1 - ps) * pA * pB;
          ibd1 += ps * (1 - pA) * (1 - pB);
          ibd2 = 2 * ps * (1 - ps);
          break;
        case 5:
          none = 2 * pA * (1 - pA) * (pB * pB);
          ibd1 += ps * (1 - pA) * pB;
          break;
        case 6:
          none = pA * pA * ((1 - pB) * (1 - pB));
          break;
        case 7:
          none = pA * pA * (2 * pB * (1 - pB));
          ibd1 += ps * pA * (1 - pB);
          break;
        default:
          none = pA * pA * (pB * pB);
          ibd1 += ps * pA * pB;
          ibd2 = ps * ps;
      }
      const e0 = none;
      const e1 = notError * ibd1 + e * none;
      const e2 = notError * ibd2 + e * none;
      if (t === 0) {
        s0 = e0 * p0;
        s1 = e1 * p1;
        s2 = e2 * p2;
      } else {
        const before = used[t - 1];
        let move: number;
        let keep0: number;
        let keep1: number;
        let keep2: number;
        if (previous[j] === before) {
          move = moves[j];
          keep0 = keeps0[j];
          keep1 = keeps1[j];
          keep2 = keeps2[j];
        } else {
          const stay = Math.exp(-P.ibdSwitchPerCm * (cm[j] - cm[before]));
          move = 1 - stay;
          keep0 = stay + move * p0;
          keep1 = stay + move * p1;
          keep2 = stay + move * p2;
        }
        const s0m = s0 * move;
        const s1m = s1 * move;
        const s2m = s2 * move;
        // to state s: from itself (stay + move * prior[s]) or from another (move * prior[s]); the
        // best of the three ways in, the lowest state on a tie, each product worked out once; spelled
        // out per state because a helper returning the choice measured 8-10% slower a pair
        const from00 = s0 * keep0;
        const from10 = s1m * p0;
        const from20 = s2m * p0;
        const from01 = s0m * p1;
        const from11 = s1 * keep1;
        const from21 = s2m * p1;
        const from02 = s0m * p2;
        const from12 = s1m * p2;
        const from22 = s2 * keep2;
        let to0 = 0;
        let n0 = from00;
        if (from20 > from10 && from20 > from00) {
          to0 = 2;
          n0 = from20;
        } else if (from10 > from00) {
          to0 = 1;
          n0 = from10;
        }
        let to1 = 0;
        let n1 = from01;
        if (from21 > from11 && from21 > from01) {
          to1 = 2;
          n1 = from21;
        } else if (from11 > from01) {
          to1 = 1;
          n1 = from11;
        }
        let to2 = 0;
        let n2 = from02;
        if (from22 > from12 && from22 > from02) {
          to2 = 2;
          n2 = from22;
        } else if (from12 > from02) {
          to2 = 1;
          n2 = from12;
        }
        back[t] = to0 | (to1 << 2) | (to2 << 4);
        s0 = n0 * e0;
        s1 = n1 * e1;
        s2 = n2 * e2;
        const best = s0 > s1 ? (s0 > s2 ? s0 : s2) : s1 > s2 ? s1 : s2;
        if (best > 0) {
          s0 /= best;
          s1 /= best;
          s2 /= best;
        }
      }
    }
    // the last state: the best score, the lowest state on a tie
    states[n - 1] = s0 >= s1 && s0 >= s2 ? 0 : s1 >= s2 ? 1 : 2;
    for (let t = n - 1; t > 0; t--) states[t - 1] = (back[t] >> (states[t] << 1)) & 3;
    let t = 0;
    while (t < n) {
      if (states[t] === 0) {
        t++;
        continue;
      }
      let u = t;
      let both = 0;
      while (u + 1 < n && states[u + 1] !== 0) {
        if (states[u + 1] === 2 && states[u] === 2) both += cm[used[u + 1]] - cm[used[u]];
        u++;
      }
      const lengthCm = cm[used[u]] - cm[used[t]];
      if (lengthCm >= P.minSharedSegmentCm && u - t + 1 >= P.minSharedSegmentMarkers) {
        segments.push({
          chromosome: range.chromosome,
          startBp: panel.positions[used[t]],
          endBp: panel.positions[used[u]],
          lengthCm,
          bothCopiesCm: both,
          markerCount: u - t + 1,
        });
        weightedShared += (lengthCm - both) / 2 + both;
      }
      t = u + 1;
    }
  }
  const sharedFraction = coveredCm > 0 ? weightedShared / coveredCm : 0;
  return {
    segments,
    totalSharedCm: segments.reduce((s, x) => s + x.lengthCm, 0),
    longestSegmentCm: segments.reduce((m, x) => Math.max(m, x.lengthCm), 0),
    sharedFraction,
    kinship: sharedFraction / 2,
    comparedMarkers: compared,
  };
}
