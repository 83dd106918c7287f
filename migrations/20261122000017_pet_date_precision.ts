import type { Knex } from 'knex';

// Dates of birth and adoption are entered as day / month / year parts, any of day and month
// optional (spec 1 §3, §5). The date column holds the first day of what is known and the
// precision says which parts were given, so the parts round-trip. A date without a precision
// (rows written before this migration) counts as a whole date.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pets', (t) => {
    t.text('date_of_birth_precision');
    t.text('date_of_adoption_precision');
    t.check("date_of_birth_precision in ('day', 'month', 'year')", [], 'pets_date_of_birth_precision');
    t.check("date_of_adoption_precision in ('day', 'month', 'year')", [], 'pets_date_of_adoption_precision');
    t.check("date_of_adoption is null or date_of_adoption >= date '1989-01-01'", [], 'pets_date_of_adoption_range');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pets', (t) => {
    t.dropChecks(['pets_date_of_birth_precision', 'pets_date_of_adoption_precision', 'pets_date_of_adoption_range']);
    t.dropColumn('date_of_birth_precision');
    t.dropColumn('date_of_adoption_precision');
  });
}
