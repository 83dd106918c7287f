import type { Db } from '../db/index.js';
import type { Population, PopulationDog } from '../genetics/simulate/population.js';
import { packGenotype } from '../genetics/genotype.js';
import type { Lab } from '../lab/lab.js';
import type { GenotypeAnalysis } from '../lab/engine.js';
import type { DemoHome } from './homes.js';
import { insertResultRows, resultRows, RESULT_TABLES, type ResultTable } from '../lab/results-store.js';
import { upsertRelatives } from '../lab/relatives-store.js';
import { handleBaseFor } from '../pets/handles.js';
import { analysePopulation } from './genetics-pool.js';

export interface SimulatedDogRecord {
  dog: PopulationDog;
  analysis: GenotypeAnalysis;
}

export interface LoadedPopulation {
  dogs: SimulatedDogRecord[];
  /** Population dog id → pet number. */
  petNums: Map<number, number>;
  timings: Record<string, number>;
}

const BATCH = 500;

async function insertInBatches(db: Db, table: string, rows: object[], returning?: string): Promise<Record<string, number>[]> {
  const out: Record<string, number>[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    const query = db(table).insert(rows.slice(start, start + BATCH));
    if (returning) out.push(...(await query.returning(returning)));
    else await query;
  }
  return out;
}

function birthDate(dog: PopulationDog): string {
  return `${dog.birthYear}-${String(1 + (dog.id % 12)).padStart(2, '0')}-${String(1 + (dog.id % 28)).padStart(2, '0')}`;
}

/**
 * Stores simulated dogs as the lab would: each with its swab, genotype and results, then every
 * pair of relatives. The genetics run on worker threads; `place` says whose each dog is.
 */
export interface Placement {
  /** Null for a patient its vet practice registered before the client had an account. */
  ownerId: number | null;
  /** Overrides the simulated name (demo accounts' dogs get familiar ones). */
  name?: string;
  /** Overrides the simulated birth date; null when the owner does not know it. */
  dateOfBirth?: string | null;
  /** Where the dog lives (its 'live' place), if its owner said. */
  home?: DemoHome | null;
}

export async function loadSimulatedPopulation(db: Db, lab: Lab, population: Population, place: (dog: PopulationDog) => Placement): Promise<LoadedPopulation> {
  const timings: Record<string, number> = {};
  let clock = Date.now();
  const lap = (name: string) => {
    timings[name] = Date.now() - clock;
    clock = Date.now();
  };

  const { analyses, relatives, timings: genetics } = await analysePopulation(lab.options, population.dogs);
  Object.assign(timings, genetics);
  const dogs = population.dogs.map((dog, i) => ({ dog, analysis: analyses[i], placement: place(dog) }));
  clock = Date.now();

  const petNums = new Map<number, number>();
  await db.transaction(async (trx) => {
    const pets = await insertInBatches(
      trx,
      'pets',
      dogs.map(({ dog, placement }, index) => ({
        name: placement.name ?? dog.name,
        handle: `${handleBaseFor(placement.name ?? dog.name).slice(0, 40)}-${dog.id}`,
        sex: dog.sex,
        date_of_birth: placement.dateOfBirth === undefined ? birthDate(dog) : placement.dateOfBirth,
        is_date_of_birth_estimated: index % 3 === 0,
        breed_type: dog.kind === 'purebred' ? 'purebred' : dog.kind === 'designerCross' ? 'designer' : 'mixed',
        avatar_color_index: 1 + (dog.id % 9),
        privacy: index % 10 === 0 ? 'public-private' : 'public',
      })),
      'pet_num',
    );
    dogs.forEach(({ dog }, index) => petNums.set(dog.id, pets[index].pet_num));
    await insertInBatches(
      trx,
      'pet_owners',
      dogs.filter(({ placement }) => placement.ownerId !== null).map(({ dog, placement }) => ({ pet_num: petNums.get(dog.id), user_id: placement.ownerId, permission: 'edit', is_primary: true })),
    );
    await insertInBatches(
      trx,
      'locations',
      dogs.filter(({ placement }) => placement.home).map(({ dog, placement }) => ({ ...placement.home, pet_num: petNums.get(dog.id) })),
    );
    const swabs = await insertInBatches(
      trx,
      'swabs',
      dogs.map(({ dog }) => ({
        swab_code: `SIMSWAB${String(dog.id).padStart(7, '0')}`,
        pet_num: petNums.get(dog.id),
        swab_state: 'released',
        product_type: dog.kind === 'purebred' ? 'ComprehensiveBreeder' : 'ComprehensiveConsumer',
        purchase_source: 'shop',
        activated_at: trx.raw("now() - interval '90 days'"),
        received_at: trx.raw("now() - interval '80 days'"),
        health_results_released_at: trx.raw("now() - interval '60 days'"),
        breed_results_released_at: trx.raw("now() - interval '60 days'"),
      })),
      'id',
    );
    const samples = await insertInBatches(
      trx,
      'samples',
      swabs.map((swab) => ({ swab_id: swab.id, sample_state: 'released', genotyped_at: trx.raw("now() - interval '65 days'"), released_at: trx.raw("now() - interval '60 days'") })),
      'id',
    );
    const genotypes = await insertInBatches(
      trx,
      'genotypes',
      dogs.map(({ dog, analysis }, index) => ({
        sample_id: samples[index].id,
        pet_num: petNums.get(dog.id),
        panel_id: lab.panelId,
        marker_count: dog.calls.length,
        calls: Buffer.from(packGenotype(dog.calls)),
        call_rate: Math.round((1 - analysis.noCallRate) * 10000) / 10000,
        source_format: 'simulated',
        stated_sex: dog.sex,
        inferred_sex: analysis.inferredSex,
        x_heterozygosity: analysis.xHeterozygosity == null ? null : Math.round(analysis.xHeterozygosity * 1e5) / 1e5,
      })),
      'id',
    );
    lap('store dogs');
    const rows = Object.fromEntries(RESULT_TABLES.map((table) => [table, [] as Record<string, unknown>[]])) as Record<ResultTable, Record<string, unknown>[]>;
    dogs.forEach(({ dog, analysis }, index) => {
      const dogRows = resultRows(lab.ids, petNums.get(dog.id)!, genotypes[index].id, analysis.results);
      for (const table of RESULT_TABLES) rows[table].push(...dogRows[table]);
    });
    await insertResultRows(trx, rows);
    lap('store results');
    for (const { index, matches } of relatives) {
      const petNum = petNums.get(population.dogs[index].id)!;
      // the workers know dogs by their index in the population
      await upsertRelatives(trx, petNum, matches.map((match) => ({ ...match, otherPetNum: petNums.get(population.dogs[match.otherPetNum].id)! })));
    }
    lap('store relatives');
  });
  return { dogs, petNums, timings };
}
