import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pg_trgm');
  await knex.raw('create extension if not exists citext');

  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.uuid('uuid').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.specificType('email', 'citext').notNullable().unique();
    t.text('name').notNullable();
    t.text('password_hash').notNullable();
    t.boolean('is_breeder').notNullable().defaultTo(false);
    t.boolean('is_vet').notNullable().defaultTo(false);
    t.boolean('is_admin').notNullable().defaultTo(false);
    t.boolean('can_impersonate_as_sub_admin').notNullable().defaultTo(false);
    t.boolean('show_match_maker').notNullable().defaultTo(false);
    t.boolean('is_staff').notNullable().defaultTo(false);
    t.boolean('is_read_only').notNullable().defaultTo(false);
    t.text('breeder_name');
    t.specificType('country_code', 'char(2)').notNullable().defaultTo('US');
    t.text('user_group');
    t.text('how_heard_about_us');
    t.text('phone_sms');
    t.timestamps(true, true);
    t.check("email ~ '^[^@\\s]+@[^@\\s]+$'", [], 'users_email_format');
    t.check("country_code ~ '^[A-Z]{2}$'", [], 'users_country_code_format');
    t.check("length(trim(name)) > 0", [], 'users_name_not_blank');
  });
  await knex.raw('create index users_name_trgm on users using gin (name gin_trgm_ops)');

  await knex.schema.createTable('pets', (t) => {
    t.increments('pet_num').primary();
    t.uuid('id').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('call_name');
    t.specificType('handle', 'citext').notNullable().unique();
    t.text('hash_pet_id').notNullable().unique().defaultTo(knex.raw("md5(gen_random_uuid()::text)"));
    t.specificType('sex', 'char(1)');
    t.date('date_of_birth');
    t.boolean('is_date_of_birth_estimated').notNullable().defaultTo(false);
    t.date('date_of_adoption');
    t.boolean('is_date_of_adoption_estimated').notNullable().defaultTo(false);
    t.specificType('intact', 'char(1)');
    t.text('breed_type');
    t.specificType('prefix_titles', 'text[]').notNullable().defaultTo('{}');
    t.specificType('suffix_titles', 'text[]').notNullable().defaultTo('{}');
    t.text('are_both_parents_registered');
    t.boolean('is_primary_owner_breeder').notNullable().defaultTo(false);
    t.boolean('agreed_to_research').notNullable().defaultTo(false);
    t.text('story');
    t.text('profile_image_public_id');
    t.smallint('avatar_color_index').notNullable().defaultTo(1);
    t.text('privacy').notNullable().defaultTo('public');
    t.boolean('exclude_from_matchmaker').notNullable().defaultTo(false);
    t.boolean('is_hidden').notNullable().defaultTo(false);
    t.boolean('is_deceased').notNullable().defaultTo(false);
    t.boolean('opt_out_of_communications').notNullable().defaultTo(false);
    t.boolean('show_relative_finder').notNullable().defaultTo(true);
    t.boolean('should_show_care_resources').notNullable().defaultTo(false);
    t.boolean('is_part_of_age_test_study').notNullable().defaultTo(false);
    t.boolean('is_eligible_for_insurance').notNullable().defaultTo(false);
    t.text('insurance_url');
    t.boolean('show_ofa_report').notNullable().defaultTo(false);
    t.boolean('embark_may_contact_vet');
    t.boolean('share_care_resources_surveys').notNullable().defaultTo(false);
    t.boolean('share_care_resources_profile_and_results').notNullable().defaultTo(false);
    t.timestamp('deleted_at', { useTz: true });
    t.timestamps(true, true);
    t.check("length(trim(name)) > 0", [], 'pets_name_not_blank');
    t.check("handle ~ '^[a-z0-9][a-z0-9-]{1,62}$'", [], 'pets_handle_format');
    t.check("sex in ('f', 'm')", [], 'pets_sex');
    t.check("intact in ('i', 'f')", [], 'pets_intact');
    t.check(
      "breed_type in ('purebred', 'designer', 'mixed', 'village', 'unknown', 'notShared', '')",
      [],
      'pets_breed_type',
    );
    t.check("are_both_parents_registered in ('yes', 'no')", [], 'pets_parents_registered');
    t.check('avatar_color_index between 1 and 9', [], 'pets_avatar_color_index');
    t.check("privacy in ('public', 'public-private', 'private')", [], 'pets_privacy');
    t.check('date_of_birth is null or date_of_birth >= date \'1989-01-01\'', [], 'pets_date_of_birth_range');
  });
  await knex.raw('create index pets_name_trgm on pets using gin (name gin_trgm_ops)');

  await knex.schema.createTable('pet_owners', (t) => {
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('permission').notNullable().defaultTo('edit');
    t.boolean('is_primary').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['pet_num', 'user_id']);
    t.index(['user_id']);
    t.check("permission in ('edit', 'read')", [], 'pet_owners_permission');
  });

  await knex.schema.createTable('sessions', (t) => {
    t.string('sid').primary();
    t.json('sess').notNullable();
    t.timestamp('expired', { useTz: true }).notNullable().index();
  });

  await knex.schema.createTable('login_attempts', (t) => {
    t.bigIncrements('id').primary();
    t.specificType('email', 'citext').notNullable();
    t.text('ip').notNullable();
    t.boolean('succeeded').notNullable();
    t.timestamp('attempted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['email', 'attempted_at']);
    t.index(['ip', 'attempted_at']);
  });

  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id').primary();
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.integer('impersonator_id').references('users.id').onDelete('SET NULL');
    t.text('action').notNullable();
    t.text('method').notNullable();
    t.text('path').notNullable();
    t.jsonb('details').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
    t.index(['impersonator_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['audit_log', 'login_attempts', 'sessions', 'pet_owners', 'pets', 'users']) {
    await knex.schema.dropTableIfExists(table);
  }
}
