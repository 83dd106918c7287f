import { NO_CALL, type Calls } from '../genotype.js';
import { ancestryIndex, screenCandidates, type AncestryIndex } from './ancestry-screen.js';
import { ANCESTRY_PARAMETERS } from './parameters.js';
import type { ReferencePanel } from './reference-panel.js';

export { ANCESTRY_PARAMETERS };

/**
 * Supervised admixture: the shares q of fixed reference populations that best explain the
 * genotypes, by EM on the binomial likelihood (as ADMIXTURE does with frequencies held fixed).
 * A cheap screen first keeps the populations that best match some stretch of the genome, so the
 * EM runs on a dozen candidates rather than every reference breed. Returns null when the sample
 * does not cover enough reference markers.
 */
export function estimateAncestry(reference: ReferencePanel, calls: Calls, markerIndices?: ArrayLike<number>): Map<string, number> | null {
  // a sample calling too few of the panel's markers at all (an array export on other positions) needs no index built
  if (!markerIndices && calledMarkers(calls) < ANCESTRY_PARAMETERS.minimumMarkers) return null;
  const index = ancestryIndex(reference, markerIndices);
  const M = index.markers.length;
  const genotypes = new Float64Array(M);
  let used = 0;
  for (let m = 0; m < M; m++) {
    const g = calls[index.markers[m]];
    if (g === NO_CALL) genotypes[m] = -1;
    else {
      genotypes[m] = g;
      used++;
    }
  }
  if (used < ANCESTRY_PARAMETERS.minimumMarkers) return null;
  const screen = screenCandidates(index, genotypes);
  const shares = new Map<string, number>();
  for (const [k, q] of admixtureShares(index, genotypes, screen.candidates, screen.start)) shares.set(reference.populations[k].slug, q);
  return shares;
}

function calledMarkers(calls: Calls): number {
  let called = 0;
  for (let i = 0; i < calls.length; i++) if (calls[i] !== NO_CALL) called++;
  return called;
}

/** Same as estimateAncestry; the name the results code uses. */
export const estimateBreedMix = estimateAncestry;

/**
 * EM for the shares of the candidate populations: a few rounds on all of them, then candidates
 * left with almost nothing are dropped and the rest run to convergence. The likelihood is concave
 * in the shares, so the optimum over every population is reached once no population outside the
 * set would raise it (its gradient); any that would are added and the EM resumes.
 */
function admixtureShares(index: AncestryIndex, genotypes: Float64Array, candidates: readonly number[], start: Float64Array): Map<number, number> {
  const P = ANCESTRY_PARAMETERS;
  let active = [...candidates];
  let q: Float64Array = Float64Array.from(start);
  for (let round = 0; round < P.maxAddRounds; round++) {
    // short EM bursts while the set of populations still changes
    q = squarem(markerMajor(index, genotypes, active), q, P.roundsBeforePruning, P.tolerance);
    [active, q] = pruned(active, q);
    const missing = populationsThatWouldHelp(index, genotypes, active, q);
    if (missing.length === 0) break;
    active = [...active, ...missing];
    q = normalised(Float64Array.from(active, (_, i) => (i < q.length ? q[i] : P.addedShare)));
  }
  const checked = q;
  q = squarem(markerMajor(index, genotypes, active), q, P.maxIterations, P.tolerance);
  let moved = 0;
  for (let i = 0; i < q.length; i++) moved = Math.max(moved, Math.abs(q[i] - (checked[i] ?? 0)));
  if (moved > P.recheckAfterMoving) {
    const missing = populationsThatWouldHelp(index, genotypes, active, q);
    if (missing.length > 0) {
      active = [...active, ...missing];
      q = squarem(markerMajor(index, genotypes, active), normalised(Float64Array.from(active, (_, i) => (i < q.length ? q[i] : P.addedShare))), P.maxIterations, P.tolerance);
    }
  }
  [active, q] = pruned(active, q);
  return new Map(active.map((k, i) => [k, q[i]]));
}

function pruned(active: number[], q: Float64Array): [number[], Float64Array] {
  const kept = active.map((_, i) => i).filter((i) => q[i] >= ANCESTRY_PARAMETERS.pruneBelow);
  if (kept.length === 0 || kept.length === active.length) return [active, q];
  return [kept.map((i) => active[i]), normalised(Float64Array.from(kept, (i) => q[i]))];
}

function normalised(q: Float64Array): Float64Array {
  const sum = q.reduce((s, x) => s + x, 0);
  for (let i = 0; i < q.length; i++) q[i] /= sum;
  return q;
}

/**
 * Populations outside the active set whose share would raise the likelihood: the derivative of the
 * log-likelihood towards population k, per allele, exceeds that of the current mix (which is 1).
 */
