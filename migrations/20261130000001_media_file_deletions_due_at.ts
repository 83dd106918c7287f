import type { Knex } from 'knex';

// Issue 30 (kill -9 during an upload): the files of an upload are written before its media row, so
// an upload killed between the two left a folder no row names. The upload now records its folder
// here first, due an hour later; the row's transaction takes the record back. Whatever a crash
// leaves behind comes due and is swept like a deleted photo's files.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media_file_deletions', (t) => {
    t.timestamp('due_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['due_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media_file_deletions', (t) => {
    t.dropIndex(['due_at']);
    t.dropColumn('due_at');
  });
}
