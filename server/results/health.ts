import type { Db } from '../db/index.js';
import { orderHealthResults, type HealthCondition } from './health-rules.js';

export type HealthFilter = 'all' | 'breed-relevant' | 'other';

/** A dog's health results joined with the condition details, in page order. */
export async function loadHealthResults(db: Db, petNum: number, filter: HealthFilter = 'all'): Promise<HealthCondition[]> {
  const results = (await loadHealthResultsForPets(db, [petNum])).get(petNum) ?? [];
  if (filter === 'all') return results;
  return results.filter((condition) => condition.isBreedRelevant === (filter === 'breed-relevant'));
}

/** The health results of many dogs in one query, each dog's in page order (for the GraphQL DataLoader). */
export async function loadHealthResultsForPets(db: Db, petNums: readonly number[]): Promise<Map<number, HealthCondition[]>> {
  const byPet = new Map<number, HealthCondition[]>();
  if (petNums.length === 0) return byPet;
  const rows: (HealthCondition & { petNum: number })[] = await db('health_results as r')
    .join('health_conditions as c', 'c.id', 'r.health_condition_id')
    .whereIn('r.pet_num', petNums)
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
    );
  for (const { petNum, ...row } of rows) {
    if (!byPet.has(petNum)) byPet.set(petNum, []);
    byPet.get(petNum)!.push({ ...row, references: Array.isArray(row.references) ? row.references : [] });
  }
  for (const [petNum, conditions] of byPet) byPet.set(petNum, orderHealthResults(conditions));
  return byPet;
}
