import { GRAY_WOLF, breedBySlug } from '../catalogue/breeds.js';
import { TRAIT_LOCI, markedAlleles } from '../catalogue/traits.js';
import { NO_CALL, type Calls } from '../genotype.js';
import { populationIndex, type ReferencePanel } from './reference-panel.js';

/** Effect of one extra copy of a size locus' smaller allele, beyond what the dog's breeds lead us to expect. */
const SMALLER_ALLELE_WEIGHT_FACTOR = 0.85;
const SIZE_LOCI = ['igf1', 'igf1r', 'stc2', 'ghr-e191k', 'ghr-p177l', 'smad2'];
const WOLF_TYPICAL_WEIGHT_LBS = (GRAY_WOLF.weightLbs.min + GRAY_WOLF.weightLbs.max) / 2;

/**
 * Predicted adult weight in pounds: the breed mix's typical weights averaged on a log scale,
 * nudged by the body-size loci where the dog differs from its breeds' usual genotypes.
 */
export function predictedAdultWeightLbs(reference: ReferencePanel, calls: Calls, shares: ReadonlyMap<string, number>): number {
  let logWeight = 0;
  let total = 0;
  for (const [slug, q] of shares) {
    const breed = breedBySlug(slug);
    const typical = breed ? (breed.weightLbs.min + breed.weightLbs.max) / 2 : slug === GRAY_WOLF.slug ? WOLF_TYPICAL_WEIGHT_LBS : null;
    if (typical === null) continue;
    logWeight += q * Math.log(typical);
    total += q;
  }
  if (total === 0) return NaN;
  logWeight /= total;
  for (const locus of TRAIT_LOCI.filter((l) => SIZE_LOCI.includes(l.id))) {
    const index = reference.panel.indexById.get(`${locus.id}_${markedAlleles(locus)[0]}`);
    if (index === undefined || calls[index] === NO_CALL) continue;
    let expected = 0;
    for (const [slug, q] of shares) {
      const k = populationIndex(reference, slug);
      if (k >= 0) expected += (2 * q * reference.frequencies[k][index]) / total;
    }
    logWeight += (calls[index] - expected) * Math.log(SMALLER_ALLELE_WEIGHT_FACTOR);
  }
  return Math.exp(logWeight);
}

const WOLF_INFORMATIVE_DIFFERENCE = 0.3;

const meanDogFrequencies = new WeakMap<ReferencePanel, Float64Array>();

/** Allele frequencies of dogs pooled over every reference breed, computed once per reference. */
function pooledDogFrequencies(reference: ReferencePanel, wolf: number): Float64Array | null {
  let pooled = meanDogFrequencies.get(reference);
  if (pooled) return pooled;
  const dogs = reference.frequencies.filter((_, k) => k !== wolf);
  if (dogs.length === 0) return null;
  pooled = new Float64Array(reference.panel.markers.length);
  for (const f of dogs) for (let j = 0; j < pooled.length; j++) pooled[j] += f[j];
  for (let j = 0; j < pooled.length; j++) pooled[j] /= dogs.length;
  meanDogFrequencies.set(reference, pooled);
  return pooled;
}

/**
 * Wolfiness: the percent of the dog's alleles, at markers where wolves and dogs differ, that look
 * like ancient wolf alleles rather than typical dog ones (two-population EM, dogs pooled). Capped at 100.
 */
export function wolfinessPercent(reference: ReferencePanel, calls: Calls): number | null {
  const wolf = populationIndex(reference, GRAY_WOLF.slug);
  if (wolf < 0) return null;
  const pooled = pooledDogFrequencies(reference, wolf);
  if (!pooled) return null;
  const used: number[] = [];
  const dogFreq: number[] = [];
  for (const j of reference.panel.autosomalSnps) {
    if (calls[j] === NO_CALL) continue;
    if (Math.abs(reference.frequencies[wolf][j] - pooled[j]) < WOLF_INFORMATIVE_DIFFERENCE) continue;
    used.push(j);
    dogFreq.push(pooled[j]);
  }
  if (used.length === 0) return null;
  const fw = reference.frequencies[wolf];
  let q = 0.05;
  for (let it = 0; it < 200; it++) {
    let wolfAlleles = 0;
    used.forEach((j, i) => {
      const g = calls[j];
      const p = q * fw[j] + (1 - q) * dogFreq[i];
      wolfAlleles += q * ((g * fw[j]) / p + ((2 - g) * (1 - fw[j])) / (1 - p));
    });
    const next = wolfAlleles / (2 * used.length);
    if (Math.abs(next - q) < 1e-7) {
      q = next;
      break;
    }
    q = next;
  }
  return Math.min(100, Math.round(q * 1000) / 10);
}
