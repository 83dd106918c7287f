import type { Knex } from 'knex';

// A PostgreSQL-backed job queue (DESIGN.md "Growing past one machine"): lab ingest, relative
// matching ranges, e-mail delivery. Workers claim a row with
//   update jobs set state = 'running', locked_by = $1, locked_at = now(), attempts = attempts + 1
//   where id = (select id from jobs where state = 'queued' and run_at <= now()
//               order by priority desc, run_at for update skip locked limit 1) returning *
//   state  queued → running → succeeded; or running → queued (retry at run_at) → failed
//          after max_attempts; queued → cancelled

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.bigIncrements('id').primary();
    t.text('type').notNullable();
    t.jsonb('payload').notNullable().defaultTo('{}');
    t.text('state').notNullable().defaultTo('queued');
    t.smallint('priority').notNullable().defaultTo(0);
    t.timestamp('run_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('max_attempts').notNullable().defaultTo(5);
    t.text('locked_by');
    t.timestamp('locked_at', { useTz: true });
    t.text('last_error');
    // At most one queued or running job per key (e.g. 'relatives:pet:42').
    t.text('unique_key');
    t.timestamp('finished_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['type', 'created_at']);
    t.check("type ~ '^[a-z][a-z0-9_.:-]*$'", [], 'jobs_type_format');
    t.check("state in ('queued', 'running', 'succeeded', 'failed', 'cancelled')", [], 'jobs_state');
    t.check('attempts >= 0 and max_attempts >= 1', [], 'jobs_attempts');
    t.check("(state = 'running') = (locked_by is not null and locked_at is not null)", [], 'jobs_running_locked');
    t.check("(state in ('succeeded', 'failed', 'cancelled')) = (finished_at is not null)", [], 'jobs_finished_at');
    t.check("jsonb_typeof(payload) = 'object'", [], 'jobs_payload_object');
  });
  await knex.raw("create index jobs_queued_run_at on jobs (priority desc, run_at) where state = 'queued'");
  await knex.raw("create index jobs_running_locked_at on jobs (locked_at) where state = 'running'");
  await knex.raw(
    "create unique index jobs_unique_key_active on jobs (unique_key) where unique_key is not null and state in ('queued', 'running')",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('jobs');
}
