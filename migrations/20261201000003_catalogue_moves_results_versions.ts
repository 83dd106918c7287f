import type { Knex } from 'knex';

// Issue 32: a dog's kept results include the catalogue's words (condition names and descriptions,
// trait and breed names). A change of the catalogue (a deployment's sync, rarely an admin's edit)
// gives every dog a new results version; a sync that changes nothing moves none.
const CATALOGUE_TABLES = ['health_conditions', 'trait_loci', 'trait_categories', 'breeds'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function catalogue_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        if not exists (select 1 from new_rows n join old_rows o on o.id = n.id where n is distinct from o) then return null; end if;
      elsif not exists (select 1 from changed_rows) then
        return null;
      end if;
      update pets set results_version = nextval('results_versions');
      return null;
    end $$`);
  for (const table of CATALOGUE_TABLES) {
    await knex.raw(`create trigger ${table}_catalogue_inserted after insert on ${table} referencing new table as changed_rows for each statement execute function catalogue_changed()`);
    await knex.raw(`create trigger ${table}_catalogue_updated after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function catalogue_changed()`);
    await knex.raw(`create trigger ${table}_catalogue_deleted after delete on ${table} referencing old table as changed_rows for each statement execute function catalogue_changed()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of CATALOGUE_TABLES) {
    for (const event of ['inserted', 'updated', 'deleted']) await knex.raw(`drop trigger ${table}_catalogue_${event} on ${table}`);
  }
  await knex.raw('drop function catalogue_changed()');
}
