import type { Knex } from 'knex';

// Issue 18: results pages keep what they read in memory while nothing they read has changed. A
// sequence counts the committed transactions that wrote one of those tables: each such
// statement notes its transaction in page_data_changes (once), and a deferred trigger there
// takes the next value at commit, when the change becomes visible. No row is shared between
// writers, so writers never wait for each other. The sequence starts at a random value, so a
// recreated database never repeats a generation an app process still remembers.
export const PAGE_DATA_TABLES = [
  'pets',
  'swabs',
  'samples',
  'genotypes',
  'breeds',
  'breed_mix_summaries',
  'breed_mix_rows',
  'health_conditions',
  'health_condition_breeds',
  'health_results',
  'trait_categories',
  'trait_loci',
  'trait_results',
  'genetic_stats',
  'haplotypes',
  'family_tree_links',
  'relatives',
  'age_tests',
  'microbiome_tests',
];

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create sequence page_data_generation');
  await knex.raw("select setval('page_data_generation', 1 + floor(random() * 1e15)::bigint)");
  await knex.raw('create table page_data_changes (txid bigint primary key)');
  await knex.raw(`
    create function note_page_data_change() returns trigger language plpgsql as $$
    begin
      insert into page_data_changes (txid) values (txid_current()) on conflict do nothing;
      return null;
    end $$`);
  await knex.raw(`
    create function bump_page_data_generation() returns trigger language plpgsql as $$
    begin
      perform nextval('page_data_generation');
      delete from page_data_changes where txid = new.txid;
      return null;
    end $$`);
  await knex.raw(`
    create constraint trigger page_data_changes_commit after insert on page_data_changes
    deferrable initially deferred for each row execute function bump_page_data_generation()`);
  for (const table of PAGE_DATA_TABLES) {
    await knex.raw(`create trigger ${table}_page_data after insert or update or delete or truncate on ${table} for each statement execute function note_page_data_change()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [...PAGE_DATA_TABLES].reverse()) await knex.raw(`drop trigger if exists ${table}_page_data on ${table}`);
  await knex.raw('drop table page_data_changes');
  await knex.raw('drop function bump_page_data_generation()');
  await knex.raw('drop function note_page_data_change()');
  await knex.raw('drop sequence page_data_generation');
}
