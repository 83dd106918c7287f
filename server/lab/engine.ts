// The lab's side of the genetics engine: from a raw-data file to what the database stores.
import { TRAIT_LOCI } from '../genetics/catalogue/traits.js';
import { wolfinessContext } from '../shared/wolfiness.js';
import { designerCrossOf } from '../genetics/compute/breed-mix.js';
import { computeResults, NOT_TESTED, type DogResults } from '../genetics/compute/results.js';
import { callLineages, type LineageCall, type LineageCalls } from '../genetics/compute/lineage.js';
import { genomicInbreeding } from '../genetics/compute/inbreeding.js';
import { inferSex, sexMismatch } from '../genetics/compute/sex-check.js';
import type { HealthStatus } from '../genetics/compute/health.js';
import type { TraitCall } from '../genetics/compute/traits.js';
import type { Calls } from '../genetics/genotype.js';
import type { MarkerPanel } from '../genetics/panel.js';
import { DEFAULT_MAX_NO_CALL_RATE, parseTsvGenotypes, tsvOfOtherMarkers } from '../genetics/formats/tsv.js';
import { parseTfam, parseTped, type TpedGenotypes } from '../genetics/formats/plink.js';
import { oneDog } from '../genetics/formats/plink-layouts.js';
import { NO_CALL, remapCalls } from '../genetics/genotype.js';
import { breedBySlug } from '../genetics/catalogue/breeds.js';
import { traitLocusSlug } from '../catalogue/sync.js';
import type { ReferencePanel } from '../genetics/compute/reference-panel.js';
import type { StoredBreedType, StoredHaplotype, StoredHealthCall, StoredResults, StoredScenario } from './results-store.js';
import { asIngestError, IngestError } from './ingest-error.js';

export interface ParsedGenotypeFile {
  swabCode: string;
  swabLine?: number;
  calls: Calls;
  noCallRate: number;
  format: 'raw_tsv' | 'plink_tped';
  /** An export from an array our panel does not cover, read on its own markers: stored on the array's panel. */
  array?: TpedGenotypes;
  /** What was read and what was skipped. */
  report: { markers: number; skippedLines: number; skippedReasons: Record<string, number>; unplaced: number };
}

function reportOf(parsed: TpedGenotypes): ParsedGenotypeFile['report'] {
  let unplaced = 0;
  if (parsed.unmatched === 0) for (const marker of parsed.panel.markers) if (marker.chromosome === 0) unplaced++;
  return { markers: parsed.markerCount, skippedLines: parsed.skipped.count, skippedReasons: parsed.skipped.reasons, unplaced };
}

/** Fewer placed markers than this and an export that is not on our panel cannot be read. */
export const MIN_ARRAY_MARKERS = 1000;

/** Share of our panel's markers a PLINK export has (by chromosome and position), and its own placed markers. */
function labPanelCoverage(own: TpedGenotypes, panel: MarkerPanel): { coverage: number; markers: number } {
  let covered = 0;
  let placed = 0;
  for (const marker of own.panel.markers) {
    if (marker.chromosome > 0) placed++;
    if (panel.indexByLocation.at(marker.chromosome, marker.position) !== undefined) covered++;
  }
  return { coverage: covered / panel.markers.length, markers: placed };
}

/** A raw-data file as it arrives: the consumer TSV (swab code inside), or a PLINK pair for a named swab. */
export type GenotypeInput = { kind: 'tsv'; text: string } | { kind: 'plink'; tped: string; tfam: string; swabCode: string };

