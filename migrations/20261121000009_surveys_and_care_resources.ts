import type { Knex } from 'knex';

// Research surveys and their categories (spec 2 §3 Survey, Survey category; admins add and
// update both), each pet's progress through them, and care resources: articles targeted by
// breed, health condition or trait (spec 1 §3 careResources.targets) with their feedback.

const SURVEY_CATEGORY_TYPES = "('Breed', 'General', 'Health', 'LifeStage', 'Profile', 'Survey', 'Trait')";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('survey_categories', (t) => {
    t.increments('id').primary();
    t.text('category').notNullable().unique();
    t.text('subtitle');
    t.integer('priority').notNullable().defaultTo(0);
    t.timestamps(true, true);
    t.check(`category in ${SURVEY_CATEGORY_TYPES}`, [], 'survey_categories_category');
  });

  await knex.schema.createTable('surveys', (t) => {
    t.increments('id').primary();
    t.text('slug').notNullable().unique();
    t.text('template_id').notNullable();
    // spec 2 §3: a survey names its category type; the category row carries subtitle and priority.
    t.text('category').notNullable().references('survey_categories.category').onUpdate('CASCADE').onDelete('RESTRICT');
    t.text('title').notNullable();
    t.text('subtitle');
    t.text('icon');
    t.text('color');
    t.integer('priority').notNullable().defaultTo(0);
    t.boolean('is_targeted').notNullable().defaultTo(false);
    t.boolean('is_admin_only').notNullable().defaultTo(false);
    t.boolean('is_shown_on_research_page').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.index(['category', 'priority']);
    t.check("slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'", [], 'surveys_slug_format');
    t.check("length(trim(title)) > 0", [], 'surveys_title_not_blank');
    t.check(`category in ${SURVEY_CATEGORY_TYPES}`, [], 'surveys_category');
  });
  await knex.raw('create index surveys_title_trgm on surveys using gin (title gin_trgm_ops)');

  // The pets a targeted survey (is_targeted) is offered to.
  await knex.schema.createTable('survey_target_pets', (t) => {
    t.integer('survey_id').notNullable().references('surveys.id').onDelete('CASCADE');
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['survey_id', 'pet_num']);
    t.index(['pet_num']);
  });

  // One row per pet and survey: its progress (surveyProgress) and answers.
  await knex.schema.createTable('survey_responses', (t) => {
    t.increments('id').primary();
    t.integer('survey_id').notNullable().references('surveys.id').onDelete('CASCADE');
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.text('status').notNullable().defaultTo('started');
    t.smallint('progress_pct').notNullable().defaultTo(0);
    t.jsonb('answers').notNullable().defaultTo('{}');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['survey_id', 'pet_num']);
    t.index(['pet_num']);
    t.index(['user_id']);
    t.check("status in ('started', 'completed')", [], 'survey_responses_status');
    t.check('progress_pct between 0 and 100', [], 'survey_responses_progress_pct');
    t.check("(status = 'completed') = (completed_at is not null)", [], 'survey_responses_completed_at');
    t.check("jsonb_typeof(answers) = 'object'", [], 'survey_responses_answers_object');
  });

  await knex.schema.createTable('care_resources', (t) => {
    t.increments('id').primary();
    t.text('slug').notNullable().unique();
    t.text('title').notNullable();
    t.text('summary');
    t.text('body');
    t.text('url');
    t.integer('priority').notNullable().defaultTo(0);
    t.boolean('is_published').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.check("slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'", [], 'care_resources_slug_format');
    t.check("length(trim(title)) > 0", [], 'care_resources_title_not_blank');
  });

  // What makes a resource relevant to a pet: one of its breeds, a health result, or a trait result.
  // health_call / trait_genotype narrow a target to a result (e.g. at_risk only); null matches any.
  await knex.schema.createTable('care_resource_targets', (t) => {
    t.increments('id').primary();
    t.integer('care_resource_id').notNullable().references('care_resources.id').onDelete('CASCADE');
    t.text('category').notNullable();
    t.integer('breed_id').references('breeds.id').onDelete('CASCADE');
    t.integer('health_condition_id').references('health_conditions.id').onDelete('CASCADE');
    t.text('health_call');
    t.integer('trait_locus_id').references('trait_loci.id').onDelete('CASCADE');
    t.text('trait_genotype');
    t.index(['care_resource_id']);
    t.index(['breed_id']);
    t.index(['health_condition_id']);
    t.index(['trait_locus_id']);
    t.check("category in ('breed', 'health', 'trait')", [], 'care_resource_targets_category');
    t.check(
      "(category = 'breed' and breed_id is not null and num_nonnulls(health_condition_id, health_call, trait_locus_id, trait_genotype) = 0) or " +
        "(category = 'health' and health_condition_id is not null and num_nonnulls(breed_id, trait_locus_id, trait_genotype) = 0) or " +
        "(category = 'trait' and trait_locus_id is not null and num_nonnulls(breed_id, health_condition_id, health_call) = 0)",
      [],
      'care_resource_targets_matches_category',
    );
    t.check("health_call in ('clear', 'carrier', 'at_risk')", [], 'care_resource_targets_health_call');
  });

  // addCareResourcesFeedback; shouldShowCareResourcesFeedback(pageId) reads it.
  await knex.schema.createTable('care_resources_feedback', (t) => {
    t.increments('id').primary();
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.integer('pet_num').references('pets.pet_num').onDelete('SET NULL');
    t.text('page_id').notNullable();
    t.integer('care_resource_id').references('care_resources.id').onDelete('SET NULL');
    t.boolean('is_helpful');
    t.specificType('selected_feedback', 'text[]').notNullable().defaultTo('{}');
    t.text('additional_text');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'page_id']);
    t.index(['pet_num']);
    t.index(['care_resource_id']);
    t.check('char_length(additional_text) <= 500', [], 'care_resources_feedback_additional_text_length');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'care_resources_feedback',
    'care_resource_targets',
    'care_resources',
    'survey_responses',
    'survey_target_pets',
    'surveys',
    'survey_categories',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
