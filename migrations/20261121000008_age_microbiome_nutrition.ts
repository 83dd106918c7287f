import type { Knex } from 'knex';

// Further tests and services per pet (spec 2 §1, §3): the age test (read from a methylation
// swab), microbiome tests, and nutrition recommendation inputs and requests.
//
// States (spec 2 §4 leaves their values to us):
//   age_tests.status        ordered → activated → processing → released; or failed
//   microbiome_tests.state  ordered → activated → received → processing → released; or failed
//   nutrition_recommendation_requests.status  requested → processing → delivered; or failed

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('age_tests', (t) => {
    t.increments('id').primary();
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.integer('swab_id').references('swabs.id').onDelete('SET NULL');
    t.text('status').notNullable().defaultTo('ordered');
    t.timestamp('activated_at', { useTz: true });
    t.timestamp('released_at', { useTz: true });
    // The released result (spec 2 §3 releasedResult).
    t.uuid('results_uuid').unique();
    t.date('predicted_birthday');
    t.boolean('is_accurate');
    t.boolean('is_user_feedback_collected').notNullable().defaultTo(false);
    t.timestamps(true, true);
    t.index(['pet_num', 'created_at']);
    t.index(['swab_id']);
    t.check("status in ('ordered', 'activated', 'processing', 'released', 'failed')", [], 'age_tests_status');
    t.check("status = 'ordered' or activated_at is not null", [], 'age_tests_activated_at');
    t.check(
      "(status = 'released') = (released_at is not null and results_uuid is not null and predicted_birthday is not null)",
      [],
      'age_tests_released_result',
    );
    t.check("predicted_birthday >= date '1989-01-01'", [], 'age_tests_predicted_birthday_range');
  });

  await knex.schema.createTable('microbiome_tests', (t) => {
    t.increments('id').primary();
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.text('test_type').notNullable().defaultTo('gut');
    t.text('state').notNullable().defaultTo('ordered');
    t.text('report_url');
    t.timestamp('results_released_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['pet_num', 'created_at']);
    t.check(
      "state in ('ordered', 'activated', 'received', 'processing', 'released', 'failed')",
      [],
      'microbiome_tests_state',
    );
    t.check("(state = 'released') = (results_released_at is not null)", [], 'microbiome_tests_released_at');
  });

  // The latest inputs saved for a pet (saveNutritionInputData): activity, body condition, food…
  await knex.schema.createTable('nutrition_input_data', (t) => {
    t.integer('pet_num').primary().references('pets.pet_num').onDelete('CASCADE');
    t.jsonb('inputs').notNullable().defaultTo('{}');
    t.integer('updated_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.index(['updated_by_user_id']);
    t.check("jsonb_typeof(inputs) = 'object'", [], 'nutrition_input_data_inputs_object');
  });

  await knex.schema.createTable('nutrition_recommendation_requests', (t) => {
    t.increments('id').primary();
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.integer('requested_by_user_id').references('users.id').onDelete('SET NULL');
    // The inputs as they were when the request was made.
    t.jsonb('inputs').notNullable();
    t.text('status').notNullable().defaultTo('requested');
    t.jsonb('recommendation');
    t.timestamp('delivered_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['pet_num', 'created_at']);
    t.index(['requested_by_user_id']);
    t.index(['status']);
    t.check("jsonb_typeof(inputs) = 'object'", [], 'nutrition_recommendation_requests_inputs_object');
    t.check(
      "status in ('requested', 'processing', 'delivered', 'failed')",
      [],
      'nutrition_recommendation_requests_status',
    );
    t.check("(status = 'delivered') = (delivered_at is not null)", [], 'nutrition_recommendation_requests_delivered_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['nutrition_recommendation_requests', 'nutrition_input_data', 'microbiome_tests', 'age_tests']) {
    await knex.schema.dropTableIfExists(table);
  }
}
