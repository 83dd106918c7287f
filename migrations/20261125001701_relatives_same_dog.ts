import type { Knex } from 'knex';

// A dog compared with itself (the same dog registered twice, a re-test on another array version,
// an identical twin) is its own relatedness category, 'same_dog', not 'immediate family' (issue 17).

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table relatives drop constraint relatives_category');
  await knex.raw("alter table relatives add constraint relatives_category check (category in ('same_dog', 'immediate_family', 'close_family', 'extended_family', 'distant_relative'))");
}

export async function down(knex: Knex): Promise<void> {
  await knex('relatives').where({ category: 'same_dog' }).update({ category: 'immediate_family' });
  await knex.raw('alter table relatives drop constraint relatives_category');
  await knex.raw("alter table relatives add constraint relatives_category check (category in ('immediate_family', 'close_family', 'extended_family', 'distant_relative'))");
}
