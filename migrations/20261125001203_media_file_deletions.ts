import type { Knex } from 'knex';

// Issue 12: files of deleted media (or of a deleted dog's media) to remove from the media store.
// Written in the transaction that deletes the rows, removed once the files are gone, so a crash
// between the two leaves a row to retry rather than orphaned files.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('media_file_deletions', (t) => {
    t.text('public_id').primary();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('media_file_deletions');
}