function populationsThatWouldHelp(index: AncestryIndex, genotypes: Float64Array, active: readonly number[], q: Float64Array): number[] {
  const M = index.markers.length;
  const K = index.populationCount;
  const { frequencies } = index;
  const slope = new Float64Array(M);
  let offset = 0;
  let alleles = 0;
  for (let m = 0; m < M; m++) {
    const g = genotypes[m];
    if (g < 0) continue;
    let p = 0;
    for (let i = 0; i < active.length; i++) p += q[i] * frequencies[active[i] * M + m];
    const a = g / p;
    const b = (2 - g) / (1 - p);
    slope[m] = a - b;
    offset += b;
    alleles += 2;
  }
  const inSet = new Set(active);
  const gains: [number, number][] = [];
  for (let k = 0; k < K; k++) {
    if (inSet.has(k)) continue;
    const base = k * M;
    let s = offset;
    for (let m = 0; m < M; m++) s += slope[m] * frequencies[base + m];
    const gain = s / alleles - 1;
    if (gain > ANCESTRY_PARAMETERS.minGainToAdd) gains.push([k, gain]);
  }
  return gains.sort((x, y) => y[1] - x[1]).slice(0, ANCESTRY_PARAMETERS.maxAddedPerRound).map(([k]) => k);
}

interface Problem {
  /** f[t * K + i]: frequency of candidate i at the t-th called marker. */
  f: Float64Array;
  g: Float64Array;
  K: number;
}

function markerMajor(index: AncestryIndex, genotypes: Float64Array, candidates: readonly number[]): Problem {
  const K = candidates.length;
  const M = index.markers.length;
  let n = 0;
  for (let m = 0; m < M; m++) if (genotypes[m] >= 0) n++;
  const f = new Float64Array(n * K);
  const g = new Float64Array(n);
  for (let m = 0, t = 0; m < M; m++) {
    if (genotypes[m] < 0) continue;
    g[t] = genotypes[m];
    for (let i = 0; i < K; i++) f[t * K + i] = index.frequencies[candidates[i] * M + m];
    t++;
  }
  return { f, g, K };
}

/** EM accelerated by SQUAREM: two EM steps, one extrapolation, kept only when it does not lower the likelihood. */
function squarem({ f, g, K }: Problem, start: Float64Array, rounds: number, tolerance: number): Float64Array {
  if (K === 1) return Float64Array.of(1);
  let q: Float64Array = Float64Array.from(start);
  const q1 = new Float64Array(K);
  const q2 = new Float64Array(K);
  const jump = new Float64Array(K);
  const stepped = new Float64Array(K);
  let loglik = emStep(f, g, q, q1, K);
  for (let it = 0; it < rounds; it++) {
    emStep(f, g, q1, q2, K);
    let rr = 0;
    let vv = 0;
    for (let i = 0; i < K; i++) {
      const r = q1[i] - q[i];
      const v = q2[i] - 2 * q1[i] + q[i];
      rr += r * r;
      vv += v * v;
    }
    const alpha = vv > 0 ? Math.min(-1, -Math.sqrt(rr / vv)) : -1;
    let total = 0;
    for (let i = 0; i < K; i++) {
      const r = q1[i] - q[i];
      const v = q2[i] - 2 * q1[i] + q[i];
      jump[i] = Math.max(1e-12, q[i] - 2 * alpha * r + alpha * alpha * v);
      total += jump[i];
    }
    for (let i = 0; i < K; i++) jump[i] /= total;
    const jumpLoglik = emStep(f, g, jump, stepped, K);
    let accepted: Float64Array;
    let newLoglik: number;
    if (jumpLoglik >= loglik - 1e-9) {
      accepted = jump;
      newLoglik = jumpLoglik;
    } else {
      accepted = q2;
      newLoglik = emStep(f, g, q2, stepped, K);
    }
    let change = 0;
    for (let i = 0; i < K; i++) change = Math.max(change, Math.abs(accepted[i] - q[i]));
    q = Float64Array.from(accepted);
    loglik = newLoglik;
    if (change < tolerance) break;
    // the EM step that judged the accepted point is the first step of the next round
    q1.set(stepped);
  }
  return q;
}

/** One EM update of the shares q into out; returns the log-likelihood at q. */
function emStep(f: Float64Array, g: Float64Array, q: Float64Array, out: Float64Array, K: number): number {
  out.fill(0);
  let loglik = 0;
  let product = 1;
  const n = g.length;
  for (let t = 0; t < n; t++) {
    const base = t * K;
    let p = 0;
    for (let i = 0; i < K; i++) p += q[i] * f[base + i];
    const x = g[t];
    const a = x / p;
    const b = (2 - x) / (1 - p);
    // one logarithm per block of markers: the product of their likelihoods stays far from underflow
    product *= x === 0 ? (1 - p) * (1 - p) : x === 1 ? p * (1 - p) : p * p;
    if ((t & 31) === 31) {
      loglik += Math.log(product);
      product = 1;
    }
    const d = a - b;
    for (let i = 0; i < K; i++) out[i] += b + d * f[base + i];
  }
  const norm = 2 * n;
  for (let i = 0; i < K; i++) out[i] = (out[i] * q[i]) / norm;
  return loglik + Math.log(product);
}
