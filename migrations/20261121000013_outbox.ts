import type { Knex } from 'knex';

// E-mail leaves through this table (DESIGN.md "Data"): written in the same transaction as the
// change it reports, delivered by a worker with retries, viewable by admins.
//   status  pending → sent; or pending (retry at next_attempt_at) → failed after the last attempt

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outbox', (t) => {
    t.bigIncrements('id').primary();
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.specificType('to_address', 'citext').notNullable();
    t.text('subject').notNullable();
    t.text('text');
    t.text('html');
    t.text('template');
    t.jsonb('payload').notNullable().defaultTo('{}');
    // Makes a notice idempotent, e.g. 'results-released:swab:123' for a repeated lab ingest.
    t.text('dedupe_key').unique();
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true });
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['status', 'next_attempt_at']);
    t.index(['user_id', 'created_at']);
    t.check("to_address ~ '^[^@\\s]+@[^@\\s]+$'", [], 'outbox_to_address_format');
    t.check("status in ('pending', 'sent', 'failed')", [], 'outbox_status');
    t.check('attempts >= 0', [], 'outbox_attempts');
    t.check("(status = 'sent') = (sent_at is not null)", [], 'outbox_sent_at');
    t.check('text is not null or html is not null or template is not null', [], 'outbox_has_content');
    t.check("jsonb_typeof(payload) = 'object'", [], 'outbox_payload_object');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('outbox');
}
