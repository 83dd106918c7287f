import type { Knex } from 'knex';

// A marker first seen on a real array export may show only one allele (every dog so far is
// homozygous there): its other allele is 'N' until a dog shows it (issue 7).
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table markers drop constraint markers_alleles');
  await knex.raw('alter table markers drop constraint markers_alleles_differ');
  await knex.raw("alter table markers add constraint markers_alleles check (ref_allele ~ '^[ACGTIDN-]+$' and alt_allele ~ '^[ACGTIDN-]+$')");
  await knex.raw("alter table markers add constraint markers_alleles_differ check (ref_allele <> alt_allele or alt_allele = 'N')");
}

export async function down(knex: Knex): Promise<void> {
  // Markers with an unknown allele cannot satisfy the old rule; they go first.
  await knex('markers').where('ref_allele', 'N').orWhere('alt_allele', 'N').delete();
  await knex.raw('alter table markers drop constraint markers_alleles');
  await knex.raw('alter table markers drop constraint markers_alleles_differ');
  await knex.raw("alter table markers add constraint markers_alleles check (ref_allele ~ '^[ACGTID-]+$' and alt_allele ~ '^[ACGTID-]+$')");
  await knex.raw('alter table markers add constraint markers_alleles_differ check (ref_allele <> alt_allele)');
}
