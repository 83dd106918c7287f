import type { ReferencePanel } from './reference-panel.js';
import { ANCESTRY_PARAMETERS } from './parameters.js';

/** Reference frequencies laid out for fast scoring, over the markers ancestry uses. */
export interface AncestryIndex {
  /** Panel index of each marker used. */
  markers: Uint32Array;
  populationCount: number;
  /** frequencies[k * M + m] for population k at used marker m. */
  frequencies: Float32Array;
  /** log(f / (1 - f)) and log(1 - f), same layout: a genotype g scores g * logit + 2 * logOther. */
  logit: Float32Array;
  logOther: Float32Array;
  /** windowBase[k * W + w]: sum of 2 * logOther over window w, the score of a window of no alt alleles. */
  windowBase: Float64Array;
  windowCount: number;
}

const cache = new WeakMap<ReferencePanel, AncestryIndex>();

export function ancestryIndex(reference: ReferencePanel, markerIndices?: ArrayLike<number>): AncestryIndex {
  if (!markerIndices) {
    const cached = cache.get(reference);
    if (cached) return cached;
  }
  const markers = markerIndices ? Uint32Array.from(markerIndices) : mostInformative(reference, ANCESTRY_PARAMETERS.maxMarkers);
  const K = reference.populations.length;
  const M = markers.length;
  const frequencies = new Float32Array(K * M);
  const logit = new Float32Array(K * M);
  const logOther = new Float32Array(K * M);
  for (let k = 0; k < K; k++) {
    const source = reference.frequencies[k];
    for (let m = 0; m < M; m++) {
      const p = Math.min(0.999, Math.max(0.001, source[markers[m]]));
      frequencies[k * M + m] = p;
      logit[k * M + m] = Math.log(p / (1 - p));
      logOther[k * M + m] = Math.log(1 - p);
    }
  }
  const size = ANCESTRY_PARAMETERS.windowMarkers;
  const windowCount = Math.ceil(M / size);
  const windowBase = new Float64Array(K * windowCount);
  for (let k = 0; k < K; k++) for (let m = 0; m < M; m++) windowBase[k * windowCount + Math.floor(m / size)] += 2 * logOther[k * M + m];
  const index = { markers, populationCount: K, frequencies, logit, logOther, windowBase, windowCount };
  if (!markerIndices) cache.set(reference, index);
  return index;
}

/**
 * The autosomal SNPs whose frequencies differ most between reference populations (largest variance
 * across them), in panel order: ancestry needs a few thousand such markers, not a whole array.
 */
export function mostInformative(reference: ReferencePanel, count: number): Uint32Array {
  const snps = reference.panel.autosomalSnps;
  if (snps.length <= count) return Uint32Array.from(snps);
  const K = reference.populations.length;
  const spread = new Float64Array(snps.length);
  for (let s = 0; s < snps.length; s++) {
    const j = snps[s];
    let sum = 0;
    let squares = 0;
    for (let k = 0; k < K; k++) {
      const f = reference.frequencies[k][j];
      sum += f;
      squares += f * f;
    }
    const mean = sum / K;
    // variance relative to its binomial maximum, so common and rare alleles compete fairly
    spread[s] = (squares / K - mean * mean) / Math.max(1e-6, mean * (1 - mean));
  }
  const order = Array.from(snps.keys()).sort((a, b) => spread[b] - spread[a]).slice(0, count).sort((a, b) => a - b);
  return Uint32Array.from(order, (s) => snps[s]);
}

export interface CandidateScreen {
  /** Population indices worth estimating, best first. */
  candidates: number[];
  /** Starting shares for the EM, from how many windows each candidate won. */
  start: Float64Array;
}

/**
 * Scores every population on consecutive windows of markers, as if the window came from that
 * population alone. A breed behind a quarter of the genome wins about a quarter of the windows,
 * so the winners (and the best few over the whole genome) are the candidates the EM needs.
 * genotypes: alt copies per used marker, -1 where not called.
 */
export function screenCandidates(index: AncestryIndex, genotypes: Float64Array): CandidateScreen {
  const P = ANCESTRY_PARAMETERS;
  const K = index.populationCount;
  const M = index.markers.length;
  if (K <= P.maxCandidates) {
    return { candidates: Array.from({ length: K }, (_, k) => k), start: new Float64Array(K).fill(1 / K) };
  }
  const size = P.windowMarkers;
  const { windowCount, windowBase, logit, logOther } = index;
  const copies = new Float32Array(M);
  const noCalls: number[] = [];
  for (let m = 0; m < M; m++) {
    if (genotypes[m] < 0) noCalls.push(m);
    else copies[m] = genotypes[m];
  }
  const bestScore = new Float64Array(windowCount).fill(-Infinity);
  const bestPopulation = new Int32Array(windowCount);
  const total = new Float64Array(K);
  const score = new Float64Array(windowCount);
  for (let k = 0; k < K; k++) {
    const base = k * M;
    score.set(windowBase.subarray(k * windowCount, (k + 1) * windowCount));
    // markers without a call contribute nothing, so take back the no-alt score assumed for them
    for (const m of noCalls) score[Math.floor(m / size)] -= 2 * logOther[base + m];
    let sum = 0;
    for (let w = 0; w < windowCount; w++) {
      const to = Math.min(M, (w + 1) * size);
      let s = score[w];
      for (let m = w * size; m < to; m++) s += copies[m] * logit[base + m];
      if (s > bestScore[w]) {
        bestScore[w] = s;
        bestPopulation[w] = k;
      }
      sum += s;
    }
    total[k] = sum;
  }
  const wins = new Float64Array(K);
  for (let w = 0; w < windowCount; w++) wins[bestPopulation[w]]++;
  const byWins = Array.from({ length: K }, (_, k) => k)
    .filter((k) => wins[k] >= P.minWindowWins)
    .sort((a, b) => wins[b] - wins[a] || total[b] - total[a]);
  const byLikelihood = Array.from({ length: K }, (_, k) => k).sort((a, b) => total[b] - total[a]);
  const chosen = new Set<number>(byLikelihood.slice(0, P.topByLikelihood));
  for (const k of byWins) {
    if (chosen.size >= P.maxCandidates) break;
    chosen.add(k);
  }
  const candidates = [...chosen];
  const start = Float64Array.from(candidates, (k) => wins[k] + 0.5);
  const sum = start.reduce((s, x) => s + x, 0);
  for (let i = 0; i < start.length; i++) start[i] /= sum;
  return { candidates, start };
}
