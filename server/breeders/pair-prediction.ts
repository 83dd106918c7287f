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

export type ParentResult = 'clear' | 'carrier' | 'at risk' | 'not tested' | typeof NOT_SHARED;

/** What a parent's own result or genotype reads when the user may not read that dog's results. */
export const NOT_SHARED = 'not shared';

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
      explanation: explainHealth(condition, s, d, odds),
    };
  });
}

interface ParentHealth {
  result: ParentResult;
  /** Copies of the risk allele (a sire's single X for an X-linked condition: 0 or 1); null when not tested. */
  copies: number | null;
}

const COPIES = ['no copy', 'one copy', 'two copies'];

/** What one parent passes on an autosome: each puppy gets one of its two copies. */
function autosomalParent(role: 'sire' | 'dam', { result, copies }: ParentHealth): string {
  const [who, pronoun] = role === 'sire' ? ['the sire', 'he'] : ['the dam', 'she'];
  const passes = copies === 0 ? 'passes it to no puppy' : copies === 1 ? 'passes it to half of the puppies' : 'passes it to every puppy';
  return `${who} has ${COPIES[copies!]} of the variant (${result}), so ${pronoun} ${passes}`;
}

function oddsSummary(odds: HealthOdds): string {
  const parts: string[] = [];
  if (odds.clear > 0) parts.push(`${percent(odds.clear)} clear`);
  if (odds.carrier > 0) parts.push(`${percent(odds.carrier)} carriers`);
  if (odds.atRisk > 0) parts.push(`${percent(odds.atRisk)} at risk`);
  return `Each puppy has these odds: ${parts.join(', ')}.`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The odds in words, from the two parents' actual genotypes: what each passes on and what that makes
 * of the puppies under the condition's mode of inheritance (X-linked: sons take the dam's X only,
 * daughters the sire's X and one of the dam's).
 */
export function explainHealth(condition: Pick<HealthCondition, 'moi'>, sire: ParentHealth, dam: ParentHealth, odds: HealthOdds | null): string {
  if (!odds || sire.copies === null || dam.copies === null) {
    const who = sire.copies === null && dam.copies === null ? 'Neither parent was' : sire.copies === null ? 'The sire was not' : 'The dam was not';
    return `${who} tested for this variant, so the puppies\u2019 odds cannot be worked out.`;
  }
  const summary = oddsSummary(odds);
  if (sire.copies === 0 && dam.copies === 0) return `${summary} Neither parent has the variant, so no puppy can inherit it.`;
  if (condition.moi === 'X-linked recessive') return `${summary} ${explainXLinked(sire.copies, dam.copies)}`;
  const parents = `${capitalised(autosomalParent('sire', sire))}; ${autosomalParent('dam', dam)}.`;
  // chance that a puppy gets a copy from both parents
  const both = (sire.copies / 2) * (dam.copies / 2);
  switch (condition.moi) {
    case 'autosomal recessive': {
      const outcome = odds.atRisk === 1 ? 'every puppy gets one from each, so every puppy will be at risk'
        : odds.atRisk === 0 ? `no puppy can get one from each, so none will be at risk, though ${odds.carrier === 1 ? 'every puppy' : `${percent(odds.carrier)} of them`} will be ${odds.carrier === 1 ? 'a carrier' : 'carriers'}`
        : `${percent(odds.atRisk)} of the puppies will get one from each and be at risk, and ${percent(odds.carrier)} will get one copy and be carriers`;
      return `${summary} ${parents} A puppy is at risk only with a copy from each parent: ${outcome}.`;
    }
    case 'autosomal dominant': {
      const outcome = odds.atRisk === 1 ? 'every puppy gets at least one, so every puppy will be at risk' : `${percent(odds.atRisk)} of the puppies will get at least one and be at risk`;
      return `${summary} ${parents} One copy of the variant is enough to put a puppy at risk: ${outcome}.`;
    }
    case 'incomplete dominant': {
      const outcome = both === 1 ? 'every puppy will get two copies'
        : `${odds.atRisk === 1 ? 'every puppy' : `${percent(odds.atRisk)} of the puppies`} will get at least one copy${both > 0 ? `, and ${percent(both)} two copies` : ', none of them two'}`;
      return `${summary} ${parents} One copy of the variant puts a puppy at risk and two copies usually mean a more severe form: ${outcome}.`;
    }
  }
}

