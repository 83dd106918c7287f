import type { Db } from '../db/index.js';
import { breedMixScenarioText, breedMixNotTestedText, displayBreedMix, type DisplayBreed, type StoredBreedRow } from './breed-mix-rules.js';

export interface BreedMixView {
  breedType: string;
  breedMixScenario: string;
  breedMixScenarioText: string;
  breedMixName: string;
  breeds: DisplayBreed[];
  traceBreeds: DisplayBreed[];
  /** The largest named breed, when there is one. */
  topBreed: DisplayBreed | null;
}

/** A dog's stored breed mix, or null before results. */
export async function loadBreedMix(db: Db, petNum: number): Promise<BreedMixView | null> {
  const [summary, rows] = await Promise.all([
    db('breed_mix_summaries').where({ pet_num: petNum }).first('breed_type', 'breed_mix_scenario', 'breed_mix_name'),
    db('breed_mix_rows')
      .join('breeds', 'breeds.id', 'breed_mix_rows.breed_id')
      .where('breed_mix_rows.pet_num', petNum)
      .orderBy('breed_mix_rows.rank')
      .select('breeds.id as breedId', 'breeds.name as breedName', 'breeds.slug', 'breed_mix_rows.pct', 'breed_mix_rows.color_index as colorIndex', 'breed_mix_rows.is_trace as isTrace'),
  ]);
  if (!summary) return null;
  const stored: StoredBreedRow[] = rows.map((row: StoredBreedRow & { pct: string | number }) => ({ ...row, pct: Number(row.pct) }));
  const { breeds, traceBreeds } = displayBreedMix(stored);
  return {
    breedType: summary.breed_type,
    breedMixScenario: summary.breed_mix_scenario,
    breedMixScenarioText: breeds.length === 0 ? breedMixNotTestedText : breedMixScenarioText(summary.breed_mix_scenario),
    breedMixName: summary.breed_mix_name,
    breeds,
    traceBreeds,
    topBreed: breeds.find((breed) => breed.breedId !== null) ?? null,
  };
}

/** The breed mixes of many dogs in two queries (for the GraphQL DataLoader); dogs without results are absent. */
export async function loadBreedMixes(db: Db, petNums: readonly number[]): Promise<Map<number, BreedMixView>> {
  const views = new Map<number, BreedMixView>();
  if (petNums.length === 0) return views;
  const [summaries, rows] = await Promise.all([
    db('breed_mix_summaries').whereIn('pet_num', petNums).select('pet_num', 'breed_type', 'breed_mix_scenario', 'breed_mix_name'),
    db('breed_mix_rows')
      .join('breeds', 'breeds.id', 'breed_mix_rows.breed_id')
      .whereIn('breed_mix_rows.pet_num', petNums)
      .orderBy('breed_mix_rows.pet_num')
      .orderBy('breed_mix_rows.rank')
      .select(
        'breed_mix_rows.pet_num as petNum',
        'breeds.id as breedId',
        'breeds.name as breedName',
        'breeds.slug',
        'breed_mix_rows.pct',
        'breed_mix_rows.color_index as colorIndex',
        'breed_mix_rows.is_trace as isTrace',
      ),
  ]);
  const rowsByPet = new Map<number, StoredBreedRow[]>();
  for (const { petNum, ...row } of rows as (StoredBreedRow & { petNum: number; pct: string | number })[]) {
    if (!rowsByPet.has(petNum)) rowsByPet.set(petNum, []);
    rowsByPet.get(petNum)!.push({ ...row, pct: Number(row.pct) });
  }
  for (const summary of summaries) {
    const { breeds, traceBreeds } = displayBreedMix(rowsByPet.get(summary.pet_num) ?? []);
    views.set(summary.pet_num, {
      breedType: summary.breed_type,
      breedMixScenario: summary.breed_mix_scenario,
      breedMixScenarioText: breeds.length === 0 ? breedMixNotTestedText : breedMixScenarioText(summary.breed_mix_scenario),
      breedMixName: summary.breed_mix_name,
      breeds,
      traceBreeds,
      topBreed: breeds.find((breed) => breed.breedId !== null) ?? null,
    });
  }
  return views;
}
