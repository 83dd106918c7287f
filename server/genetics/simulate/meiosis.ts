import { X_CHROMOSOME, isLineageChromosome } from '../chromosomes.js';
import type { MarkerPanel } from '../panel.js';
import type { Random } from '../prng.js';

/**
 * One haplotype pair: alt-allele indicator (0/1) per panel marker. Males carry their X twice
 * (hemizygous); the haploid Y and mitochondrial markers are written by writeLineages (lineage.ts).
 */
export interface Haplotypes {
  maternal: Uint8Array;
  paternal: Uint8Array;
}

/**
 * A gamete: each chromosome is a mosaic of the parent's two haplotypes, switching at crossovers
 * (Poisson in number, about one per 100 cM, placed uniformly on the genetic map). A father's X passes unchanged.
 */
export function gamete(parent: Haplotypes, isMale: boolean, panel: MarkerPanel, random: Random): Uint8Array {
  const out = new Uint8Array(parent.maternal.length);
  const cm = panel.centimorgans;
  for (const range of panel.ranges) {
    const { start, end, chromosome } = range;
    // the Y and the mitochondria do not recombine: the child's are written whole after the mating
    if (isLineageChromosome(chromosome)) continue;
    if (chromosome === X_CHROMOSOME && isMale) {
      copyRange(parent.maternal, out, start, end);
      continue;
    }
    const from = cm[start];
    const length = cm[end - 1] - from;
    const crossovers = random.poisson(length / 100);
    const points: number[] = [];
    for (let k = 0; k < crossovers; k++) points.push(from + random.next() * length);
    points.sort((a, b) => a - b);
    let source = random.next() < 0.5 ? parent.maternal : parent.paternal;
    let i = start;
    for (const point of points) {
      const j = firstAfter(cm, point, i, end);
      copyRange(source, out, i, j);
      i = j;
      source = source === parent.maternal ? parent.paternal : parent.maternal;
    }
    copyRange(source, out, i, end);
  }
  return out;
}

/** Copies a son's maternal X into his paternal slot: he has one X, read as homozygous. */
export function makeHemizygousX(haplotypes: Haplotypes, panel: MarkerPanel): void {
  for (const range of panel.ranges) {
    if (range.chromosome !== X_CHROMOSOME) continue;
    haplotypes.paternal.set(haplotypes.maternal.subarray(range.start, range.end), range.start);
  }
}

/** First index in [from, to) whose map position exceeds the point (binary search). */
export function firstAfter(cm: Float64Array, point: number, from: number, to: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cm[mid] <= point) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function copyRange(from: Uint8Array, to: Uint8Array, start: number, end: number): void {
  if (end - start > 48) to.set(from.subarray(start, end), start);
  else for (let k = start; k < end; k++) to[k] = from[k];
}

/**
 * A haplotype of today's breed as a mosaic of the breed's founder haplotypes: after `generations`
 * of recombination since the breed was founded, pieces average 100 / generations cM in length.
 */
export function founderMosaic(founders: readonly Uint8Array[], generations: number, panel: MarkerPanel, random: Random): Uint8Array {
  const out = new Uint8Array(founders[0].length);
  const cm = panel.centimorgans;
  const meanCm = 100 / generations;
  for (const { start, end, chromosome } of panel.ranges) {
    if (isLineageChromosome(chromosome)) continue;
    let i = start;
    let position = cm[start];
    while (i < end) {
      position += -Math.log(1 - random.next()) * meanCm;
      const j = firstAfter(cm, position, i, end);
      copyRange(founders[random.int(founders.length)], out, i, j);
      i = j;
    }
  }
  return out;
}
