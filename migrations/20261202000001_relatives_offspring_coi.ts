import type { Knex } from 'knex';

// Issue 35 §2: the COI puppies of the pair are expected to measure, stored with the pair when the lab
// finds them related, so the pair predictor and the matchmaker show one figure. Null for pairs stored
// before: readers fall back to the kinship.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table relatives add column offspring_coi real');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table relatives drop column offspring_coi');
}
