import type { Knex } from 'knex';

// Issue 32: what the lab stored for a dog (breed mix, health and trait results, genetic stats,
// lineages, genotypes) changes only when the lab writes it. `pets.results_version` takes a new value
// from the sequence `results_versions` in the statement that writes any of it, so an app process
// may keep what it read of a dog's results under (dog, version) and a write invalidates only that
// dog's. The sequence is no table's own and starts at a random value: a value is never given twice,
// even after a test truncates the tables or a database is made again.
export const RESULT_TABLES = ['breed_mix_summaries', 'breed_mix_rows', 'health_results', 'trait_results', 'genetic_stats', 'haplotypes', 'genotypes'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create sequence results_versions');
  await knex.raw("select setval('results_versions', 1 + floor(random() * 1e12)::bigint)");
  await knex.raw("alter table pets add column results_version bigint not null default nextval('results_versions')");
  await knex.raw(`
    create function bump_results_version() returns trigger language plpgsql as $$
    begin
      update pets set results_version = nextval('results_versions') where pet_num in (select distinct pet_num from changed_rows);
      return null;
    end $$`);
  for (const table of RESULT_TABLES) {
    await knex.raw(`create trigger ${table}_results_inserted after insert on ${table} referencing new table as changed_rows for each statement execute function bump_results_version()`);
    await knex.raw(`create trigger ${table}_results_updated after update on ${table} referencing new table as changed_rows for each statement execute function bump_results_version()`);
    await knex.raw(`create trigger ${table}_results_deleted after delete on ${table} referencing old table as changed_rows for each statement execute function bump_results_version()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of RESULT_TABLES) {
    for (const event of ['inserted', 'updated', 'deleted']) await knex.raw(`drop trigger ${table}_results_${event} on ${table}`);
  }
  await knex.raw('drop function bump_results_version()');
  await knex.raw('alter table pets drop column results_version');
  await knex.raw('drop sequence results_versions');
}
