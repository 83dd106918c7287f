import type { Knex } from 'knex';

// A kit a vet practice bought for its patients (spec 2 §7 activateSelectDog takes a practiceId):
// whoever activates it confirms the practice, and the dog becomes one of its patients.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('kits', (t) => {
    t.integer('practice_id').references('vet_practices.id').onDelete('SET NULL');
    t.index(['practice_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('kits', (t) => {
    t.dropColumn('practice_id');
  });
}
