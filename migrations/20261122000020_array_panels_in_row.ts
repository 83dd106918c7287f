import type { Knex } from 'knex';

// The first export of a new 230k-marker array spent most of its time inserting a marker row for
// every probe (issue 7: under 2 s, on the embedded database too). An array's markers now live in
// its panel row: probe names, chromosomes and positions as space-separated text, alleles as text
// of one letter a marker (learned from the exports; alleles_version guards concurrent learning).
// Its marker_ids stay empty. The lab panel keeps its marker rows; an array meets it, and other
// arrays, by chromosome and position.

const ARRAY_COLUMNS = ['probe_names', 'chromosome_list', 'position_list', 'ref_alleles', 'alt_alleles'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('marker_panels', (t) => {
    for (const column of ARRAY_COLUMNS) t.text(column);
    t.integer('alleles_version').notNullable().defaultTo(0);
  });
  for (const column of ARRAY_COLUMNS) await knex.raw(`alter table marker_panels alter column ${column} set storage external`);
  await knex.raw('alter table marker_panels drop constraint marker_panels_marker_ids');
  // Array panels stored so far move their markers into the row.
  await knex.raw(`
    update marker_panels p
       set probe_names = agg.names, chromosome_list = agg.chromosomes, position_list = agg.positions,
           ref_alleles = agg.refs, alt_alleles = agg.alts, marker_ids = '{}'
      from (select p2.id,
                   string_agg(m.name, ' ' order by u.idx) as names,
                   string_agg(m.chromosome::text, ' ' order by u.idx) as chromosomes,
                   string_agg(m.position::text, ' ' order by u.idx) as positions,
                   string_agg(left(m.ref_allele, 1), '' order by u.idx) as refs,
                   string_agg(left(m.alt_allele, 1), '' order by u.idx) as alts
              from marker_panels p2
              cross join unnest(p2.marker_ids) with ordinality as u(marker_id, idx)
              join markers m on m.id = u.marker_id
             where p2.name like 'array-%'
             group by p2.id) agg
     where p.id = agg.id`);
  await knex.raw(`
    alter table marker_panels add constraint marker_panels_markers check (
      array_position(marker_ids, null) is null and (
        (probe_names is null and ref_alleles is null and alt_alleles is null and chromosome_list is null and position_list is null
          and cardinality(marker_ids) = marker_count)
        or (probe_names is not null and chromosome_list is not null and position_list is not null and cardinality(marker_ids) = 0
          and length(ref_alleles) = marker_count and length(alt_alleles) = marker_count)))`);
}

export async function down(knex: Knex): Promise<void> {
  // Array panels would need a marker row for every probe again: rather than invent that data
  // movement, down refuses while array panels with in-row markers exist.
  const { rows } = await knex.raw<{ rows: unknown[] }>('select 1 from marker_panels where probe_names is not null limit 1');
  if (rows.length > 0) throw new Error('Cannot undo 20261122000020 while array panels keep their markers in their row');
  await knex.raw('alter table marker_panels drop constraint marker_panels_markers');
  await knex.raw('alter table marker_panels add constraint marker_panels_marker_ids check (cardinality(marker_ids) = marker_count and array_position(marker_ids, null) is null)');
  await knex.schema.alterTable('marker_panels', (t) => {
    t.dropColumns(...ARRAY_COLUMNS, 'alleles_version');
  });
}
