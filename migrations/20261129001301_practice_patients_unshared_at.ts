import type { Knex } from 'knex';

// Issue 13 (QA): a client who revokes their last share with a practice no longer deletes the
// practice's record of the dog, which took its case notes with it. The record stays, marked
// `unshared_at`: the practice keeps its notes, read-only, and no longer reads the dog; sharing
// again clears the mark. Only a dog a client shared can stop being shared.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('practice_patients', (t) => {
    t.timestamp('unshared_at', { useTz: true });
    t.check('unshared_at is null or not added_by_practice', [], 'practice_patients_unshared_client_dog');
  });
}

export async function down(knex: Knex): Promise<void> {
  // Without the column an unshared record would give the practice the dog again: it goes, notes and
  // all, as revoking did before this migration.
  await knex('practice_patients').whereNotNull('unshared_at').delete();
  await knex.schema.alterTable('practice_patients', (t) => {
    t.dropChecks(['practice_patients_unshared_client_dog']);
    t.dropColumn('unshared_at');
  });
}
