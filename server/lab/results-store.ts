import type { Db } from '../db/index.js';
import type { CatalogueIds } from './catalogue-ids.js';

export type StoredBreedType = 'purebred' | 'designer' | 'mixed' | 'village';
export type StoredScenario = 'purebred' | 'designer' | 'first_cross' | 'mixed' | 'super_mutt' | 'village';
export type StoredHealthCall = 'clear' | 'carrier' | 'at_risk' | 'no_call' | 'not_tested';

/** Everything the lab stores for a dog, in the database's words. */
export interface StoredResults {
  breedMix: { breedSlug: string; pct: number; colorIndex: number; isTrace: boolean }[];
  breedType: StoredBreedType;
  scenario: StoredScenario;
  mixName: string;
  health: { conditionSlug: string; call: StoredHealthCall; variantCopies: number | null; resultText: string; isBreedRelevant: boolean }[];
  traits: { locusSlug: string; genotype: string | null; call: string }[];
  predictedWeightLbs: number | null;
  wolfiness: number | null;
  wolfinessContext: string | null;
  coi: number | null;
  coatColour: string | null;
  /** Maternal lineage always; paternal for males only (a female has no row). */
  haplotypes: StoredHaplotype[];
}

export type StoredLineageCall = 'called' | 'no_call' | 'not_tested';

export interface StoredHaplotype {
  lineage: 'maternal' | 'paternal';
  call: StoredLineageCall;
  /** e.g. A1e (maternal) or A1a (paternal); null unless called. */
  haplogroup: string | null;
  /** e.g. A17 (maternal) or H1a.48 (paternal); null when not called or not resolved below the haplogroup. */
  haplotype: string | null;
  markersCalled: number;
}

export type ResultTable = 'breed_mix_summaries' | 'breed_mix_rows' | 'genetic_stats' | 'health_results' | 'trait_results' | 'haplotypes';
export const RESULT_TABLES: readonly ResultTable[] = ['breed_mix_rows', 'breed_mix_summaries', 'genetic_stats', 'health_results', 'trait_results', 'haplotypes'];

/** A dog's results as rows of each results table. */
export function resultRows(ids: CatalogueIds, petNum: number, genotypeId: number | null, results: StoredResults): Record<ResultTable, Record<string, unknown>[]> {
  const id = <K>(map: ReadonlyMap<K, number>, key: K, what: string) => {
    const found = map.get(key);
    if (found === undefined) throw new Error(`Results refer to an unknown ${what}: ${String(key)}`);
    return found;
  };
  return {
    breed_mix_summaries: [{ pet_num: petNum, genotype_id: genotypeId, breed_type: results.breedType, breed_mix_scenario: results.scenario, breed_mix_name: results.mixName }],
    breed_mix_rows: results.breedMix.map((row, index) => ({
      pet_num: petNum,
      breed_id: id(ids.breed, row.breedSlug, 'breed'),
      pct: row.pct,
      color_index: row.colorIndex,
      is_trace: row.isTrace,
      rank: index + 1,
    })),
    genetic_stats: [
      {
        pet_num: petNum,
        genotype_id: genotypeId,
        predicted_weight_lbs: results.predictedWeightLbs,
        wolfiness: results.wolfiness,
        wolfiness_context: results.wolfinessContext,
        coi: results.coi,
        predicted_coat_colour: results.coatColour,
      },
    ],
    health_results: results.health.map((row) => ({
      pet_num: petNum,
      health_condition_id: id(ids.healthCondition, row.conditionSlug, 'health condition'),
      genotype_id: genotypeId,
      call: row.call,
      variant_copies: row.variantCopies,
      result_text: row.resultText,
      is_breed_relevant: row.isBreedRelevant,
    })),
    trait_results: results.traits.map((row) => ({
      pet_num: petNum,
      trait_locus_id: id(ids.traitLocus, row.locusSlug, 'trait locus'),
      genotype_id: genotypeId,
      genotype: row.genotype,
      call: row.call,
      is_tested: row.genotype !== null,
    })),
    haplotypes: results.haplotypes.map((row) => ({ pet_num: petNum, lineage: row.lineage, call: row.call, haplogroup: row.haplogroup, haplotype: row.haplotype, markers_called: row.markersCalled })),
  };
}

const BATCH = 1000;

/** Inserts results rows of many dogs, a thousand rows a statement (parents before children). */
export async function insertResultRows(db: Db, rows: Record<ResultTable, Record<string, unknown>[]>): Promise<void> {
  for (const table of ['breed_mix_summaries', 'breed_mix_rows', 'genetic_stats', 'health_results', 'trait_results', 'haplotypes'] as const) {
    for (let start = 0; start < rows[table].length; start += BATCH) await db(table).insert(rows[table].slice(start, start + BATCH));
  }
}

/** Replaces a dog's computed results; call inside the ingest transaction. */
export async function storeResults(db: Db, ids: CatalogueIds, petNum: number, genotypeId: number | null, results: StoredResults): Promise<void> {
  const rows = resultRows(ids, petNum, genotypeId, results);
  for (const table of RESULT_TABLES) await db(table).where({ pet_num: petNum }).delete();
  await insertResultRows(db, rows);
}

/** Breed shares (slug → fraction) of stored dogs, for relatedness backgrounds. */
export async function storedBreedShares(db: Db, ids: CatalogueIds, petNums: readonly number[]): Promise<Map<number, Map<string, number>>> {
  const rows: { pet_num: number; breed_id: number; pct: string }[] = await db('breed_mix_rows').whereIn('pet_num', petNums).select('pet_num', 'breed_id', 'pct');
  const shares = new Map<number, Map<string, number>>();
  for (const row of rows) {
    const slug = ids.breedSlug.get(row.breed_id);
    if (!slug) continue;
    if (!shares.has(row.pet_num)) shares.set(row.pet_num, new Map());
    shares.get(row.pet_num)!.set(slug, Number(row.pct) / 100);
  }
  return shares;
}
