import type { Knex } from 'knex';

// Issue 14: the matchmaker reads each pair's kinship from the relatives the lab stores at release
// (server/breeders/parents-kinship.ts), so the offspring COIs it used to work out and keep per
// chosen dog (20261128000001) are not needed.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('offspring_kinship_sets');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('offspring_kinship_sets', (t) => {
    t.bigInteger('genotype_id').notNullable().references('genotypes.id').onDelete('CASCADE');
    t.text('sex').notNullable();
    t.binary('pairs').notNullable();
    t.boolean('complete').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['genotype_id', 'sex']);
  });
  await knex.raw("alter table offspring_kinship_sets add constraint offspring_kinship_sets_sex check (sex in ('m', 'f'))");
}