export function parseGenotypeFile(input: GenotypeInput, panel: MarkerPanel): ParsedGenotypeFile {
  try {
    if (input.kind === 'tsv') {
      const otherMarkers = tsvOfOtherMarkers(input.text, panel, MIN_ARRAY_MARKERS);
      if (otherMarkers) {
        if (!otherMarkers.swabCode) throw new IngestError('The file names no swab: add a "# swab: CODE" line');
        return parsePlinkPair(otherMarkers.tped, otherMarkers.swabCode, panel, 'raw_tsv');
      }
      const parsed = parseTsvGenotypes(input.text, panel);
      const swabLine = input.text.split('\n').findIndex((line) => /^#\s*swab:/i.test(line)) + 1;
      const report = { markers: parsed.calls.length, skippedLines: 0, skippedReasons: {}, unplaced: 0 };
      return { swabCode: parsed.swabCode, swabLine, calls: parsed.calls, noCallRate: parsed.noCallRate, format: 'raw_tsv', report };
    }
    oneDog(parseTfam(input.tfam), 'the .tfam', (individual) => individual.individualId);
    return parsePlinkPair(input.tped, input.swabCode, panel, 'plink_tped');
  } catch (error) {
    throw asIngestError(error);
  }
}

/** A transposed pair: on our panel when it covers it, else an array export on its own markers. */
function parsePlinkPair(tped: string, swabCode: string, panel: MarkerPanel, format: ParsedGenotypeFile['format']): ParsedGenotypeFile {
  const own = parseTped(tped);
  const { coverage, markers } = labPanelCoverage(own, panel);
  if (coverage < 1 - DEFAULT_MAX_NO_CALL_RATE) {
    if (markers < MIN_ARRAY_MARKERS) throw new IngestError(`The file has ${markers} markers: an array export needs at least ${MIN_ARRAY_MARKERS}`);
    return { swabCode, calls: new Uint8Array(0), noCallRate: 0, format, array: own, report: reportOf(own) };
  }
  const parsed = parseTped(tped, panel);
  const noCallRate = parsed.calls.reduce((n, call) => n + (call === NO_CALL ? 1 : 0), 0) / parsed.calls.length;
  if (noCallRate > DEFAULT_MAX_NO_CALL_RATE) {
    throw new IngestError(`The file's ${parsed.markerCount} markers leave ${(noCallRate * 100).toFixed(1)}% of our ${parsed.calls.length} panel markers uncalled (at most ${DEFAULT_MAX_NO_CALL_RATE * 100}%)`);
  }
  return { swabCode, calls: parsed.calls, noCallRate, format, report: reportOf(parsed) };
}

export interface GenotypeAnalysis {
  results: StoredResults;
  breedShares: Map<string, number>;
  inferredSex: 'm' | 'f' | null;
  xHeterozygosity: number | null;
  sexMismatch: boolean;
  noCallRate: number;
}

const HEALTH_CALLS: Record<HealthStatus, StoredHealthCall> = { clear: 'clear', carrier: 'carrier', atRisk: 'at_risk', noCall: 'no_call', notTested: 'not_tested' };

export function analyseGenotype(reference: ReferencePanel, calls: Calls, statedSex: 'm' | 'f' | null): GenotypeAnalysis {
  const computed = computeResults({ reference, calls, statedSex });
  let missing = 0;
  for (const call of calls) if (call === 3) missing++;
  return {
    results: toStoredResults(computed),
    breedShares: new Map(Object.entries(computed.breedShares)),
    inferredSex: computed.inferredSex,
    xHeterozygosity: computed.notTested.includes('sex') ? null : computed.xHeterozygosity,
    sexMismatch: computed.sexMismatch,
    noCallRate: calls.length ? missing / calls.length : 1,
  };
}

export function toStoredResults(computed: DogResults): StoredResults {
  const mix = computed.breedMix;
  const { scenario, breedType } = classify(computed);
  return {
    breedMix: mix
      ? [
          ...mix.breedMix.filter((entry) => entry.breedSlug).map((entry) => ({ breedSlug: entry.breedSlug!, pct: entry.breedPct, colorIndex: entry.colorIndex, isTrace: false })),
          ...mix.traceBreeds.filter((trace) => trace.breedPct > 0).map((trace) => ({ breedSlug: trace.breedSlug, pct: trace.breedPct, colorIndex: 9, isTrace: true })),
        ]
      : [],
    breedType,
    scenario,
    mixName: mix?.breedMixName ?? 'not tested on this sample',
    health: computed.health.map((call) => ({
      conditionSlug: call.conditionId,
      call: HEALTH_CALLS[call.status],
      variantCopies: call.riskAlleleCopies,
      resultText: call.resultText,
      isBreedRelevant: call.isBreedRelevant,
    })),
    traits: computed.traits.map((call) => ({ locusSlug: traitLocusSlug(call.locusId), genotype: call.genotype ? call.notation : null, call: traitMeaning(call) })),
    predictedWeightLbs: computed.adultWeightLbs,
    wolfiness: computed.wolfinessPercent,
    wolfinessContext: wolfinessContext(computed.wolfinessPercent ?? null),
    coi: computed.coi,
    coatColour: computed.coatColour?.name ?? null,
    haplotypes: storedHaplotypes(computed.lineages),
  };
}

const LINEAGE_CALLS = { called: 'called', noCall: 'no_call', notTested: 'not_tested' } as const;

/** One row a lineage: the maternal one always, the paternal one only for males. */
export function storedHaplotypes(lineages: LineageCalls): StoredHaplotype[] {
  const row = (call: LineageCall): StoredHaplotype => ({
    lineage: call.lineage,
    call: LINEAGE_CALLS[call.status],
    haplogroup: call.haplogroup,
    haplotype: call.haplotype,
    markersCalled: call.markersCalled,
  });
  return lineages.paternal ? [row(lineages.maternal), row(lineages.paternal)] : [row(lineages.maternal)];
}

function classify(computed: DogResults): { scenario: StoredScenario; breedType: StoredBreedType } {
  const mix = computed.breedMix;
  if (!mix) return { scenario: 'mixed', breedType: 'mixed' };
  const top = mix.breedMix[0]?.breedSlug;
  if (top && breedBySlug(top)?.group === 'Village Dog') return { scenario: 'village', breedType: 'village' };
  switch (mix.breedMixScenario) {
    case 'purebred':
      return { scenario: 'purebred', breedType: 'purebred' };
    case 'twoBreedCross': {
      const [a, b] = mix.breedMix.map((entry) => entry.breedSlug);
      return a && b && designerCrossOf(a, b) ? { scenario: 'designer', breedType: 'designer' } : { scenario: 'first_cross', breedType: 'mixed' };
    }
    case 'supermuttMix':
      return { scenario: 'super_mutt', breedType: 'mixed' };
    default:
      return { scenario: 'mixed', breedType: 'mixed' };
  }
}

const lociById = new Map(TRAIT_LOCI.map((locus) => [locus.id, locus]));

/** What a locus genotype means, in the catalogue's words. */
export function traitMeaning(call: TraitCall): string {
  if (!call.genotype) return call.notation;
  const meanings = lociById.get(call.locusId)?.alleles ?? [];
  const meaning = (symbol: string) => meanings.find((allele) => allele.symbol === symbol)?.meaning ?? symbol;
  const [first, second] = call.genotype;
  return first === second ? `Two copies of ${first}: ${meaning(first)}` : `${first}: ${meaning(first)}; ${second}: ${meaning(second)}`;
}


/**
 * Results of a dog typed on an array our reference breeds do not cover: what the shared markers
 * support, 'not tested on this sample' for the rest; COI, sex and relatives from its own markers.
 */
export function analyseArrayGenotype(reference: ReferencePanel, arrayPanel: MarkerPanel, calls: Calls, statedSex: 'm' | 'f' | null): GenotypeAnalysis {
  const labPanel = reference.panel;
  const analysis = analyseGenotype(reference, remapCalls(arrayPanel, calls, labPanel), statedSex);
  const covered = (index: number | undefined) =>
    index !== undefined && arrayPanel.indexByLocation.at(labPanel.markers[index].chromosome, labPanel.markers[index].position) !== undefined;
  for (const row of analysis.results.health) {
    if (row.call === 'no_call' && !covered(labPanel.indexById.get(row.conditionSlug))) Object.assign(row, { call: 'not_tested', resultText: NOT_TESTED, variantCopies: null });
  }
  for (const row of analysis.results.traits) {
    const markers = labPanel.markers.flatMap((m, i) => (m.kind === 'trait' && m.variantOf && traitLocusSlug(m.variantOf) === row.locusSlug ? [i] : []));
    if (row.genotype === null && !markers.some((i) => covered(i))) row.call = NOT_TESTED;
  }
  // no reference breeds at the array's markers: runs are judged against the dog's own homozygosity
  const inbreeding = genomicInbreeding(arrayPanel, calls);
  const sex = inferSex(arrayPanel, calls);
  // lineages straight from the array's own Y and mitochondrial markers, read by position and base
  const lineages = callLineages(arrayPanel, calls, sex.inferredSex ?? statedSex);
  let missing = 0;
  for (const call of calls) if (call === NO_CALL) missing++;
  return {
    ...analysis,
    results: { ...analysis.results, coi: inbreeding.coveredBp > 0 ? Math.round(inbreeding.coi * 10000) / 10000 : null, haplotypes: storedHaplotypes(lineages) },
    inferredSex: sex.inferredSex,
    xHeterozygosity: sex.inferredSex === null ? null : sex.xHeterozygosity,
    sexMismatch: sexMismatch(statedSex, sex.inferredSex),
    noCallRate: calls.length ? missing / calls.length : 1,
  };
}
