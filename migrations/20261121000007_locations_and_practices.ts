import type { Knex } from 'knex';

// Vet practices with their users, patients, case notes and onboarding checklist (spec 2 §3
// Practice, vetPracticeInfo); locations with the place payload of spec 2 §3 (a pet's born, from
// and live places, the vet practice a pet goes to, and an Embark practice's own address);
// reports shared with a vet (spec 2 §4 shareResultsWithVet).

// spec 2 §3: the seven onboarding checklist items, in their order.
const ONBOARDING_ITEMS: Array<[string, string]> = [
  ['place_first_order', 'Place first order'],
  ['test_first_patient', 'Test first patient'],
  ['receive_first_results', 'Receive first results'],
  ['assign_staff_champion', 'Assign staff champion'],
  ['talk_about_genetic_testing', 'Talk about genetic testing'],
  ['learn_to_use_dashboard', 'Learn to use dashboard'],
  ['connect_with_success_manager', 'Connect with success manager'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('vet_practices', (t) => {
    t.increments('id').primary();
    t.uuid('uuid').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('phone');
    t.specificType('email', 'citext');
    t.text('website');
    t.timestamps(true, true);
    t.check("length(trim(name)) > 0", [], 'vet_practices_name_not_blank');
    t.check("email ~ '^[^@\\s]+@[^@\\s]+$'", [], 'vet_practices_email_format');
  });
  await knex.raw('create index vet_practices_name_trgm on vet_practices using gin (name gin_trgm_ops)');

  await knex.schema.createTable('practice_users', (t) => {
    t.integer('practice_id').notNullable().references('vet_practices.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.boolean('is_dvm').notNullable().defaultTo(false);
    t.text('role').notNullable().defaultTo('staff');
    t.boolean('is_staff_champion').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['practice_id', 'user_id']);
    t.index(['user_id']);
    t.check("role in ('owner', 'admin', 'staff')", [], 'practice_users_role');
  });

  // A pet that is a patient of a practice: the pet↔practice link and the practice's record of it.
  await knex.schema.createTable('practice_patients', (t) => {
    t.increments('id').primary();
    t.integer('practice_id').notNullable().references('vet_practices.id').onDelete('CASCADE');
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.text('client_name');
    t.specificType('client_email', 'citext');
    t.text('client_phone');
    // The pet parent's account once the client transfer is completed.
    t.integer('client_user_id').references('users.id').onDelete('SET NULL');
    t.text('patient_emr_id');
    // Who ordered the swab, kept as at ordering time (spec 2 §6: whether they are a DVM).
    t.integer('swab_ordered_by_user_id').references('users.id').onDelete('SET NULL');
    t.text('swab_ordered_by_name');
    t.boolean('swab_ordered_by_is_dvm');
    t.boolean('case_completed').notNullable().defaultTo(false);
    t.timestamp('case_completed_at', { useTz: true });
    t.timestamp('vet_client_transfer_requested_at', { useTz: true });
    t.timestamp('vet_client_transfer_completed_at', { useTz: true });
    t.boolean('is_vet_affiliate').notNullable().defaultTo(false);
    t.timestamps(true, true);
    t.unique(['practice_id', 'pet_num']);
    t.index(['pet_num']);
    t.index(['client_user_id']);
    t.index(['swab_ordered_by_user_id']);
    t.index(['practice_id', 'vet_client_transfer_requested_at']);
    t.check("client_email ~ '^[^@\\s]+@[^@\\s]+$'", [], 'practice_patients_client_email_format');
    t.check('case_completed = (case_completed_at is not null)', [], 'practice_patients_case_completed_at');
    t.check(
      'vet_client_transfer_completed_at is null or vet_client_transfer_requested_at is not null',
      [],
      'practice_patients_transfer_order',
    );
  });
  await knex.raw('create index practice_patients_client_name_trgm on practice_patients using gin (client_name gin_trgm_ops)');

  await knex.schema.createTable('practice_patient_notes', (t) => {
    t.increments('id').primary();
    t.integer('practice_patient_id').notNullable().references('practice_patients.id').onDelete('CASCADE');
    t.integer('author_user_id').references('users.id').onDelete('SET NULL');
    t.text('body').notNullable();
    t.timestamps(true, true);
    t.index(['practice_patient_id', 'created_at']);
    t.index(['author_user_id']);
    t.check('length(trim(body)) > 0 and char_length(body) <= 5000', [], 'practice_patient_notes_body_length');
  });

  await knex.schema.createTable('onboarding_checklist_items', (t) => {
    t.text('key').primary();
    t.text('label').notNullable();
    t.smallint('sort_order').notNullable().unique();
  });
  await knex('onboarding_checklist_items').insert(
    ONBOARDING_ITEMS.map(([key, label], index) => ({ key, label, sort_order: index + 1 })),
  );

  await knex.schema.createTable('practice_onboarding_statuses', (t) => {
    t.integer('practice_id').notNullable().references('vet_practices.id').onDelete('CASCADE');
    t.text('item_key').notNullable().references('onboarding_checklist_items.key').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('not_started');
    t.integer('updated_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['practice_id', 'item_key']);
    t.index(['item_key']);
    t.index(['updated_by_user_id']);
    t.check("status in ('not_started', 'in_progress', 'completed', 'skipped')", [], 'practice_onboarding_statuses_status');
    t.check("(status = 'completed') = (completed_at is not null)", [], 'practice_onboarding_statuses_completed_at');
  });

  await knex.schema.createTable('locations', (t) => {
    t.increments('id').primary();
    // Exactly one owner: a pet (born, from, live, or the practice it goes to) or an Embark practice.
    t.integer('pet_num').references('pets.pet_num').onDelete('CASCADE');
    t.integer('practice_id').references('vet_practices.id').onDelete('CASCADE');
    t.text('location_type').notNullable();
    t.text('business_type');
    t.text('address_input');
    t.text('formatted_address');
    // [longitude, latitude], as the place service gives them.
    t.specificType('lng_lat', 'double precision[]');
    t.text('name');
    t.text('place_id');
    t.specificType('types', 'text[]').notNullable().defaultTo('{}');
    t.text('vicinity');
    t.text('phone');
    t.text('website');
    t.jsonb('address_components').notNullable().defaultTo('[]');
    t.timestamps(true, true);
    t.index(['practice_id']);
    t.index(['place_id']);
    t.check("location_type in ('born', 'from', 'live', 'practice')", [], 'locations_location_type');
    t.check("business_type in ('breeder', 'home', 'other', 'shelter')", [], 'locations_business_type');
    t.check('num_nonnulls(pet_num, practice_id) = 1', [], 'locations_one_owner');
    t.check("practice_id is null or location_type = 'practice'", [], 'locations_practice_type');
    t.check('address_input is not null or formatted_address is not null', [], 'locations_has_address');
    t.check(
      'lng_lat is null or (array_ndims(lng_lat) = 1 and array_length(lng_lat, 1) = 2 ' +
        'and lng_lat[1] between -180 and 180 and lng_lat[2] between -90 and 90)',
      [],
      'locations_lng_lat',
    );
    t.check("jsonb_typeof(address_components) = 'array'", [], 'locations_address_components_array');
  });
  await knex.raw('create unique index locations_pet_type_unique on locations (pet_num, location_type) where pet_num is not null');
  await knex.raw('create unique index locations_practice_unique on locations (practice_id) where practice_id is not null');

  await knex.schema.createTable('vet_report_shares', (t) => {
    t.increments('id').primary();
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.integer('shared_by_user_id').references('users.id').onDelete('SET NULL');
    t.text('vet_name').notNullable();
    t.specificType('vet_email', 'citext').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['pet_num', 'sent_at']);
    t.index(['shared_by_user_id']);
    // spec 2 §5: vet name required (trimmed), vet email required and valid.
    t.check('length(trim(vet_name)) > 0', [], 'vet_report_shares_vet_name_not_blank');
    t.check("vet_email ~ '^[^@\\s]+@[^@\\s]+$'", [], 'vet_report_shares_vet_email_format');
  });

  // The practice a swab was ordered or activated for (activateSelectDog's practiceId, spec 2 §7).
  await knex.schema.alterTable('swabs', (t) => {
    t.integer('practice_id').references('vet_practices.id').onDelete('SET NULL');
    t.index(['practice_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('swabs', (t) => {
    t.dropColumn('practice_id');
  });
  for (const table of [
    'vet_report_shares',
    'locations',
    'practice_onboarding_statuses',
    'onboarding_checklist_items',
    'practice_patient_notes',
    'practice_patients',
    'practice_users',
    'vet_practices',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
