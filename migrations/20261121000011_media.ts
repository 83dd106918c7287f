import type { Knex } from 'knex';

// A pet's gallery of images, videos and documents (spec 1 §3 Media, Document info), likes
// ("wags", one per user and media) and public profile views counted per day.

const DOCUMENT_CATEGORIES =
  "('Breed Club Registration', 'Health & Veterinary', 'Microchip Certificate', 'Pedigree', " +
  "'Title Certificate', 'Veterinary Verification Form', 'Other')";
const HEALTH_TEST_TYPES =
  "('Allergies/Serum_IgE', 'BAER Tests', 'Bile Acids', 'Blood Chem', 'CBC', 'Elbows', 'Eyes', " +
  "'Heart', 'Hips', 'Knees', 'Radiography', 'Serum_VWF', 'Thyroid', 'Other')";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('media', (t) => {
    t.bigIncrements('id').primary();
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.integer('uploaded_by_user_id').references('users.id').onDelete('SET NULL');
    t.text('media_type').notNullable();
    t.text('public_id').notNullable().unique();
    t.text('resource_type').notNullable();
    t.text('phash');
    t.text('caption');
    t.boolean('is_gallery').notNullable().defaultTo(true);
    t.smallint('rotation').notNullable().defaultTo(0);
    t.text('content_type');
    t.integer('width');
    t.integer('height');
    t.integer('bytes');
    // Document info (spec 1 §3); record type and year are for Health & Veterinary documents.
    t.text('document_description');
    t.text('document_category');
    t.text('document_record_type');
    t.smallint('document_year');
    t.timestamps(true, true);
    t.index(['pet_num', 'media_type', 'created_at']);
    t.index(['uploaded_by_user_id']);
    t.check("media_type in ('image', 'video', 'document')", [], 'media_media_type');
    // spec 1 §3: images are ui/…, videos uv/…; documents use neither prefix.
    t.check(
      "(media_type = 'image' and public_id ~ '^ui/.') or (media_type = 'video' and public_id ~ '^uv/.') " +
        "or (media_type = 'document' and public_id !~ '^u[iv]/' and length(public_id) > 0)",
      [],
      'media_public_id_prefix',
    );
    t.check("resource_type in ('image', 'video', 'raw')", [], 'media_resource_type');
    t.check("phash ~ '^[0-9a-f]{1,64}$'", [], 'media_phash_format');
    t.check('char_length(caption) <= 1000', [], 'media_caption_length');
    t.check('rotation in (0, 90, 180, 270)', [], 'media_rotation');
    t.check('width > 0 and height > 0 and bytes >= 0', [], 'media_dimensions');
    t.check(
      "media_type = 'document' or num_nonnulls(document_description, document_category, document_record_type, document_year) = 0",
      [],
      'media_document_info_only_on_documents',
    );
    t.check(`document_category in ${DOCUMENT_CATEGORIES}`, [], 'media_document_category');
    t.check(`document_record_type in ${HEALTH_TEST_TYPES}`, [], 'media_document_record_type');
    t.check(
      "document_category = 'Health & Veterinary' or (document_record_type is null and document_year is null)",
      [],
      'media_document_record_only_health',
    );
    t.check('document_year between 1989 and 2100', [], 'media_document_year');
  });

  await knex.schema.createTable('media_likes', (t) => {
    t.bigInteger('media_id').notNullable().references('media.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['media_id', 'user_id']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('profile_views_by_day', (t) => {
    t.integer('pet_num').notNullable().references('pets.pet_num').onDelete('CASCADE');
    t.date('viewed_at_date').notNullable();
    t.integer('view_count').notNullable().defaultTo(1);
    t.primary(['pet_num', 'viewed_at_date']);
    t.check('view_count >= 1', [], 'profile_views_by_day_view_count');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['profile_views_by_day', 'media_likes', 'media']) {
    await knex.schema.dropTableIfExists(table);
  }
}
