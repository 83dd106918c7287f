import type { Knex } from 'knex';

// Issue 34: sign-in attempts, password reset requests and wrong activation codes are counted in
// rate_limits (20261203003401) by rate-limiter-flexible, so their own tables go.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_attempts');
  await knex.schema.dropTable('password_reset_requests');
  await knex.schema.dropTable('activation_code_attempts');
}

// The tables come back as their migrations made them, empty: their rows were counts a few
// minutes to an hour old, and the counts of rate_limits do not convert back into rows.
export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('login_attempts', (t) => {
    t.bigIncrements('id').primary();
    t.specificType('email', 'citext').notNullable();
    t.text('ip').notNullable();
    t.boolean('succeeded').notNullable();
    t.timestamp('attempted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['email', 'attempted_at']);
    t.index(['ip', 'attempted_at']);
  });
  await (await import('./20261124040004_activation_code_attempts.js')).up(knex);
  await (await import('./20261124050003_password_reset_requests.js')).up(knex);
}
