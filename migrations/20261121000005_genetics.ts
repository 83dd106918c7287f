import type { Knex } from 'knex';

// Marker panels and genotypes (DESIGN.md "Genetics engine"; issue 7).
//
// Markers are keyed by chromosome and position on CanFam3.1, so dogs typed on different arrays
// compare on the markers they share. Chromosome numbers follow PLINK for dogs: 1–38 autosomes,
// 39 X, 40 Y, 41 mitochondrial, 0 unplaced.
//
// A genotype is packed 2 bits a marker in the order of its panel (panel_markers.idx): marker i
// lives in byte i / 4, bits (i % 4) * 2 and up, least significant first; the value is the number
// of copies of markers.alt_allele (0, 1, 2) or 3 for no call.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('markers', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable(); // probe id (BICF2G630…) or chrN_position
    t.smallint('chromosome').notNullable();
    t.integer('position').notNullable();
    t.text('ref_allele').notNullable();
    t.text('alt_allele').notNullable();
    // Set on the named variants behind a health condition or a trait locus.
    t.integer('health_condition_id').references('health_conditions.id').onDelete('SET NULL');
    t.integer('trait_locus_id').references('trait_loci.id').onDelete('SET NULL');
    t.text('allele_label'); // notation of the alt allele at a trait locus, e.g. 'e' at E, 'KB' at K
    t.index(['name']);
    t.index(['health_condition_id']);
    t.index(['trait_locus_id']);
    t.check('chromosome between 0 and 41', [], 'markers_chromosome');
    t.check('position >= 0', [], 'markers_position');
    t.check("ref_allele ~ '^[ACGTID-]+$' and alt_allele ~ '^[ACGTID-]+$'", [], 'markers_alleles');
    t.check('ref_allele <> alt_allele', [], 'markers_alleles_differ');
  });

  // Placed markers are identified by position; unplaced ones (chromosome 0, position often 0) by name.
  await knex.raw('create unique index markers_position_unique on markers (chromosome, position) where chromosome > 0');
  await knex.raw('create unique index markers_unplaced_name_unique on markers (name) where chromosome = 0');

  await knex.schema.createTable('marker_panels', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable().unique();
    t.text('reference_build').notNullable().defaultTo('CanFam3.1');
    t.integer('marker_count').notNullable();
    // sha256 of the ordered marker list, so an import reuses an identical panel.
    t.text('markers_sha256').notNullable().unique();
    t.text('description');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('marker_count > 0', [], 'marker_panels_marker_count');
    t.check("markers_sha256 ~ '^[0-9a-f]{64}$'", [], 'marker_panels_markers_sha256');
  });

  await knex.schema.createTable('panel_markers', (t) => {
    t.integer('panel_id').notNullable().references('marker_panels.id').onDelete('CASCADE');
    t.integer('idx').notNullable();
    t.integer('marker_id').notNullable().references('markers.id').onDelete('RESTRICT');
    t.primary(['panel_id', 'idx']);
    t.unique(['panel_id', 'marker_id']);
    t.index(['marker_id']);
    t.check('idx >= 0', [], 'panel_markers_idx');
  });

  await knex.schema.createTable('genotypes', (t) => {
    t.bigIncrements('id').primary();
    t.integer('sample_id').notNullable().references('samples.id').onDelete('CASCADE');
    // Denormalised from the swab so that relative matching scans one table; kept (null) when a pet is deleted.
    t.integer('pet_num').references('pets.pet_num').onDelete('SET NULL');
    t.integer('panel_id').notNullable().references('marker_panels.id').onDelete('RESTRICT');
    t.integer('marker_count').notNullable();
    t.binary('calls').notNullable();
    t.decimal('call_rate', 5, 4).notNullable();
    t.text('source_format').notNullable();
    t.text('source_file_name');
    // sha256 of the ingested file: ingesting the same file twice changes nothing.
    t.text('source_sha256');
    t.specificType('stated_sex', 'char(1)');
    t.specificType('inferred_sex', 'char(1)');
    t.decimal('x_heterozygosity', 6, 5);
    // issue 7: a stated/genetic sex mismatch holds results for lab review instead of releasing them.
    t.boolean('lab_review_hold').notNullable().defaultTo(false);
    t.text('lab_review_reason');
    t.integer('reviewed_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('reviewed_at', { useTz: true });
    // The genotype a pet's results and relatives are computed from (a reswab can add another).
    t.boolean('is_current').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['sample_id', 'source_sha256']);
    t.index(['sample_id']);
    t.index(['panel_id']);
    t.index(['reviewed_by_user_id']);
    t.check('marker_count > 0', [], 'genotypes_marker_count');
    t.check('octet_length(calls) = (marker_count + 3) / 4', [], 'genotypes_calls_length');
    t.check('call_rate between 0 and 1', [], 'genotypes_call_rate');
    t.check("source_format in ('simulated', 'raw_tsv', 'plink_tped')", [], 'genotypes_source_format');
    t.check("source_sha256 ~ '^[0-9a-f]{64}$'", [], 'genotypes_source_sha256');
    t.check("stated_sex in ('f', 'm')", [], 'genotypes_stated_sex');
    t.check("inferred_sex in ('f', 'm')", [], 'genotypes_inferred_sex');
    t.check('x_heterozygosity between 0 and 1', [], 'genotypes_x_heterozygosity');
    t.check('not lab_review_hold or lab_review_reason is not null', [], 'genotypes_lab_review_reason');
  });
  await knex.raw('create unique index genotypes_current_per_pet on genotypes (pet_num) where is_current and pet_num is not null');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['genotypes', 'panel_markers', 'marker_panels', 'markers']) {
    await knex.schema.dropTableIfExists(table);
  }
}
