import type { Knex } from 'knex';

// Page feedback (spec 1 §3 Feedback, addFeedback), notifications a user has acknowledged
// (addUserNotificationAcknowledged), e-mail preferences (spec 2 §3, updateUserEmailPreferences)
// and per-user feature flags (spec 2 §3 User.featureFlags).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('feedback', (t) => {
    t.bigIncrements('id').primary();
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.text('page').notNullable();
    t.text('variant').notNullable().defaultTo('');
    t.uuid('pet_uuid').references('pets.id').onDelete('SET NULL');
    t.boolean('is_helpful').notNullable();
    t.specificType('selected_feedback', 'text[]').notNullable().defaultTo('{}');
    t.text('additional_text');
    t.jsonb('page_variables').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // shouldShowFeedback(page, variant, petUuid) looks for the user's earlier answer.
    t.index(['user_id', 'page', 'variant', 'pet_uuid']);
    t.index(['pet_uuid']);
    t.index(['page', 'created_at']);
    t.check("length(trim(page)) > 0", [], 'feedback_page_not_blank');
    // spec 1 §5, §9: additional text at most 500 characters.
    t.check('char_length(additional_text) <= 500', [], 'feedback_additional_text_length');
    t.check("jsonb_typeof(page_variables) = 'object'", [], 'feedback_page_variables_object');
  });

  await knex.schema.createTable('user_notification_acknowledgements', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('notification_key').notNullable();
    t.timestamp('acknowledged_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'notification_key']);
  });

  // One row per user, created on first change; a user without a row has these defaults.
  // Service mail is on by default; promotions and sales are opt-in.
  await knex.schema.createTable('email_preferences', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.boolean('chat').notNullable().defaultTo(true);
    t.boolean('dogs_like_mine').notNullable().defaultTo(true);
    t.boolean('relative_finder').notNullable().defaultTo(true);
    t.boolean('care_resources').notNullable().defaultTo(true);
    t.boolean('research_surveys').notNullable().defaultTo(true);
    t.boolean('newsletters').notNullable().defaultTo(true);
    t.boolean('promotions_and_sales').notNullable().defaultTo(false);
    t.boolean('product_updates').notNullable().defaultTo(true);
    t.boolean('breeder_newsletters').notNullable().defaultTo(true);
    t.boolean('breeder_promotions_and_sales').notNullable().defaultTo(false);
    t.boolean('breeder_product_updates').notNullable().defaultTo(true);
    t.boolean('vet_newsletters').notNullable().defaultTo(true);
    t.boolean('vet_promotions_and_sales').notNullable().defaultTo(false);
    t.boolean('vet_product_updates').notNullable().defaultTo(true);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('user_feature_flags', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('flag').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'flag']);
    t.check("flag ~ '^[A-Za-z][A-Za-z0-9_]*$'", [], 'user_feature_flags_flag_format');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['user_feature_flags', 'email_preferences', 'user_notification_acknowledgements', 'feedback']) {
    await knex.schema.dropTableIfExists(table);
  }
}
