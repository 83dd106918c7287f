import type { Knex } from 'knex';

// Codes an account entered that matched no kit (issue 15: at most 10 an hour per account).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('activation_code_attempts', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('attempted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'attempted_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('activation_code_attempts');
}
