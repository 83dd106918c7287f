import type { Db } from '../db/index.js';
import { breedMixScenarioText, displayBreedMix, type DisplayBreed, type StoredBreedRow } from './breed-mix-rules.js';

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
    breedMixScenarioText: breedMixScenarioText(summary.breed_mix_scenario),
    breedMixName: summary.breed_mix_name,
    breeds,
    traceBreeds,
    topBreed: breeds.find((breed) => breed.breedId !== null) ?? null,
  };
}
