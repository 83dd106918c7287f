import type { Knex } from 'knex';

// Maternal and paternal lineages are called from Y and mitochondrial markers (issue 4). A sample
// whose file has none of a lineage's markers gets 'not_tested' ("not tested on this sample"), one
// whose markers fit no branch 'no_call'; both without names. A called lineage always has a
// haplogroup (e.g. A1e); its haplotype (e.g. A17, H1a.48) is null when the markers stop short of it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('haplotypes', (t) => {
    t.text('call').notNullable().defaultTo('called');
    t.smallint('markers_called');
    t.setNullable('haplotype');
    t.setNullable('haplogroup');
  });
  await knex.raw("alter table haplotypes add constraint haplotypes_call check (call in ('called', 'no_call', 'not_tested'))");
  await knex.raw("alter table haplotypes add constraint haplotypes_called_named check ((call = 'called') = (haplogroup is not null) and (haplotype is null or haplogroup is not null))");
}

export async function down(knex: Knex): Promise<void> {
  await knex('haplotypes').whereNot('call', 'called').orWhereNull('haplotype').delete();
  await knex.raw('alter table haplotypes drop constraint haplotypes_called_named');
  await knex.raw('alter table haplotypes drop constraint haplotypes_call');
  await knex.schema.alterTable('haplotypes', (t) => {
    t.dropNullable('haplotype');
    t.dropNullable('haplogroup');
    t.dropColumn('markers_called');
    t.dropColumn('call');
  });
}
