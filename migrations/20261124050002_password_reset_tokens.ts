import type { Knex } from 'knex';

// Password reset links (issue 15): only the SHA-256 of the token is stored, so reading the table
// does not give anyone a working link. A token is used once (used_at) and expires after an hour.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('password_reset_tokens', (t) => {
    t.bigIncrements('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('token_hash').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
    t.check("token_hash ~ '^[0-9a-f]{64}$'", [], 'password_reset_tokens_hash_format');
    t.check('expires_at > created_at', [], 'password_reset_tokens_expiry');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('password_reset_tokens');
}
