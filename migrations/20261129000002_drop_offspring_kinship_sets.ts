import type { Knex } from 'knex';
import { up as createOffspringKinshipSets } from './20261128000001_offspring_kinship_sets.js';

// Issue 14: the matchmaker reads each pair's kinship from the relatives the lab stores at release
// (server/breeders/parents-kinship.ts), so the offspring COIs it used to work out and keep per
// chosen dog (20261128000001) are not needed.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('offspring_kinship_sets');
}

export async function down(knex: Knex): Promise<void> {
  await createOffspringKinshipSets(knex);
}
