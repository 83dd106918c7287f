import type { Knex } from 'knex';

// Issue 17: the results pages tell a dog whose results come from another lab's DNA file by its
// genotype's panel (an array panel has probe names), so marker_panels is read by cached pages and
// its writes move the page-data generation too (see 20261125001801_page_data_generation).
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create trigger marker_panels_page_data after insert or update or delete or truncate on marker_panels for each statement execute function note_page_data_change()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists marker_panels_page_data on marker_panels');
}
