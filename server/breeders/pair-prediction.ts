// The pair predictor's numbers (issue 14), from the two parents' genotypes on the lab's panel.
// Pure: the engine's Mendelian enumeration (server/genetics/compute/pair-predictor.ts) turned into
// what a breeder reads, with each number said in plain words.
import type { HealthCondition, TraitLocus } from '../genetics/catalogue/types.js';
import { healthCall, type HealthStatus } from '../genetics/compute/health.js';
import { locusGenotype, type LocusGenotype } from '../genetics/compute/traits.js';
import { offspringCoatColourOdds, offspringHealthOdds, offspringLocusOdds, type HealthOdds } from '../genetics/compute/pair-predictor.js';
import type { ColourGenotypes } from '../genetics/compute/coat-colour.js';
import { traitMeaning } from '../lab/engine.js';
import type { Calls } from '../genetics/genotype.js';
import type { MarkerPanel } from '../genetics/panel.js';

export interface ParentGenotype {
  /** Calls on the lab's panel (an array export remapped: what it lacks is a no-call). */
  calls: Calls;
  sex: 'm' | 'f';
}

export type ParentResult = 'clear' | 'carrier' | 'at risk' | 'not tested';

export interface HealthPrediction {
  healthId: string;
  name: string;
  gene: string;
  inheritance: string;
  severity: string;
  sireResult: ParentResult;
  damResult: ParentResult;
  /** Null when a parent is not tested for the variant. */
  odds: HealthOdds | null;
  explanation: string;
}

export interface OutcomeOdds {
  outcome: string;
  probability: number;
}

export interface CoatColourPrediction {
  colours: OutcomeOdds[];
  /** Colour loci one of the parents was not tested at. */
  lociNotTested: string[];
  explanation: string;
}

export interface TraitPrediction {
  locusId: string;
  name: string;
  category: string;
  gene: string;
  sireGenotype: string;
  damGenotype: string;
  /** Offspring genotypes and what each means; empty when a parent is not tested. */
  genotypes: (OutcomeOdds & { genotype: string })[];
  explanation: string;
}

const RESULT_WORDS: Record<HealthStatus, ParentResult> = { clear: 'clear', carrier: 'carrier', atRisk: 'at risk', noCall: 'not tested', notTested: 'not tested' };

export const percent = (p: number): string => {
  const value = Math.round(p * 1000) / 10;
  return `${Number.isInteger(value) ? value.toFixed(0) : value.toFixed(1)}%`;
};

function parentHealth(panel: MarkerPanel, parent: ParentGenotype, condition: HealthCondition): { result: ParentResult; copies: number | null } {
  const call = healthCall(panel, parent.calls, condition, parent.sex, new Map());
  return { result: RESULT_WORDS[call.status], copies: call.riskAlleleCopies };
}

/** Offspring odds of every condition (or the one asked for), by the condition's mode of inheritance. */
export function predictHealth(panel: MarkerPanel, conditions: readonly HealthCondition[], sire: ParentGenotype, dam: ParentGenotype): HealthPrediction[] {
  return conditions.map((condition) => {
    const s = parentHealth(panel, sire, condition);
    const d = parentHealth(panel, dam, condition);
    const tested = s.copies !== null && d.copies !== null;
    const odds = tested ? offspringHealthOdds(condition, s.copies!, d.copies!) : null;
    return {
      healthId: condition.id,
      name: condition.name,
      gene: condition.gene,
      inheritance: condition.moi,
      severity: condition.severity,
      sireResult: s.result,
      damResult: d.result,
      odds,
      explanation: explainHealth(condition, s.result, d.result, odds),
    };
  });
}

function explainHealth(condition: Pick<HealthCondition, 'moi'>, sire: ParentResult, dam: ParentResult, odds: HealthOdds | null): string {
  if (!odds) {
    const who = sire === 'not tested' && dam === 'not tested' ? 'Neither parent was' : sire === 'not tested' ? 'The sire was not' : 'The dam was not';
    return `${who} tested for this variant, so the puppies\u2019 odds cannot be worked out.`;
  }
  const parts: string[] = [];
  if (odds.clear > 0) parts.push(`${percent(odds.clear)} clear`);
  if (odds.carrier > 0) parts.push(`${percent(odds.carrier)} carriers`);
  if (odds.atRisk > 0) parts.push(`${percent(odds.atRisk)} at risk`);
  const summary = `Each puppy has these odds: ${parts.join(', ')}.`;
  if (odds.atRisk === 0 && odds.carrier === 0) return `${summary} Neither parent carries the variant, so no puppy can inherit it.`;
  switch (condition.moi) {
    case 'autosomal recessive':
      if (odds.atRisk === 0) return `${summary} A puppy is at risk only with a copy from both parents; one parent is clear, so none will be at risk, though some may carry it.`;
      return `${summary} A puppy is at risk only when it inherits a copy of the variant from both parents; each carrier passes it to half of its puppies.`;
    case 'X-linked recessive':
      return `${summary} The variant sits on the X chromosome: sons get their only X from the dam, so a carrier dam passes the risk to half of her sons; daughters also need a copy from the sire to be at risk.`;
    case 'autosomal dominant':
      return `${summary} One copy of the variant is enough to put a puppy at risk; each parent with one copy passes it to half of its puppies.`;
    case 'incomplete dominant':
      return `${summary} One copy of the variant puts a puppy at risk and two copies usually mean a more severe form; each parent with one copy passes it to half of its puppies.`;
  }
}

