import type { HealthCondition, TraitLocus } from '../catalogue/types.js';
import { predictCoatColour, type ColourGenotypes } from './coat-colour.js';
import { healthStatusFor, type HealthStatus } from './health.js';
import { orderByDominance, type LocusGenotype } from './traits.js';

export type HealthOdds = Record<Exclude<HealthStatus, 'noCall' | 'notTested'>, number>;

/** Offspring odds of clear / carrier / at risk from the parents' risk-allele copies (sire hemizygous on X). */
export function offspringHealthOdds(condition: Pick<HealthCondition, 'moi'>, sireCopies: number, damCopies: number): HealthOdds {
  const odds: HealthOdds = { clear: 0, carrier: 0, atRisk: 0 };
  const xLinked = condition.moi === 'X-linked recessive';
  const sireGametes = xLinked ? null : [sireCopies >= 1 ? 1 : 0, sireCopies >= 2 ? 1 : 0];
  const damGametes = [damCopies >= 1 ? 1 : 0, damCopies >= 2 ? 1 : 0];
  for (const fromDam of damGametes) {
    if (xLinked) {
      // Sons get only the dam's X; daughters get the dam's X and the sire's single X. Half the pups are each sex.
      odds[healthStatusFor(condition, fromDam, 'm').status as keyof HealthOdds] += 0.25;
      odds[healthStatusFor(condition, fromDam + Math.min(1, sireCopies), 'f').status as keyof HealthOdds] += 0.25;
      continue;
    }
    for (const fromSire of sireGametes!) odds[healthStatusFor(condition, fromDam + fromSire, 'f').status as keyof HealthOdds] += 0.25;
  }
  return odds;
}

/** Offspring genotype odds at one locus: each parent passes either allele with probability 1/2. */
export function offspringLocusOdds(locus: TraitLocus, sire: LocusGenotype, dam: LocusGenotype): Map<string, { genotype: LocusGenotype; odds: number }> {
  const out = new Map<string, { genotype: LocusGenotype; odds: number }>();
  for (const a of sire)
    for (const b of dam) {
      const genotype = orderByDominance(locus, [a, b]);
      const key = genotype.join('');
      const entry = out.get(key) ?? { genotype, odds: 0 };
      entry.odds += 0.25;
      out.set(key, entry);
    }
  return out;
}

/** Coat colour odds of the pups, by enumerating every combination of offspring genotypes at the colour loci. */
export function offspringCoatColourOdds(loci: readonly TraitLocus[], sire: ColourGenotypes, dam: ColourGenotypes): { name: string; odds: number }[] {
  let combos: { genotypes: ColourGenotypes; odds: number }[] = [{ genotypes: {}, odds: 1 }];
  for (const locus of loci) {
    const id = locus.id as keyof ColourGenotypes;
    const s = sire[id];
    const d = dam[id];
    if (!s || !d) continue;
    const locusOdds = [...offspringLocusOdds(locus, s, d).values()];
    combos = combos.flatMap((c) => locusOdds.map((o) => ({ genotypes: { ...c.genotypes, [id]: o.genotype }, odds: c.odds * o.odds })));
  }
  const byName = new Map<string, number>();
  for (const c of combos) {
    const name = predictCoatColour(c.genotypes).name;
    byName.set(name, (byName.get(name) ?? 0) + c.odds);
  }
  return [...byName].map(([name, odds]) => ({ name, odds })).sort((a, b) => b.odds - a.odds);
}

/** Expected COI of the pups: the kinship coefficient of sire and dam. */
export function offspringCoi(kinshipOfParents: number): number {
  return kinshipOfParents;
}
