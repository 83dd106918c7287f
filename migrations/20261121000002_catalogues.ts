import type { Knex } from 'knex';

// Reference data the genetics engine reads: breeds, health conditions, trait loci and
// registration organizations (DESIGN.md "Genetics engine"; spec 2 §7 allBreeds,
// healthConditionDetails, allRegistrationOrganizations). Rows are loaded by the engine's seed.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('breeds', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable().unique();
    t.text('slug').notNullable().unique();
    t.text('breed_group');
    // The size classes of the life-stage table, spec 2 §9.
    t.text('size_class');
    t.decimal('weight_min_lbs', 6, 2);
    t.decimal('weight_max_lbs', 6, 2);
    // breed: a dog breed; wolf: the wolfiness reference; village: free-ranging village dogs.
    t.text('population_type').notNullable().defaultTo('breed');
    t.boolean('is_identifiable').notNullable().defaultTo(true);
    t.boolean('is_designer').notNullable().defaultTo(false);
    t.boolean('is_breeder_facing').notNullable().defaultTo(false);
    t.text('description');
    t.text('image_public_id');
    t.timestamps(true, true);
    t.check("length(trim(name)) > 0", [], 'breeds_name_not_blank');
    t.check("slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'", [], 'breeds_slug_format');
    t.check("size_class in ('Small', 'Medium', 'Large', 'Giant')", [], 'breeds_size_class');
    t.check("population_type in ('breed', 'wolf', 'village')", [], 'breeds_population_type');
    t.check(
      'weight_min_lbs is null or weight_max_lbs is null or (weight_min_lbs > 0 and weight_min_lbs <= weight_max_lbs)',
      [],
      'breeds_weight_range',
    );
  });
  await knex.raw('create index breeds_name_trgm on breeds using gin (name gin_trgm_ops)');

  // A designer breed (Goldendoodle) names a mix of its component breeds (Golden Retriever, Poodle).
  await knex.schema.createTable('designer_breed_components', (t) => {
    t.integer('designer_breed_id').notNullable().references('breeds.id').onDelete('CASCADE');
    t.integer('component_breed_id').notNullable().references('breeds.id').onDelete('RESTRICT');
    t.primary(['designer_breed_id', 'component_breed_id']);
    t.index(['component_breed_id']);
    t.check('designer_breed_id <> component_breed_id', [], 'designer_breed_components_distinct');
  });

  await knex.schema.createTable('health_conditions', (t) => {
    t.increments('id').primary();
    t.text('slug').notNullable().unique();
    t.text('name').notNullable();
    t.text('gene').notNullable();
    t.text('variant');
    t.text('mode_of_inheritance').notNullable();
    t.text('severity').notNullable();
    t.text('category');
    t.text('description').notNullable().defaultTo('');
    // The condition's references (spec 2 §3), [{ "citation": "...", "url": "..." }, …];
    // not named "references", a reserved word in SQL.
    t.jsonb('citations').notNullable().defaultTo('[]');
    t.boolean('is_beta').notNullable().defaultTo(false);
    t.timestamps(true, true);
    t.unique(['name', 'gene', 'variant']);
    t.check("length(trim(name)) > 0", [], 'health_conditions_name_not_blank');
    t.check("slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'", [], 'health_conditions_slug_format');
    t.check(
      "mode_of_inheritance in ('autosomal_recessive', 'autosomal_dominant', 'autosomal_incomplete_dominance', " +
        "'autosomal_codominant', 'x_linked_recessive', 'x_linked_dominant', 'complex')",
      [],
      'health_conditions_mode_of_inheritance',
    );
    t.check("severity in ('low', 'moderate', 'high')", [], 'health_conditions_severity');
    t.check("jsonb_typeof(citations) = 'array'", [], 'health_conditions_citations_array');
  });
  await knex.raw('create index health_conditions_name_trgm on health_conditions using gin (name gin_trgm_ops)');

  // Breeds in which a condition is known (isBreedRelevant of a health result).
  await knex.schema.createTable('health_condition_breeds', (t) => {
    t.integer('health_condition_id').notNullable().references('health_conditions.id').onDelete('CASCADE');
    t.integer('breed_id').notNullable().references('breeds.id').onDelete('CASCADE');
    t.text('note');
    t.primary(['health_condition_id', 'breed_id']);
    t.index(['breed_id']);
  });

  await knex.schema.createTable('trait_categories', (t) => {
    t.increments('id').primary();
    t.text('slug').notNullable().unique();
    t.text('name').notNullable().unique();
    t.smallint('sort_order').notNullable().defaultTo(0);
    t.check("slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'", [], 'trait_categories_slug_format');
  });

  await knex.schema.createTable('trait_loci', (t) => {
    t.increments('id').primary();
    t.text('slug').notNullable().unique();
    t.text('name').notNullable().unique(); // 'E Locus (MC1R)'
    t.text('gene').notNullable();
    t.integer('trait_category_id').notNullable().references('trait_categories.id').onDelete('RESTRICT');
    t.text('description').notNullable().defaultTo('');
    // Allele symbols in dominance order with their meaning: [{ "symbol": "Em", "label": "Melanistic mask" }, …]
    t.jsonb('alleles').notNullable().defaultTo('[]');
    t.smallint('sort_order').notNullable().defaultTo(0);
    t.boolean('is_beta').notNullable().defaultTo(false);
    t.timestamps(true, true);
    t.index(['trait_category_id']);
    t.check("slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'", [], 'trait_loci_slug_format');
    t.check("jsonb_typeof(alleles) = 'array'", [], 'trait_loci_alleles_array');
  });

  await knex.schema.createTable('registration_organizations', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable().unique();
    t.text('abbreviation');
    t.specificType('country_code', 'char(2)');
    t.text('url');
    t.smallint('sort_order').notNullable().defaultTo(0);
    t.check("country_code ~ '^[A-Z]{2}$'", [], 'registration_organizations_country_code_format');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'registration_organizations',
    'trait_loci',
    'trait_categories',
    'health_condition_breeds',
    'health_conditions',
    'designer_breed_components',
    'breeds',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
