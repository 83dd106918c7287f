import { HEALTH_CONDITIONS } from '../catalogue/health-conditions.js';
import { TRAIT_LOCI } from '../catalogue/traits.js';
import type { Calls } from '../genotype.js';
import { estimateAncestry } from './ancestry.js';
import { summariseBreedMix, type BreedMix } from './breed-mix.js';
import { predictCoatColour, type CoatColour, type ColourGenotypes } from './coat-colour.js';
import { predictedAdultWeightLbs, wolfinessPercent } from './genetic-stats.js';
import { healthCalls, type HealthCall } from './health.js';
import { genomicInbreeding, type RunOfHomozygosity } from './inbreeding.js';
import { individualFrequencies, type ReferencePanel } from './reference-panel.js';
import { callLineages, type LineageCalls } from './lineage.js';
import { inferSex, sexMismatch, type InferredSex } from './sex-check.js';
import { traitCalls, type TraitCall } from './traits.js';

export const NOT_TESTED = 'not tested on this sample';

export interface ResultsInput {
  reference: ReferencePanel;
  /** Calls on reference.panel (remap calls typed on another array first). */
  calls: Calls;
  statedSex: 'm' | 'f' | null;
  /** Breed shares already stored for the dog (slug → fraction); estimated from the calls when absent. */
  breedShares?: ReadonlyMap<string, number> | Readonly<Record<string, number>>;
}

/** Everything the database keeps about a dog's DNA; null fields are listed in notTested. */
export interface DogResults {
  /** Slug → fraction: store it; with the calls it regenerates the relatedness background. */
  breedShares: Record<string, number>;
  breedMix: BreedMix | null;
  health: HealthCall[];
  traits: TraitCall[];
  coatColour: CoatColour | null;
  adultWeightLbs: number | null;
  wolfinessPercent: number | null;
  coi: number | null;
  runsOfHomozygosity: RunOfHomozygosity[];
  inferredSex: InferredSex;
  xHeterozygosity: number;
  sexMismatch: boolean;
  /** Maternal (mitochondrial) and, for males, paternal (Y) haplogroup and haplotype. */
  lineages: LineageCalls;
  /** Results the sample's markers cannot support: 'breedMix', 'coatColour', 'adultWeight', 'wolfiness', 'coi', 'sex', 'maternalLineage', 'paternalLineage'. */
  notTested: string[];
}

const COLOUR_LOCI = ['E', 'K', 'A', 'B', 'D', 'M', 'S'] as const;

export function computeResults(input: ResultsInput): DogResults {
  const { reference, calls } = input;
  const panel = reference.panel;
  const notTested: string[] = [];
  const shares = input.breedShares ? toMap(input.breedShares) : estimateAncestry(reference, calls);
  if (!shares) notTested.push('breedMix');
  const sharesMap = shares ?? new Map<string, number>();
  const sex = inferSex(panel, calls);
  if (sex.inferredSex === null) notTested.push('sex');
  // X-linked calls follow the DNA when it can tell, else what the owner said
  const callSex = sex.inferredSex ?? input.statedSex ?? 'f';
  const traits = traitCalls(panel, calls, TRAIT_LOCI);
  const coatColour = colourFrom(traits);
  if (!coatColour) notTested.push('coatColour');
  const weight = shares ? predictedAdultWeightLbs(reference, calls, sharesMap) : NaN;
  if (!Number.isFinite(weight)) notTested.push('adultWeight');
  const wolfiness = wolfinessPercent(reference, calls);
  if (wolfiness === null) notTested.push('wolfiness');
  const inbreeding = shares ? genomicInbreeding(panel, calls, individualFrequencies(reference, sharesMap)) : null;
  const coi = inbreeding && inbreeding.coveredBp > 0 ? inbreeding.coi : null;
  if (coi === null) notTested.push('coi');
  // only males have a paternal lineage: the sex the DNA shows, else the one the owner gave
  const lineages = callLineages(panel, calls, sex.inferredSex ?? input.statedSex);
  if (lineages.maternal.status === 'notTested') notTested.push('maternalLineage');
  if (lineages.paternal?.status === 'notTested') notTested.push('paternalLineage');
  return {
    breedShares: Object.fromEntries([...sharesMap].filter(([, q]) => q > 0)),
    breedMix: shares ? summariseBreedMix(sharesMap) : null,
    health: healthCalls(panel, calls, HEALTH_CONDITIONS, callSex, sharesMap),
    traits,
    coatColour,
    adultWeightLbs: Number.isFinite(weight) ? Math.round(weight * 10) / 10 : null,
    wolfinessPercent: wolfiness,
    coi: coi === null ? null : Math.round(coi * 10000) / 10000,
    runsOfHomozygosity: inbreeding?.runs ?? [],
    inferredSex: sex.inferredSex,
    xHeterozygosity: sex.xHeterozygosity,
    sexMismatch: sexMismatch(input.statedSex, sex.inferredSex),
    lineages,
    notTested,
  };
}

/** The allele-frequency background sharedDna and COI judge a dog against, from its stored breed shares. */
export function relatednessBackground(reference: ReferencePanel, breedShares: ReadonlyMap<string, number> | Readonly<Record<string, number>>): Float32Array {
  return individualFrequencies(reference, toMap(breedShares));
}

/** Coat colour from the colour loci; E must be read (it can hide everything else), the others default when missing. */
function colourFrom(traits: readonly TraitCall[]): CoatColour | null {
  const genotypes: ColourGenotypes = {};
  for (const id of COLOUR_LOCI) {
    const call = traits.find((t) => t.locusId === id);
    if (call?.genotype) genotypes[id] = call.genotype;
  }
  return genotypes.E ? predictCoatColour(genotypes) : null;
}

function toMap(shares: ReadonlyMap<string, number> | Readonly<Record<string, number>>): Map<string, number> {
  return shares instanceof Map ? new Map(shares) : new Map(Object.entries(shares as Record<string, number>));
}
