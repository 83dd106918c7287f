import type { Db } from '../db/index.js';
import { byPet, petNumIn, type PetRead, readPets } from '../pets/reads.js';
import { orderHealthResults, type HealthCondition } from './health-rules.js';

export type HealthFilter = 'all' | 'breed-relevant' | 'other';

/** Each dog's health results joined with the condition details, in page order. */
export const HEALTH_RESULTS: PetRead<HealthCondition[]> = {
  queries: (db, petNums) => ({
    results: db('health_results as r')
      .join('health_conditions as c', 'c.id', 'r.health_condition_id')
      .where(petNumIn(db, 'r.pet_num', petNums))
      .select(
        'r.pet_num as petNum',
        'c.id',
        'c.name',
        'c.severity',
        'c.gene',
        'c.variant',
        'c.mode_of_inheritance as modeOfInheritance',
        'c.description',
        'c.citations as references',
        'c.is_beta as isBeta',
        'r.call',
        'r.variant_copies as variantCopies',
        'r.result_text as resultText',
        'r.is_breed_relevant as isBreedRelevant',
      ),
  }),
  assemble: ({ results }) =>
    new Map(
      [...byPet(results as (HealthCondition & { petNum: number })[])].map(([petNum, rows]) => [
        petNum,
        orderHealthResults(rows.map(({ petNum: _, ...row }) => ({ ...row, references: Array.isArray(row.references) ? row.references : [] }))),
      ]),
    ),
  missing: () => [],
  versioned: true,
};

/** The conditions of a health page's filter. */
export function filterHealthResults(results: HealthCondition[], filter: HealthFilter): HealthCondition[] {
  return filter === 'all' ? results : results.filter((condition) => condition.isBreedRelevant === (filter === 'breed-relevant'));
}

/** The health results of many dogs in one statement, each dog's in page order. */
export async function loadHealthResultsForPets(db: Db, petNums: readonly number[]): Promise<Map<number, HealthCondition[]>> {
  return (await readPets(db, petNums, { health: HEALTH_RESULTS })).health;
}
