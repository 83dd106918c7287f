import type { Knex } from 'knex';

// Real exports number dog chromosomes as PLINK does: 41 is XY (the pseudo-autosomal region) and
// 42 the mitochondria (issue 17). Marker rows stored under the earlier numbering (41 = MT) are
// the lab panel's mitochondrial markers: they move to 42.

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table markers drop constraint markers_chromosome');
  await knex.raw('alter table markers add constraint markers_chromosome check (chromosome between 0 and 42)');
  await knex.raw('update markers set chromosome = 42 where chromosome = 41');
}

export async function down(knex: Knex): Promise<void> {
  const { rows } = await knex.raw<{ rows: unknown[] }>('select 1 from markers where chromosome = 41 limit 1');
  if (rows.length > 0) throw new Error('Cannot undo 20261124060001 while XY markers (chromosome 41) are stored');
  await knex.raw('update markers set chromosome = 41 where chromosome = 42');
  await knex.raw('alter table markers drop constraint markers_chromosome');
  await knex.raw('alter table markers add constraint markers_chromosome check (chromosome between 0 and 41)');
}
