import type { Knex } from 'knex';

// Issue 34: the rate limits are counted by rate-limiter-flexible's RateLimiterPostgres
// (server/db/rate-limits.ts), every limit in this one table under its own key prefix. The columns
// are the ones the library creates itself; it is made here instead (the app passes tableCreated)
// because the library's create-table statement does not run on PGlite, and a table made by
// whichever process counts first is no part of the schema. The key is text rather than the
// library's varchar(255): a sign-in key holds an e-mail address (up to 254) and a client address.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (t) => {
    t.text('key').primary();
    t.integer('points').notNullable().defaultTo(0);
    // milliseconds since the epoch, as the library reads and writes it; null never expires
    t.bigInteger('expire');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limits');
}
