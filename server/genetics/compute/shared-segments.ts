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

/**
 * Shared IBD segments of two dogs on the markers they both have, by a three-state hidden Markov
 * model (sharing none, one or both chromosome copies) along the genetic map. Judging genotypes
 * against each dog's own breed background keeps same-breed dogs from looking related.
 */
export function sharedDna(panel: MarkerPanel, callsA: Calls, callsB: Calls, backgroundA: Float32Array, backgroundB: Float32Array): SharedDna {
  const P = SEGMENT_PARAMETERS;
  const logPrior = P.ibdPrior.map(Math.log);
  const segments: SharedSegment[] = [];
  let coveredCm = 0;
  let weightedShared = 0;
  let compared = 0;
  const cm = panel.centimorgans;
  for (const range of panel.ranges) {
    if (range.chromosome >= X_CHROMOSOME) continue;
    const used: number[] = [];
    for (let j = range.start; j < range.end; j++) {
      if (panel.markers[j].kind === 'snp' && callsA[j] !== NO_CALL && callsB[j] !== NO_CALL) used.push(j);
    }
    if (used.length < 2) continue;
    compared += used.length;
    coveredCm += cm[used[used.length - 1]] - cm[used[0]];
    const n = used.length;
    const back = new Uint8Array(n * 3);
    let score = [0, 0, 0];
    for (let t = 0; t < n; t++) {
      const j = used[t];
      const gA = callsA[j];
      const gB = callsB[j];
      const pA = clamp(backgroundA[j], P.frequencyFloor);
      const pB = clamp(backgroundB[j], P.frequencyFloor);
      const none = hwe(gA, pA) * hwe(gB, pB);
      const e = P.genotypeError;
      const emission = [
        none,
        (1 - e) * ibd1(gA, gB, pA, pB) + e * none,
        (1 - e) * (gA === gB ? hwe(gA, (pA + pB) / 2) : 0) + e * none,
      ].map(Math.log);
      if (t === 0) {
        score = emission.map((x, s) => x + logPrior[s]);
        continue;
      }
      const stay = Math.exp(-P.ibdSwitchPerCm * (cm[j] - cm[used[t - 1]]));
      const next = [0, 0, 0];
      for (let s = 0; s < 3; s++) {
        let best = -Infinity;
        let from = 0;
        for (let r = 0; r < 3; r++) {
          const v = score[r] + Math.log((r === s ? stay : 0) + (1 - stay) * P.ibdPrior[s]);
          if (v > best) {
            best = v;
            from = r;
          }
        }
        next[s] = best + emission[s];
        back[t * 3 + s] = from;
      }
      score = next;
    }
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
