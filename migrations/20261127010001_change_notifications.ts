import type { Knex } from 'knex';

// Issue 18: app processes keep sessions and pages in memory while nothing they were read from has
// changed (server/db/change-clock.ts). The page-data generation (20261125001801) now moves on a
// committed write to every table but the few below, and each move is NOTIFYed to the listening
// processes. The tables left out are written on every sign-in attempt or public profile view, or
// only by the machinery that sends mail and runs jobs, and no kept page shows them.
export const UNWATCHED_TABLES = [
  'knex_migrations',
  'knex_migrations_lock',
  'page_data_changes',
  'login_attempts',
  'activation_code_attempts',
  'profile_view_visitors',
  'profile_views_by_day',
  'audit_log',
  'outbox',
  'jobs',
  'media_file_deletions',
];

const unwatched = () => UNWATCHED_TABLES.map((table) => `'${table}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function bump_page_data_generation() returns trigger language plpgsql as $$
    begin
      perform pg_notify('page_data_generation', nextval('page_data_generation')::text);
      delete from page_data_changes where txid = new.txid;
      return null;
    end $$`);
  // Every table without the trigger yet: tables made by later migrations add theirs (see watch_table_changes).
  await knex.raw(`
    create or replace function watch_table_changes(target regclass) returns void language plpgsql as $$
    begin
      execute format('create trigger %I after insert or update or delete or truncate on %s for each statement execute function note_page_data_change()',
                     (select relname from pg_class where oid = target) || '_page_data', target);
    end $$`);
  await knex.raw(`
    select watch_table_changes(c.oid::regclass)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r'
      and c.relname not in (${unwatched()})
      and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = c.relname || '_page_data')`);
}

export async function down(knex: Knex): Promise<void> {
  const { PAGE_DATA_TABLES } = await import('./20261125001801_page_data_generation.js');
  const kept = [...PAGE_DATA_TABLES, 'marker_panels'].map((table) => `'${table}'`).join(', ');
  await knex.raw(`
    do $$ declare r record; begin
      for r in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_trigger t on t.tgrelid = c.oid and t.tgname = c.relname || '_page_data'
               where n.nspname = current_schema() and c.relname not in (${kept}) loop
        execute format('drop trigger %I on %I', r.relname || '_page_data', r.relname);
      end loop;
    end $$`);
  await knex.raw('drop function watch_table_changes(regclass)');
  await knex.raw(`
    create or replace function bump_page_data_generation() returns trigger language plpgsql as $$
    begin
      perform nextval('page_data_generation');
      delete from page_data_changes where txid = new.txid;
      return null;
    end $$`);
}
