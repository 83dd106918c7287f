import type { Knex } from 'knex';

// When the owner agreed that the dog's DNA may be used for research (kit activation's
// contribute-to-research step); null while pets.agreed_to_research is false.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pets', (t) => {
    t.timestamp('agreed_to_research_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pets', (t) => {
    t.dropColumn('agreed_to_research_at');
  });
}
