import type { Knex } from 'knex';

// The coat colour the colour loci predict (issue 3: trait calls include the predicted coat colour).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('genetic_stats', (t) => {
    t.text('predicted_coat_colour');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('genetic_stats', (t) => {
    t.dropColumn('predicted_coat_colour');
  });
}
