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

function hwe(g: number, p: number): number {
  return g === 0 ? (1 - p) * (1 - p) : g === 1 ? 2 * p * (1 - p) : p * p;
}

/** P(gA, gB | the dogs share one allele by descent), with each dog's other allele drawn from its own background. */
function ibd1(gA: number, gB: number, pA: number, pB: number): number {
  const ps = (pA + pB) / 2;
  let total = 0;
  for (let s = 0; s <= 1; s++) {
    const xA = gA - s;
    const xB = gB - s;
    if (xA < 0 || xA > 1 || xB < 0 || xB > 1) continue;
    total += (s ? ps : 1 - ps) * (xA ? pA : 1 - pA) * (xB ? pB : 1 - pB);
  }
  return total;
}

const masks = new WeakMap<MarkerPanel, Uint8Array>();

function snpMask(panel: MarkerPanel): Uint8Array {
  let mask = masks.get(panel);
  if (!mask) {
    mask = Uint8Array.from(panel.markers, (m) => (m.kind === 'snp' ? 1 : 0));
    masks.set(panel, mask);
  }
  return mask;
}

/** Best of the three ways into a state (ties go to the lowest state, as before); records where it came from. */
function pickBest(from0: number, from1: number, from2: number, back: Uint8Array, at: number): number {
  let best = from0;
  let from = 0;
  if (from1 > best) {
    best = from1;
    from = 1;
  }
  if (from2 > best) {
    best = from2;
    from = 2;
  }
  back[at] = from;
  return best;
}

/**
 * Shared IBD segments of two dogs on the markers they both have, by a three-state hidden Markov
 * model (sharing none, one or both chromosome copies) along the genetic map. Judging genotypes
 * against each dog's own breed background keeps same-breed dogs from looking related.
 */
export function sharedDna(panel: MarkerPanel, callsA: Calls, callsB: Calls, backgroundA: Float32Array, backgroundB: Float32Array): SharedDna {
  const P = SEGMENT_PARAMETERS;
  const prior = P.ibdPrior;
  const e = P.genotypeError;
  const segments: SharedSegment[] = [];
  let coveredCm = 0;
  let weightedShared = 0;
  let compared = 0;
  const cm = panel.centimorgans;
  const snp = snpMask(panel);
  const usedAll = new Uint32Array(panel.markers.length);
  const back = new Uint8Array(panel.markers.length * 3);
  for (const range of panel.ranges) {
    if (range.chromosome >= X_CHROMOSOME) continue;
    let n = 0;
    for (let j = range.start; j < range.end; j++) {
      if (snp[j] && callsA[j] !== NO_CALL && callsB[j] !== NO_CALL) usedAll[n++] = j;
    }
    if (n < 2) continue;
    const used = usedAll.subarray(0, n);
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
      const pA = clamp(backgroundA[j], P.frequencyFloor);
      const pB = clamp(backgroundB[j], P.frequencyFloor);
      const none = hwe(gA, pA) * hwe(gB, pB);
      const e0 = none;
      const e1 = (1 - e) * ibd1(gA, gB, pA, pB) + e * none;
      const e2 = (1 - e) * (gA === gB ? hwe(gA, (pA + pB) / 2) : 0) + e * none;
      if (t === 0) {
        s0 = e0 * prior[0];
        s1 = e1 * prior[1];
        s2 = e2 * prior[2];
      } else {
        const stay = Math.exp(-P.ibdSwitchPerCm * (cm[j] - cm[used[t - 1]]));
        const move = 1 - stay;
        const base = t * 3;
        // to state s: from itself (stay + move * prior[s]) or from another (move * prior[s])
        const n0 = pickBest(s0 * (stay + move * prior[0]), s1 * move * prior[0], s2 * move * prior[0], back, base);
        const n1 = pickBest(s0 * move * prior[1], s1 * (stay + move * prior[1]), s2 * move * prior[1], back, base + 1);
        const n2 = pickBest(s0 * move * prior[2], s1 * move * prior[2], s2 * (stay + move * prior[2]), back, base + 2);
        s0 = n0 * e0;
        s1 = n1 * e1;
        s2 = n2 * e2;
        const best = Math.max(s0, s1, s2);
        if (best > 0) {
          s0 /= best;
          s1 /= best;
          s2 /= best;
        }
      }
    }
    const score = [s0, s1, s2];
    const states = new Uint8Array(n);
    states[n - 1] = score.indexOf(Math.max(...score));
    for (let t = n - 1; t > 0; t--) states[t - 1] = back[t * 3 + states[t]];
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
