import type { Knex } from 'knex';

// Issue 16: the admin data tables search names, e-mails, handles and codes by substring, so each
// searched column gets a trigram index (pg_trgm, created in the first migration; PGlite loads it
// too). citext columns are indexed as text, the expression the searches use.
// Serial scanning pairs a box key with its swabs and ships a box of kits under one tracking
// number: kit_shipments records each box, kits remember when they were paired and in which box
// they left. users.can_scan_kits is the staff permission admins grant to scanners.

const TRIGRAM_INDEXES: [name: string, table: string, expression: string][] = [
  ['pets_handle_trgm', 'pets', '(handle::text)'],
  ['pets_call_name_trgm', 'pets', 'call_name'],
  ['users_email_trgm', 'users', '(email::text)'],
  ['users_breeder_name_trgm', 'users', 'breeder_name'],
  ['swabs_swab_code_trgm', 'swabs', '(swab_code::text)'],
  ['kits_box_key_trgm', 'kits', '(box_key::text)'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, table, expression] of TRIGRAM_INDEXES) {
    await knex.raw(`create index ${name} on ${table} using gin (${expression} gin_trgm_ops)`);
  }

  await knex.schema.alterTable('users', (t) => {
    t.boolean('can_scan_kits').notNullable().defaultTo(false);
  });

  await knex.schema.createTable('kit_shipments', (t) => {
    t.increments('id').primary();
    t.text('tracking_number').notNullable();
    t.text('order_sku').notNullable();
    t.integer('scanned_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('shipped_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['scanned_by_user_id']);
    // spec 2 §5: a tracking number has more than 3 characters.
    t.check('length(tracking_number) > 3', [], 'kit_shipments_tracking_number_length');
  });
  await knex.raw('create index kit_shipments_tracking_number on kit_shipments (upper(tracking_number))');

  await knex.schema.alterTable('kits', (t) => {
    t.timestamp('paired_at', { useTz: true });
    t.integer('shipment_id').references('kit_shipments.id').onDelete('SET NULL');
    t.index(['shipment_id']);
  });
  await knex.raw('create index kits_tracking_number on kits (upper(tracking_number))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists kits_tracking_number');
  await knex.schema.alterTable('kits', (t) => {
    t.dropColumn('shipment_id');
    t.dropColumn('paired_at');
  });
  await knex.schema.dropTableIfExists('kit_shipments');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('can_scan_kits');
  });
  for (const [name] of TRIGRAM_INDEXES) await knex.raw(`drop index if exists ${name}`);
}
