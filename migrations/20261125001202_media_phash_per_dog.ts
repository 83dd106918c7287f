import type { Knex } from 'knex';

// Issue 12: the same picture (same perceptual hash) is stored once per dog; the index decides
// between two racing uploads of it.
export async function up(knex: Knex): Promise<void> {
  await knex.raw("create unique index media_image_phash_per_pet on media (pet_num, phash) where media_type = 'image'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists media_image_phash_per_pet');
}
