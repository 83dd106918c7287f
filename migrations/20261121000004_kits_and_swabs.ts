import type { Knex } from 'knex';

// Kits, the swabs in them, the lab samples taken from swabs, reswabs and the products each
// pet has (spec 2 §3 swabSummary; spec 1 §5 serial scanning).
//
// States (spec 2 §4 leaves their values to us):
//   kits.state          in_stock → shipped (serial scanning) → activated | void
//   swabs.swab_state    unactivated → activated (linked to a dog) → received (at the lab)
//                       → processing → released; or failed (no usable DNA; a reswab follows) | void
//   samples.sample_state received → extracted → genotyped → released;
//                       or lab_review (held, e.g. stated and genetic sex differ) → released | failed
//   reswabs.status      authorized → ordered → received; or cancelled

const PRODUCT_TYPES =
  "('Age', 'BreedAndAncestry', 'ComprehensiveBreeder', 'ComprehensiveConsumer', 'ComprehensiveUpgrade', 'Purebred', 'Vet')";
const PURCHASE_SOURCES = "('shop', 'amazon', 'retail', 'vet', 'breeder_program', 'gift', 'other')";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('kits', (t) => {
    t.increments('id').primary();
    t.specificType('box_key', 'citext').notNullable().unique();
    t.text('order_sku').notNullable();
    t.text('product_type').notNullable();
    t.text('purchase_source');
    t.text('order_number');
    t.integer('purchaser_user_id').references('users.id').onDelete('SET NULL');
    t.text('state').notNullable().defaultTo('in_stock');
    t.text('tracking_number');
    t.integer('scanned_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('shipped_at', { useTz: true });
    t.timestamp('activated_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['purchaser_user_id']);
    t.index(['scanned_by_user_id']);
    t.index(['order_number']);
    // spec 1 §5: a box key starts with 'EM-' and has at least 4 characters.
    t.check("box_key ~ '^EM-' and length(box_key) >= 4", [], 'kits_box_key_format');
    t.check(`product_type in ${PRODUCT_TYPES}`, [], 'kits_product_type');
    t.check(`purchase_source in ${PURCHASE_SOURCES}`, [], 'kits_purchase_source');
    t.check("state in ('in_stock', 'shipped', 'activated', 'void')", [], 'kits_state');
    // spec 1 §5: a tracking number has more than 3 characters.
    t.check('tracking_number is null or length(tracking_number) > 3', [], 'kits_tracking_number_length');
    t.check("state <> 'shipped' or tracking_number is not null", [], 'kits_shipped_has_tracking');
    t.check("(state = 'activated') = (activated_at is not null)", [], 'kits_activated_at');
  });

  await knex.schema.createTable('swabs', (t) => {
    t.increments('id').primary();
    t.specificType('swab_code', 'citext').notNullable().unique();
    t.integer('kit_id').references('kits.id').onDelete('SET NULL');
    // The second swab of an age test kit, read by methylation rather than genotyping.
    t.boolean('is_methylation').notNullable().defaultTo(false);
    // Kept when a pet is deleted: the sample stays with the lab; research use follows pets.agreed_to_research.
    t.integer('pet_num').references('pets.pet_num').onDelete('SET NULL');
    t.integer('activated_by_user_id').references('users.id').onDelete('SET NULL');
    t.text('swab_state').notNullable().defaultTo('unactivated');
    t.text('product_type').notNullable();
    t.text('purchase_source');
    t.timestamp('activated_at', { useTz: true });
    t.timestamp('received_at', { useTz: true });
    t.timestamp('health_results_released_at', { useTz: true });
    t.timestamp('breed_results_released_at', { useTz: true });
    t.timestamp('comprehensive_upgrade_purchased_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['kit_id']);
    t.index(['pet_num']);
    t.index(['activated_by_user_id']);
    t.index(['swab_state']);
    // spec 1 §5: a swab code (and a methylation swab code) has at least 12 characters.
    t.check('length(swab_code) >= 12', [], 'swabs_swab_code_length');
    t.check(
      "swab_state in ('unactivated', 'activated', 'received', 'processing', 'released', 'failed', 'void')",
      [],
      'swabs_swab_state',
    );
    t.check(`product_type in ${PRODUCT_TYPES}`, [], 'swabs_product_type');
    t.check(`purchase_source in ${PURCHASE_SOURCES}`, [], 'swabs_purchase_source');
    // An activated swab keeps its activation date; its pet may later be deleted (pet_num set null).
    t.check("swab_state in ('unactivated', 'void') or activated_at is not null", [], 'swabs_activated_at');
  });
  // One genotyping swab and at most one methylation swab per kit.
  await knex.raw('create unique index swabs_kit_methylation_unique on swabs (kit_id, is_methylation) where kit_id is not null');

  await knex.schema.createTable('samples', (t) => {
    t.increments('id').primary();
    t.integer('swab_id').notNullable().references('swabs.id').onDelete('CASCADE');
    t.text('lab_sample_id').unique();
    t.text('sample_state').notNullable().defaultTo('received');
    t.text('lab_review_reason');
    t.text('failure_reason');
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('genotyped_at', { useTz: true });
    t.timestamp('released_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['swab_id']);
    t.check(
      "sample_state in ('received', 'extracted', 'genotyped', 'lab_review', 'released', 'failed')",
      [],
      'samples_sample_state',
    );
    t.check("sample_state <> 'lab_review' or lab_review_reason is not null", [], 'samples_lab_review_reason');
    t.check("sample_state <> 'released' or released_at is not null", [], 'samples_released_at');
  });

  // Admin tables authorized_reswabs and ordered_reswabs (spec 2 §2) read this one.
  await knex.schema.createTable('reswabs', (t) => {
    t.increments('id').primary();
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.integer('original_swab_id').notNullable().references('swabs.id').onDelete('CASCADE');
    t.integer('new_swab_id').references('swabs.id').onDelete('SET NULL');
    t.text('status').notNullable().defaultTo('authorized');
    t.text('reason').notNullable();
    t.integer('authorized_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('authorized_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('ordered_at', { useTz: true });
    t.text('shipping_address');
    t.timestamps(true, true);
    t.index(['pet_num']);
    t.index(['original_swab_id']);
    t.index(['new_swab_id']);
    t.index(['authorized_by_user_id']);
    t.index(['status', 'authorized_at']);
    t.check("status in ('authorized', 'ordered', 'received', 'cancelled')", [], 'reswabs_status');
    t.check("status not in ('ordered', 'received') or ordered_at is not null", [], 'reswabs_ordered_at');
  });

  // What has been bought for each pet, upgrades and age tests included.
  await knex.schema.createTable('pet_products', (t) => {
    t.increments('id').primary();
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.integer('swab_id').references('swabs.id').onDelete('SET NULL');
    t.text('product_type').notNullable();
    t.text('purchase_source');
    t.text('order_number');
    t.timestamp('purchased_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('activated_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['pet_num', 'product_type']);
    t.index(['swab_id']);
    t.check(`product_type in ${PRODUCT_TYPES}`, [], 'pet_products_product_type');
    t.check(`purchase_source in ${PURCHASE_SOURCES}`, [], 'pet_products_purchase_source');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['pet_products', 'reswabs', 'samples', 'swabs', 'kits']) {
    await knex.schema.dropTableIfExists(table);
  }
}
