import type { Knex } from 'knex';

// Issue 34 §1: an admin's upload at /admin/lab is ingested by a `lab.ingest` job
// (server/lab/ingest-job.ts). The upload is stored with its job in the request's transaction: its
// form, who sent it, where the job is, what came of it; its files' bytes wait beside it until the
// job is done with them.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lab_uploads', (t) => {
    t.increments('id').primary();
    t.integer('uploaded_by').references('id').inTable('users').onDelete('SET NULL').index();
    t.string('swab_code', 64);
    t.string('owner_email', 254);
    t.string('dog_name', 50);
    t.boolean('replace_released').notNullable().defaultTo(false);
    t.jsonb('file_names').notNullable().defaultTo('[]');
    t.text('status').notNullable().defaultTo('queued');
    t.text('progress');
    t.jsonb('messages').notNullable().defaultTo('[]');
    t.jsonb('errors').notNullable().defaultTo('[]');
    t.uuid('job_id').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
    t.check("status in ('queued', 'running', 'done', 'failed')", [], 'lab_uploads_status');
    t.check("(status in ('done', 'failed')) = (finished_at is not null)", [], 'lab_uploads_finished');
  });
  await knex.schema.createTable('lab_upload_files', (t) => {
    t.integer('upload_id').notNullable().references('id').inTable('lab_uploads').onDelete('CASCADE');
    t.smallint('position').notNullable();
    t.string('file_name', 255).notNullable();
    t.binary('content').notNullable();
    t.primary(['upload_id', 'position']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('lab_upload_files');
  await knex.schema.dropTable('lab_uploads');
}
