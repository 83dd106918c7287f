import type { Knex } from 'knex';

// Details of a pet kept beside the pets table: the breed an owner states for a purebred or
// designer dog, its registrations (spec 1 §4: both breed types collect breed and registration
// info), its social media links (spec 2 §2 social media modal), and the account's default
// privacy for new dogs (spec 2 §2 default privacy modal).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pets', (t) => {
    t.integer('stated_breed_id').references('breeds.id').onDelete('SET NULL');
    t.index(['stated_breed_id']);
  });

  await knex.schema.alterTable('users', (t) => {
    t.text('default_pet_privacy').notNullable().defaultTo('public');
    t.check("default_pet_privacy in ('public', 'public-private', 'private')", [], 'users_default_pet_privacy');
  });

  await knex.schema.createTable('pet_registrations', (t) => {
    t.increments('id').primary();
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.integer('registration_organization_id')
      .notNullable()
      .references('registration_organizations.id')
      .onDelete('RESTRICT');
    t.text('registration_number');
    t.text('registered_name');
    t.timestamps(true, true);
    t.unique(['pet_num', 'registration_organization_id']);
    t.index(['registration_organization_id']);
  });

  await knex.schema.createTable('pet_social_links', (t) => {
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.text('network').notNullable();
    t.text('url').notNullable();
    t.timestamps(true, true);
    t.primary(['pet_num', 'network']);
    t.check("network in ('facebook', 'instagram', 'tiktok', 'youtube', 'x', 'website')", [], 'pet_social_links_network');
    t.check("url ~ '^https{0,1}://[^\\s]+$'", [], 'pet_social_links_url_format');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('pet_social_links');
  await knex.schema.dropTableIfExists('pet_registrations');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('default_pet_privacy');
  });
  await knex.schema.alterTable('pets', (t) => {
    t.dropColumn('stated_breed_id');
  });
}
