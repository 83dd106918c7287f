import type { Knex } from 'knex';

// Issue 14: the matchmaker's offspring COIs of a chosen dog with its candidates, kept once worked
// out (tens of thousands of pairs take seconds) so a restart or another process finds them.
// Keyed by genotype ids, which never change, so a set never goes stale. Not watched by the change
// clock (20261127010001): it is written in the background and no kept page shows it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('offspring_kinship_sets', (t) => {
    t.bigInteger('genotype_id').notNullable().references('genotypes.id').onDelete('CASCADE');
    t.text('sex').notNullable();
    // 13 bytes a candidate (server/breeders/kinship-sets.ts): genotype id, method, kinship.
    t.binary('pairs').notNullable();
    // Once a pass over every candidate of the time has ended (candidates released later are worked out when asked).
    t.boolean('complete').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['genotype_id', 'sex']);
  });
  await knex.raw("alter table offspring_kinship_sets add constraint offspring_kinship_sets_sex check (sex in ('m', 'f'))");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('offspring_kinship_sets');
}
