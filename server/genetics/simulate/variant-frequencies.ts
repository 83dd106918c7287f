import { HEALTH_CONDITIONS } from '../catalogue/health-conditions.js';
import { TRAIT_LOCI } from '../catalogue/traits.js';
import type { SizeClass } from '../catalogue/types.js';
import type { Random } from '../prng.js';
import {
  BREED_LOCUS_PROFILES,
  GLOBAL_LOCUS_FREQUENCIES,
  WOLF_LOCUS_PROFILE,
  type AlleleFrequencies,
  type LocusProfile,
} from './breed-variant-profiles.js';

/** What a population carries at the named variants: an allele distribution per trait locus, a risk-allele frequency per condition. */
export interface VariantProfile {
  traitAlleles: ReadonlyMap<string, { symbols: string[]; weights: number[] }>;
  riskAlleleFrequency: ReadonlyMap<string, number>;
}

const SIZE_LOCI = ['igf1', 'igf1r', 'stc2', 'ghr-e191k', 'smad2'];
const SMALLER_ALLELE_BY_SIZE: Record<SizeClass, number> = { small: 0.85, medium: 0.35, large: 0.06, giant: 0.02 };

function completed(locusId: string, partial: AlleleFrequencies): { symbols: string[]; weights: number[] } {
  const locus = TRAIT_LOCI.find((l) => l.id === locusId)!;
  const symbols = locus.alleles.map((a) => a.symbol);
  const listed = symbols.reduce((s, a) => s + (partial[a] ?? 0), 0);
  const weights = symbols.map((a) => (partial[a] ?? 0) + (a === locus.defaultAllele ? Math.max(0, 1 - listed) : 0));
  return { symbols, weights };
}

function drawnAround(random: Random, locusId: string, concentration: number): { symbols: string[]; weights: number[] } {
  const global = completed(locusId, GLOBAL_LOCUS_FREQUENCIES[locusId] ?? {});
  const weights = global.weights.map((w) => random.gamma(Math.max(0.02, concentration * w)));
  return { symbols: global.symbols, weights };
}

export function breedVariantProfile(random: Random, slug: string, sizeClass: SizeClass, relevantTo: (conditionId: string) => boolean): VariantProfile {
  const curated: LocusProfile = BREED_LOCUS_PROFILES[slug] ?? {};
  const traitAlleles = new Map<string, { symbols: string[]; weights: number[] }>();
  for (const locus of TRAIT_LOCI) {
    if (curated[locus.id]) traitAlleles.set(locus.id, completed(locus.id, curated[locus.id]));
    else if (SIZE_LOCI.includes(locus.id)) {
      const smaller = locus.alleles[1].symbol;
      traitAlleles.set(locus.id, completed(locus.id, { [smaller]: SMALLER_ALLELE_BY_SIZE[sizeClass] * (0.7 + 0.6 * random.next()) }));
    } else traitAlleles.set(locus.id, drawnAround(random, locus.id, 2));
  }
  const riskAlleleFrequency = new Map<string, number>();
  for (const condition of HEALTH_CONDITIONS) {
    riskAlleleFrequency.set(condition.id, riskAlleleFrequencyIn(random, condition, relevantTo(condition.id)));
  }
  return { traitAlleles, riskAlleleFrequency };
}

/**
 * A breed the condition is known in carries its variant at 5-30%; a condition listed for no breed
 * (seen across many breeds, always rare, such as malignant hyperthermia) at 0.5-2% in every breed;
 * any other at 0.2%. Each listed case draws one number, so the rest of the stream stays the same.
 */
function riskAlleleFrequencyIn(random: Random, condition: { breedSlugs: readonly string[] }, knownInBreed: boolean): number {
  if (knownInBreed) return 0.05 + 0.25 * random.next();
  if (condition.breedSlugs.length === 0) return 0.005 + 0.015 * random.next();
  return 0.002;
}

export function wolfVariantProfile(): VariantProfile {
  const traitAlleles = new Map(
    TRAIT_LOCI.map((l) => [l.id, completed(l.id, WOLF_LOCUS_PROFILE[l.id] ?? {})] as const),
  );
  return { traitAlleles, riskAlleleFrequency: new Map(HEALTH_CONDITIONS.map((c) => [c.id, 0])) };
}

/** Average of several profiles (village dogs: a bit of everything). */
export function blendedVariantProfile(profiles: readonly VariantProfile[]): VariantProfile {
  const traitAlleles = new Map<string, { symbols: string[]; weights: number[] }>();
  for (const locus of TRAIT_LOCI) {
    const symbols = locus.alleles.map((a) => a.symbol);
    const weights = symbols.map((_, k) => {
      let sum = 0;
      for (const p of profiles) {
        const t = p.traitAlleles.get(locus.id)!;
        const total = t.weights.reduce((s, w) => s + w, 0) || 1;
        sum += t.weights[k] / total;
      }
      return sum / profiles.length;
    });
    traitAlleles.set(locus.id, { symbols, weights });
  }
  const riskAlleleFrequency = new Map(
    HEALTH_CONDITIONS.map((c) => [c.id, profiles.reduce((s, p) => s + (p.riskAlleleFrequency.get(c.id) ?? 0), 0) / profiles.length]),
  );
  return { traitAlleles, riskAlleleFrequency };
}
