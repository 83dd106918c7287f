import type { Knex } from 'knex';

// Issue 13: each report shared with a vet gets its own link token (only its SHA-256 is stored, as
// with password reset tokens), can be revoked, and remembers the practice it made the dog a patient
// of, so revoking the last share to that practice takes the patient off its dashboard again.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vet_report_shares', (t) => {
    t.text('token_hash');
    t.timestamp('revoked_at', { useTz: true });
    t.integer('practice_id').references('vet_practices.id').onDelete('SET NULL');
    t.index(['practice_id']);
  });
  await knex.raw("update vet_report_shares set token_hash = encode(sha256(gen_random_uuid()::text::bytea), 'hex') where token_hash is null");
  await knex.raw('alter table vet_report_shares alter column token_hash set not null');
  await knex.raw('create unique index vet_report_shares_token_hash on vet_report_shares (token_hash)');
  // Who registered the patient, and the SHA-256 of the invitation token of a pending client transfer.
  await knex.schema.alterTable('practice_patients', (t) => {
    t.boolean('added_by_practice').notNullable().defaultTo(false);
    t.text('transfer_token_hash').unique();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('practice_patients', (t) => {
    t.dropColumn('transfer_token_hash');
    t.dropColumn('added_by_practice');
  });
  await knex.schema.alterTable('vet_report_shares', (t) => {
    t.dropColumn('practice_id');
    t.dropColumn('revoked_at');
    t.dropColumn('token_hash');
  });
}