/** An X-linked recessive condition: the sire has one X (0 or 1 copy), the dam two. */
function explainXLinked(sireCopies: number, damCopies: number): string {
  const sire = sireCopies === 1 ? 'The sire\u2019s single X carries the variant (he is at risk)' : 'The sire\u2019s single X is clear';
  const dam = `the dam has ${COPIES[damCopies]} of the variant (${damCopies === 0 ? 'clear' : damCopies === 1 ? 'a carrier' : 'at risk'})`;
  const sons = damCopies === 0 ? 'so no son will be at risk' : damCopies === 1 ? 'so half of the sons will be at risk and half clear' : 'so every son will be at risk';
  let daughters: string;
  if (sireCopies === 1) {
    daughters = damCopies === 0 ? 'every daughter gets the variant from the sire and none from the dam, so every daughter will be a carrier'
      : damCopies === 1 ? 'every daughter gets the variant from the sire and half also get it from the dam, so half of the daughters will be at risk and half carriers'
      : 'every daughter gets the variant from both parents, so every daughter will be at risk';
  } else {
    daughters = damCopies === 0 ? 'no daughter will get the variant'
      : damCopies === 1 ? 'none gets the variant from the sire, so no daughter will be at risk, but half of them will be carriers'
      : 'each gets the variant from the dam but not from the sire, so every daughter will be a carrier and none at risk';
  }
  return `The variant sits on the X chromosome. ${sire}; ${dam}. Sons get their only X from the dam, ${sons}. Daughters get the sire\u2019s X and one of the dam\u2019s: ${daughters}.`;
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

// The lab's notation, as the trait results pages write a genotype (TraitCall.notation: "KBky", "kyky"):
// one notation wherever the pair predictor names a genotype, its table and its explanations alike.
const genotypeText = (genotype: LocusGenotype): string => genotype.join('');

/** Genotype odds at every trait locus, each with what the genotype means. */
export function predictTraits(panel: MarkerPanel, loci: readonly TraitLocus[], sire: ParentGenotype, dam: ParentGenotype): TraitPrediction[] {
  return loci.map((locus) => {
    const gs = genotypeOf(panel, sire, locus);
    const gd = genotypeOf(panel, dam, locus);
    const base = { locusId: locus.id, name: locus.name, category: locus.category, gene: locus.gene, sireGenotype: gs ? genotypeText(gs) : 'not tested', damGenotype: gd ? genotypeText(gd) : 'not tested' };
    if (!gs || !gd) return { ...base, genotypes: [], explanation: 'Not tested in both parents, so the puppies cannot be predicted here.' };
    const genotypes = [...offspringLocusOdds(locus, gs, gd).values()]
      .map(({ genotype, odds }) => ({
        genotype: genotypeText(genotype),
        outcome: traitMeaning({ locusId: locus.id, name: locus.name, category: locus.category, genotype, notation: genotypeText(genotype) }),
        probability: odds,
      }))
      .sort((a, b) => b.probability - a.probability);
    const explanation = `Each parent passes one of its two alleles, each with even odds: ${genotypes.map((g) => `${g.genotype} ${percent(g.probability)}`).join(', ')}. ${locus.dominance}`;
    return { ...base, genotypes, explanation };
  });
}

export interface InbreedingPrediction {
  /** Expected COI of the puppies, on the lab's COI scale; null when it cannot be estimated. */
  offspringCoi: number | null;
  method: 'shared segments' | 'KING-robust kinship' | 'not tested';
  explanation: string;
}

/** A stored offspring COI as shown, never below 0. */
export const offspringCoiOf = (coi: number | null): number | null => (coi === null ? null : Math.max(0, coi));

export function explainInbreeding(offspringCoi: number | null, method: InbreedingPrediction['method']): InbreedingPrediction {
  if (offspringCoi === null) {
    return { offspringCoi: null, method, explanation: 'The two samples share too few markers to estimate how related the parents are, so the puppies\u2019 COI cannot be predicted.' };
  }
  const coi = offspringCoiOf(offspringCoi)!;
  const level =
    coi >= 0.177 ? 'as high as mating a parent with its offspring or two full siblings'
    : coi >= 0.0884 ? 'as high as mating half siblings'
    : coi >= 0.0442 ? 'about as high as mating first cousins'
    : coi >= 0.01 ? 'low: the parents are distant relatives'
    : 'very low: the parents share no recent ancestors that the DNA shows';
  const how =
    method === 'shared segments'
      ? 'from the DNA segments the parents share by descent and the runs of homozygosity each carries, as the lab measures COI on a dog'
      : 'from the parents\u2019 kinship on the markers both arrays carry (KING-robust kinship)';
  return {
    offspringCoi: coi,
    method,
    explanation: `Puppies of this pair are expected to have a coefficient of inbreeding (COI) of ${percent(coi)}: the share of a puppy\u2019s DNA where both copies come from one ancestor. It is predicted ${how}, when the relatives search finds the parents related; two dogs it does not list as relatives count as 0. This is ${level}.`,
  };
}

export type ParentRole = 'sire' | 'dam';

interface WithheldPrediction {
  healthPredictions: HealthPrediction[];
  traitPredictions: TraitPrediction[];
}

/**
 * The prediction with one parent's own results taken out, for a user who may pair with that dog
 * (the matchmaker offers it) but may not read its results: its health results, trait genotypes and
 * the explanations that name them read 'not shared'. The litter's odds stay: they are what the
 * dog's owner offered by leaving it in the matchmaker.
 */
export function withholdParent<T extends WithheldPrediction>(prediction: T, role: ParentRole): T {
  const resultKey = role === 'sire' ? 'sireResult' : 'damResult';
  const genotypeKey = role === 'sire' ? 'sireGenotype' : 'damGenotype';
  const note = `The ${role}\u2019s own results are not shared with you.`;
  return {
    ...prediction,
    healthPredictions: prediction.healthPredictions.map((h) => ({ ...h, [resultKey]: NOT_SHARED, explanation: `${h.odds ? oddsSummary(h.odds) : 'The puppies\u2019 odds cannot be worked out: a parent was not tested for this variant.'} ${note}` })),
    traitPredictions: prediction.traitPredictions.map((t) => ({
      ...t,
      [genotypeKey]: NOT_SHARED,
      explanation: `${t.explanation} ${note}`,
    })),
  };
}
