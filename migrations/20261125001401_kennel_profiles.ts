import type { Knex } from 'knex';

// Kennel profiles (issue 14): what a breeder shows puppy buyers on /kennel/{slug}. The kennel's name
// stays users.breeder_name, the header title; the rest lives here, one row per breeder.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('kennel_profiles', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.specificType('slug', 'citext').notNullable().unique();
    t.text('description').notNullable().defaultTo('');
    t.text('location');
    t.specificType('breed_slugs', 'text[]').notNullable().defaultTo('{}');
    t.text('website');
    t.text('instagram_url');
    t.text('facebook_url');
    t.timestamps(true, true);
    t.check("slug ~ '^[a-z0-9][a-z0-9-]{1,62}$'", [], 'kennel_profiles_slug_format');
    t.check('length(description) <= 2000', [], 'kennel_profiles_description_length');
    t.check('location is null or length(location) <= 200', [], 'kennel_profiles_location_length');
    t.check('cardinality(breed_slugs) <= 10', [], 'kennel_profiles_breed_count');
    t.check("website is null or website ~ '^https{0,1}://'", [], 'kennel_profiles_website_url');
    t.check("instagram_url is null or instagram_url ~ '^https://(www\\.){0,1}instagram\\.com/'", [], 'kennel_profiles_instagram_url');
    t.check("facebook_url is null or facebook_url ~ '^https://(www\\.){0,1}facebook\\.com/'", [], 'kennel_profiles_facebook_url');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('kennel_profiles');
}
