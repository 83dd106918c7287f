import type { Knex } from 'knex';

// Every 'Forgot password?' request, whether or not the address has an account, so requests can
// be throttled per address and per client address without telling which addresses exist.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('password_reset_requests', (t) => {
    t.bigIncrements('id').primary();
    t.specificType('email', 'citext').notNullable();
    t.text('ip').notNullable();
    t.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['email', 'requested_at']);
    t.index(['ip', 'requested_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('password_reset_requests');
}
