import type { Knex } from 'knex';

// Issue 32: pages read what they show on every view (a few statements each), so nothing is kept
// in memory against a global change counter any more. The counter of 20261125001801, its
// per-table triggers (20261127010001) and the NOTIFY at every commit go.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    do $$ declare r record; begin
      for r in select c.relname as tablename, t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
               where n.nspname = current_schema() and t.tgname = c.relname || '_page_data' loop
        execute format('drop trigger %I on %I', r.tgname, r.tablename);
      end loop;
    end $$`);
  await knex.raw('drop table if exists page_data_changes');
  await knex.raw('drop function if exists watch_table_changes(regclass)');
  await knex.raw('drop function if exists bump_page_data_generation()');
  await knex.raw('drop function if exists note_page_data_change()');
  await knex.raw('drop sequence if exists page_data_generation');
}

// Rolling back puts the counter and its triggers back as the three migrations made them.
export async function down(knex: Knex): Promise<void> {
  await (await import('./20261125001801_page_data_generation.js')).up(knex);
  await (await import('./202611260401_marker_panels_page_data.js')).up(knex);
  await (await import('./20261127010001_change_notifications.js')).up(knex);
}
