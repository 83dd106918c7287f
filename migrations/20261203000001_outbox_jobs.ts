import type { Knex } from 'knex';

// E-mail is delivered by a pg-boss job (server/outbox/delivery-job.ts): each message names its job,
// and the hand-written queue's unused `jobs` table goes.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox', (t) => {
    t.uuid('job_id').unique();
  });
  await knex.schema.dropTableIfExists('jobs');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outbox', (t) => {
    t.dropColumn('job_id');
  });
}
