import type { Knex } from 'knex';

// Storing the first export of a new 230k-marker array took seconds (issue 7); this makes it one
// cheap row per marker.
//
// A panel's markers become one ordered array on the panel: marker_panels.marker_ids[i + 1] is the
// marker of panel index i, the order genotypes are packed in. It replaces the panel_markers
// table, whose index and foreign-key upkeep cost as much as the markers themselves. Read it with
// `unnest(marker_ids) with ordinality`. A marker in a panel still cannot be deleted: a trigger
// refuses it, as panel_markers' foreign key did.
//
// What a marker tests (a health condition's variant, a trait locus allele) moves to
// marker_variants: only the lab panel's few dozen named variants have it, and the two foreign
// keys on markers ran a trigger for every new array marker. Nothing looks markers up by name, so
// that index goes too (unplaced markers keep their unique name index).

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table marker_panels add column marker_ids integer[]');
  await knex.raw(`
    update marker_panels p
       set marker_ids = coalesce((select array_agg(pm.marker_id order by pm.idx) from panel_markers pm where pm.panel_id = p.id), '{}')`);
  // Written once and read whole: no compression attempt on a megabyte of ids.
  await knex.raw('alter table marker_panels alter column marker_ids set storage external');
  await knex.raw('alter table marker_panels alter column marker_ids set not null');
  await knex.raw('alter table marker_panels add constraint marker_panels_marker_ids check (cardinality(marker_ids) = marker_count and array_position(marker_ids, null) is null)');
  await knex.schema.dropTable('panel_markers');
  // Checked once a statement, against the deleted rows together: one join, however many rows go.
  await knex.raw(`
    create function markers_in_panel_restrict() returns trigger language plpgsql as $$
    declare
      used integer;
    begin
      select gone.id into used
        from gone join (select unnest(marker_ids) as id from marker_panels) as kept on kept.id = gone.id
       limit 1;
      if used is not null then
        raise exception 'marker % is in a marker panel', used using errcode = 'foreign_key_violation';
      end if;
      return null;
    end $$`);
  await knex.raw('create trigger markers_in_panel after delete on markers referencing old table as gone for each statement execute function markers_in_panel_restrict()');

  await knex.schema.createTable('marker_variants', (t) => {
    t.integer('marker_id').primary().references('markers.id').onDelete('CASCADE');
    t.integer('health_condition_id').references('health_conditions.id').onDelete('SET NULL');
    t.integer('trait_locus_id').references('trait_loci.id').onDelete('SET NULL');
    t.text('allele_label'); // notation of the alt allele at a trait locus, e.g. 'e' at E, 'KB' at K
    t.index(['health_condition_id']);
    t.index(['trait_locus_id']);
  });
  await knex.raw(`
    insert into marker_variants (marker_id, health_condition_id, trait_locus_id, allele_label)
    select id, health_condition_id, trait_locus_id, allele_label from markers
     where health_condition_id is not null or trait_locus_id is not null or allele_label is not null`);
  await knex.schema.alterTable('markers', (t) => {
    t.dropIndex(['name']);
    t.dropForeign(['health_condition_id']);
    t.dropForeign(['trait_locus_id']);
    t.dropIndex(['health_condition_id']);
    t.dropIndex(['trait_locus_id']);
    t.dropColumns('health_condition_id', 'trait_locus_id', 'allele_label');
  });
}

export async function down(knex: Knex): Promise<void> {
  // As 0005 made them.
  await knex.schema.alterTable('markers', (t) => {
    t.integer('health_condition_id').references('health_conditions.id').onDelete('SET NULL');
    t.integer('trait_locus_id').references('trait_loci.id').onDelete('SET NULL');
    t.text('allele_label');
    t.index(['name']);
    t.index(['health_condition_id']);
    t.index(['trait_locus_id']);
  });
  await knex.raw(`
    update markers m set health_condition_id = v.health_condition_id, trait_locus_id = v.trait_locus_id, allele_label = v.allele_label
      from marker_variants v where v.marker_id = m.id`);
  await knex.schema.dropTable('marker_variants');

  await knex.raw('drop trigger markers_in_panel on markers');
  await knex.raw('drop function markers_in_panel_restrict()');
  await knex.schema.createTable('panel_markers', (t) => {
    t.integer('panel_id').notNullable().references('marker_panels.id').onDelete('CASCADE');
    t.integer('idx').notNullable();
    t.integer('marker_id').notNullable().references('markers.id').onDelete('RESTRICT');
    t.primary(['panel_id', 'idx']);
    t.unique(['panel_id', 'marker_id']);
    t.index(['marker_id']);
    t.check('idx >= 0', [], 'panel_markers_idx');
  });
  await knex.raw(`
    insert into panel_markers (panel_id, idx, marker_id)
    select p.id, u.idx - 1, u.marker_id from marker_panels p cross join unnest(p.marker_ids) with ordinality as u(marker_id, idx)`);
  await knex.raw('alter table marker_panels drop constraint marker_panels_marker_ids');
  await knex.raw('alter table marker_panels drop column marker_ids');
}
