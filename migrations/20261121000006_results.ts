import type { Knex } from 'knex';

// Results computed by the genetics engine from a pet's current genotype (never typed in by
// hand): breed mix, genetic stats, haplotypes, health and trait calls, family tree, relatives.
// Every result row belongs to a pet and goes with it; genotype_id records what it was computed from.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('breed_mix_summaries', (t) => {
    t.integer('pet_num').primary().references('pets.pet_num').onDelete('CASCADE');
    t.bigInteger('genotype_id').references('genotypes.id').onDelete('SET NULL');
    t.text('breed_type').notNullable();
    // How the mix reads: one breed, a named designer cross, two breeds, a wider mix, village dog.
    t.text('breed_mix_scenario').notNullable();
    t.text('breed_mix_name').notNullable();
    t.timestamp('computed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['genotype_id']);
    t.check("breed_type in ('purebred', 'designer', 'mixed', 'village')", [], 'breed_mix_summaries_breed_type');
    t.check(
      "breed_mix_scenario in ('purebred', 'designer', 'first_cross', 'mixed', 'super_mutt', 'village')",
      [],
      'breed_mix_summaries_scenario',
    );
  });

  await knex.schema.createTable('breed_mix_rows', (t) => {
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.integer('breed_id').notNullable().references('breeds.id').onDelete('RESTRICT');
    t.decimal('pct', 5, 2).notNullable();
    t.smallint('color_index').notNullable();
    t.boolean('is_trace').notNullable().defaultTo(false);
    t.smallint('rank').notNullable();
    t.primary(['pet_num', 'breed_id']);
    t.unique(['pet_num', 'rank']);
    // Dogs of a breed (breed info tab "embark-dogs"), largest share first.
    t.index(['breed_id', 'pct']);
    t.check('pct > 0 and pct <= 100', [], 'breed_mix_rows_pct');
    t.check('color_index between 1 and 9', [], 'breed_mix_rows_color_index');
    t.check('rank >= 1', [], 'breed_mix_rows_rank');
  });

  await knex.schema.createTable('genetic_stats', (t) => {
    t.integer('pet_num').primary().references('pets.pet_num').onDelete('CASCADE');
    t.bigInteger('genotype_id').references('genotypes.id').onDelete('SET NULL');
    t.decimal('predicted_weight_lbs', 6, 2);
    // Stored uncapped; spec 2 §5 caps it at 100 for display.
    t.decimal('wolfiness', 6, 3);
    t.text('wolfiness_context');
    // Genomic inbreeding from runs of homozygosity, a fraction of the autosomal genome.
    t.decimal('coi', 6, 5);
    // Life stage as of computed_at; pages recompute it from today's date (spec 2 §9 table).
    t.text('life_stage');
    t.timestamp('computed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['genotype_id']);
    t.check('predicted_weight_lbs > 0', [], 'genetic_stats_predicted_weight');
    t.check('wolfiness >= 0', [], 'genetic_stats_wolfiness');
    t.check('coi between 0 and 1', [], 'genetic_stats_coi');
    t.check(
      "life_stage in ('Puppy', 'YoungAdult', 'MatureAdult', 'Senior', 'Geriatric')",
      [],
      'genetic_stats_life_stage',
    );
  });

  await knex.schema.createTable('haplotypes', (t) => {
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.text('lineage').notNullable();
    t.text('haplotype').notNullable(); // e.g. A1e_MT, H1a.48_Y
    t.text('haplogroup').notNullable(); // e.g. A1e, A1a
    t.primary(['pet_num', 'lineage']);
    t.check("lineage in ('maternal', 'paternal')", [], 'haplotypes_lineage');
  });

  await knex.schema.createTable('health_results', (t) => {
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.integer('health_condition_id').notNullable().references('health_conditions.id').onDelete('RESTRICT');
    t.bigInteger('genotype_id').references('genotypes.id').onDelete('SET NULL');
    // no_call: the marker failed on this sample; not_tested: the sample's panel lacks the variant (issue 7).
    t.text('call').notNullable();
    t.smallint('variant_copies');
    t.text('result_text').notNullable();
    t.boolean('is_breed_relevant').notNullable().defaultTo(false);
    t.timestamp('computed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['pet_num', 'health_condition_id']);
    t.index(['health_condition_id', 'call']);
    t.index(['genotype_id']);
    t.check("call in ('clear', 'carrier', 'at_risk', 'no_call', 'not_tested')", [], 'health_results_call');
    t.check('variant_copies between 0 and 2', [], 'health_results_variant_copies');
  });

  await knex.schema.createTable('trait_results', (t) => {
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.integer('trait_locus_id').notNullable().references('trait_loci.id').onDelete('RESTRICT');
    t.bigInteger('genotype_id').references('genotypes.id').onDelete('SET NULL');
    t.text('genotype'); // 'KyKy', 'e/e'; null when not tested on this sample
    t.text('call').notNullable(); // what it means: 'Red/yellow coat', 'not tested on this sample'
    t.boolean('is_tested').notNullable().defaultTo(true);
    t.timestamp('computed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['pet_num', 'trait_locus_id']);
    t.index(['trait_locus_id']);
    t.index(['genotype_id']);
    t.check('is_tested = (genotype is not null)', [], 'trait_results_tested_has_genotype');
  });

  // Pedigree positions as a path of S (sire) and D (dam): 'S' father, 'DS' mother's father, up to
  // great-grandparents. relative_pet_num links a tested dog when one is found; else name only.
  await knex.schema.createTable('family_tree_links', (t) => {
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.text('path').notNullable();
    t.integer('relative_pet_num').references('pets.pet_num').onDelete('SET NULL');
    t.text('name');
    t.integer('breed_id').references('breeds.id').onDelete('SET NULL');
    t.text('source').notNullable().defaultTo('genetic');
    t.timestamps(true, true);
    t.primary(['pet_num', 'path']);
    t.index(['relative_pet_num']);
    t.index(['breed_id']);
    t.check("path ~ '^[SD]{1,3}$'", [], 'family_tree_links_path');
    t.check("source in ('genetic', 'owner')", [], 'family_tree_links_source');
    t.check('relative_pet_num is not null or name is not null', [], 'family_tree_links_who');
    t.check('relative_pet_num is null or relative_pet_num <> pet_num', [], 'family_tree_links_not_self');
  });

  // One row per unordered pair (pet_num_a < pet_num_b); a pet's relatives are the rows where it is
  // a or b. Shared identical-by-descent segments are measured in Mb of CanFam3.1. Each side has
  // its own "new" flag (newRelatedPets of spec 1 §3).
  await knex.schema.createTable('relatives', (t) => {
    t.integer('pet_num_a').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.integer('pet_num_b').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.decimal('kinship', 6, 5).notNullable();
    t.decimal('shared_segments_total_mb', 8, 2).notNullable().defaultTo(0);
    t.decimal('longest_segment_mb', 8, 2).notNullable().defaultTo(0);
    t.integer('shared_segment_count').notNullable().defaultTo(0);
    t.text('category').notNullable();
    t.text('display_relatedness').notNullable(); // 'Shares 24.8% of DNA'
    t.boolean('is_new_for_a').notNullable().defaultTo(true);
    t.boolean('is_new_for_b').notNullable().defaultTo(true);
    t.timestamp('found_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['pet_num_a', 'pet_num_b']);
    t.index(['pet_num_b', 'kinship']);
    t.index(['pet_num_a', 'kinship']);
    t.check('pet_num_a < pet_num_b', [], 'relatives_ordered_pair');
    t.check('kinship between 0 and 1', [], 'relatives_kinship');
    t.check(
      'shared_segments_total_mb >= 0 and longest_segment_mb >= 0 and longest_segment_mb <= shared_segments_total_mb',
      [],
      'relatives_segments',
    );
    t.check(
      "category in ('immediate_family', 'close_family', 'extended_family', 'distant_relative')",
      [],
      'relatives_category',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'relatives',
    'family_tree_links',
    'trait_results',
    'health_results',
    'haplotypes',
    'genetic_stats',
    'breed_mix_rows',
    'breed_mix_summaries',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