const COLOUR_LOCI = ['E', 'K', 'A', 'B', 'D', 'M', 'S'] as const;

function genotypeOf(panel: MarkerPanel, parent: ParentGenotype, locus: TraitLocus): LocusGenotype | null {
  const g = locusGenotype(panel, parent.calls, locus);
  return g === 'noCall' || g === 'notTested' ? null : g;
}

/** Coat colour odds of the puppies; epistasis (e/e hides K and A, KB hides A) is the engine's colour rule applied to every combination. */
export function predictCoatColours(panel: MarkerPanel, loci: readonly TraitLocus[], sire: ParentGenotype, dam: ParentGenotype): CoatColourPrediction {
  const colourLoci = COLOUR_LOCI.map((id) => loci.find((l) => l.id === id)!).filter(Boolean);
  const s: ColourGenotypes = {};
  const d: ColourGenotypes = {};
  const lociNotTested: string[] = [];
  for (const locus of colourLoci) {
    const gs = genotypeOf(panel, sire, locus);
    const gd = genotypeOf(panel, dam, locus);
    if (!gs || !gd) {
      lociNotTested.push(locus.id);
      continue;
    }
    s[locus.id as keyof ColourGenotypes] = gs;
    d[locus.id as keyof ColourGenotypes] = gd;
  }
  if (!s.E) {
    return { colours: [], lociNotTested, explanation: 'The E locus, which decides whether any dark pigment shows, was not tested in both parents, so coat colour cannot be predicted.' };
  }
  const colours = offspringCoatColourOdds(colourLoci, s, d).map(({ name, odds }) => ({ outcome: name, probability: odds }));
  const notes = ['Colours come from the E, K, A, B, D, M and S loci together: two e alleles hide the K and A loci (a red or yellow coat), and a KB allele hides the A locus (a solid coat).'];
  if (colours.length === 1) notes.unshift(`Every puppy is expected to be ${colours[0].outcome.toLowerCase()}.`);
  if (lociNotTested.length > 0) notes.push(`Not tested in both parents: ${lociNotTested.join(', ')}; those loci are assumed to be the common, non-modifying type.`);
  return { colours, lociNotTested, explanation: notes.join(' ') };
}

/** Genotype odds at every trait locus, each with what the genotype means. */
export function predictTraits(panel: MarkerPanel, loci: readonly TraitLocus[], sire: ParentGenotype, dam: ParentGenotype): TraitPrediction[] {
  return loci.map((locus) => {
    const gs = genotypeOf(panel, sire, locus);
    const gd = genotypeOf(panel, dam, locus);
    const base = { locusId: locus.id, name: locus.name, category: locus.category, gene: locus.gene, sireGenotype: gs ? gs.join('') : 'not tested', damGenotype: gd ? gd.join('') : 'not tested' };
    if (!gs || !gd) return { ...base, genotypes: [], explanation: 'Not tested in both parents, so the puppies cannot be predicted here.' };
    const genotypes = [...offspringLocusOdds(locus, gs, gd).values()]
      .map(({ genotype, odds }) => ({
        genotype: genotype.join(''),
        outcome: traitMeaning({ locusId: locus.id, name: locus.name, category: locus.category, genotype, notation: genotype.join('') }),
        probability: odds,
      }))
      .sort((a, b) => b.probability - a.probability);
    const explanation = `Each parent passes one of its two alleles, each with even odds: ${genotypes.map((g) => `${g.genotype} ${percent(g.probability)}`).join(', ')}. ${locus.dominance}`;
    return { ...base, genotypes, explanation };
  });
}

export interface InbreedingPrediction {
  /** Expected COI of the puppies: the kinship of sire and dam; null when it cannot be estimated. */
  offspringCoi: number | null;
  method: 'shared segments' | 'KING-robust kinship' | 'not tested';
  explanation: string;
}

/** The expected offspring COI of two parents: their kinship, read as 0 when the estimate falls below (unrelated dogs scatter around 0). */
export const offspringCoiOf = (kinship: number | null): number | null => (kinship === null ? null : Math.max(0, kinship));

export function explainInbreeding(kinship: number | null, method: InbreedingPrediction['method']): InbreedingPrediction {
  if (kinship === null) {
    return { offspringCoi: null, method, explanation: 'The two samples share too few markers to estimate how related the parents are, so the puppies\u2019 COI cannot be predicted.' };
  }
  const coi = offspringCoiOf(kinship)!;
  const level =
    coi >= 0.177 ? 'as high as mating a parent with its offspring or two full siblings'
    : coi >= 0.0884 ? 'as high as mating half siblings'
    : coi >= 0.0442 ? 'about as high as mating first cousins'
    : coi >= 0.01 ? 'low: the parents are distant relatives'
    : 'very low: the parents share no recent ancestors that the DNA shows';
  const how = method === 'shared segments' ? 'the DNA segments the parents share by descent, judged against their breeds\u2019 background' : 'the markers both parents\u2019 arrays carry (KING-robust kinship)';
  return {
    offspringCoi: coi,
    method,
    explanation: `Puppies of this pair are expected to have a coefficient of inbreeding (COI) of ${percent(coi)}: the chance that both copies of a gene in a puppy come from one ancestor the parents share. It equals the parents\u2019 kinship, measured from ${how}. This is ${level}.`,
  };
}
