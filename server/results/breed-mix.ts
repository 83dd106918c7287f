import type { Db } from '../db/index.js';
import { byPet, petNumIn, type PetRead, readPet, readPets } from '../pets/reads.js';
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

/** Each dog's stored breed mix, or null before results. */
export const BREED_MIX: PetRead<BreedMixView | null> = {
  queries: (db, petNums) => ({
    summaries: db('breed_mix_summaries').where(petNumIn(db, 'pet_num', petNums)).select({ petNum: 'pet_num', breedType: 'breed_type', scenario: 'breed_mix_scenario', name: 'breed_mix_name' }),
    rows: db('breed_mix_rows')
      .join('breeds', 'breeds.id', 'breed_mix_rows.breed_id')
      .where(petNumIn(db, 'breed_mix_rows.pet_num', petNums))
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
  }),
  assemble({ summaries, rows }) {
    const rowsByPet = byPet(rows as (StoredBreedRow & { petNum: number })[]);
    const views = new Map<number, BreedMixView>();
    for (const summary of summaries) {
      const stored = (rowsByPet.get(summary.petNum) ?? []).map(({ petNum: _, ...row }) => ({ ...row, pct: Number(row.pct) }));
      const { breeds, traceBreeds } = displayBreedMix(stored);
      views.set(summary.petNum, {
        breedType: summary.breedType,
        breedMixScenario: summary.scenario,
        breedMixScenarioText: breeds.length === 0 ? breedMixNotTestedText : breedMixScenarioText(summary.scenario),
        breedMixName: summary.name,
        breeds,
        traceBreeds,
        topBreed: breeds.find((breed) => breed.breedId !== null) ?? null,
      });
    }
    return views;
  },
  missing: () => null,
  versioned: true,
};

/** The breed mixes of many dogs in one statement; dogs without results are absent. */
export async function loadBreedMixes(db: Db, petNums: readonly number[]): Promise<Map<number, BreedMixView>> {
  const { mixes } = await readPets(db, petNums, { mixes: BREED_MIX });
  return mixes as Map<number, BreedMixView>;
}

/** One dog's breed mix, or null before results. */
export async function loadBreedMix(db: Db, petNum: number): Promise<BreedMixView | null> {
  return (await readPet(db, petNum, { mix: BREED_MIX })).mix;
}
