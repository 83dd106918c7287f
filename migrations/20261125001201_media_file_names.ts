import type { Knex } from 'knex';

// Issue 12: a document keeps the name it was uploaded with, shown in the gallery's document list.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media', (t) => {
    t.text('original_file_name');
    t.check('char_length(original_file_name) between 1 and 255', [], 'media_original_file_name_length');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media', (t) => {
    t.dropChecks(['media_original_file_name_length']);
    t.dropColumn('original_file_name');
  });
}
