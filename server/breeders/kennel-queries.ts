import type { Db } from '../db/index.js';
import { handleBaseFor } from '../pets/handles.js';
import { petAvatar } from '../pets/images.js';
import type { DogAvatar } from '../shared/dog-avatar.js';
import { breedBySlug } from '../genetics/catalogue/breeds.js';
import type { KennelProfileInput } from './kennel-rules.js';
import { isUniqueViolation } from '../db/unique-violation.js';

export interface KennelProfile {
  userId: number;
  kennelName: string;
  slug: string;
  description: string;
  location: string;
  breeds: string[];
  website: string | null;
  instagramUrl: string | null;
  facebookUrl: string | null;
  isPublished: boolean;
}

export interface KennelDog {
  name: string;
  handle: string;
  breedMixName: string | null;
  /** Its profile picture (public, as the dog is), else its initial. */
  avatar: DogAvatar;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a kennel row as knex reads it
const fromRow = (row: Record<string, any>, isPublished: boolean): KennelProfile => ({
  userId: row.user_id ?? row.id,
  kennelName: row.breeder_name ?? row.name,
  slug: row.slug ?? handleBaseFor(row.breeder_name ?? row.name),
  description: row.description ?? '',
  location: row.location ?? '',
  breeds: row.breed_slugs ?? [],
  website: row.website ?? null,
  instagramUrl: row.instagram_url ?? null,
  facebookUrl: row.facebook_url ?? null,
  isPublished,
});

/** The breeder's profile as saved, or a first draft named after the kennel. */
export async function kennelProfileOf(db: Db, userId: number): Promise<KennelProfile> {
  const row = await db('users').leftJoin('kennel_profiles', 'kennel_profiles.user_id', 'users.id').where('users.id', userId).first('users.id', 'users.name', 'users.breeder_name', 'kennel_profiles.*');
  return fromRow(row, Boolean(row.slug));
}

export async function kennelBySlug(db: Db, slug: string): Promise<KennelProfile | undefined> {
  const row = await db('kennel_profiles').join('users', 'users.id', 'kennel_profiles.user_id').where('kennel_profiles.slug', slug).where('users.is_breeder', true).first('kennel_profiles.*', 'users.name', 'users.breeder_name');
  return row ? fromRow(row, true) : undefined;
}

export class SlugTaken extends Error {}

/** Saves the kennel's name (the header title) and profile in one transaction. */
export async function saveKennelProfile(db: Db, userId: number, input: KennelProfileInput): Promise<void> {
  await db.transaction(async (trx) => {
    const taken = await trx('kennel_profiles').where('slug', input.slug).whereNot('user_id', userId).first('user_id');
    if (taken) throw new SlugTaken();
    await trx('users').where('id', userId).update({ breeder_name: input.kennelName, updated_at: trx.fn.now() });
    const row = {
      slug: input.slug,
      description: input.description,
      location: input.location || null,
      breed_slugs: input.breeds,
      website: input.website,
      instagram_url: input.instagramUrl,
      facebook_url: input.facebookUrl,
      updated_at: trx.fn.now(),
    };
    await trx('kennel_profiles').insert({ user_id: userId, ...row }).onConflict('user_id').merge(row);
  }).catch((error: unknown) => {
    // another breeder took the address meanwhile
    throw isUniqueViolation(error, 'kennel_profiles_slug_unique') ? new SlugTaken() : error;
  });
}

/** The kennel's dogs anyone may see: public, not hidden, not deleted (the rules of public profiles). */
export async function publicKennelDogs(db: Db, userId: number): Promise<KennelDog[]> {
  const rows = await db('pets')
    .join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num')
    .leftJoin('breed_mix_summaries as mix', 'mix.pet_num', 'pets.pet_num')
    .where({ 'pet_owners.user_id': userId, 'pets.privacy': 'public', 'pets.is_hidden': false })
    .whereNull('pets.deleted_at')
    .orderBy('pets.name')
    .select('pets.name', 'pets.call_name', 'pets.handle', 'pets.profile_image_public_id', 'pets.avatar_color_index', 'mix.breed_mix_name');
  return rows.map((row) => ({
    name: row.call_name || row.name,
    handle: row.handle,
    breedMixName: row.breed_mix_name ?? null,
    avatar: petAvatar({ name: row.name, callName: row.call_name, profileImagePublicId: row.profile_image_public_id, avatarColorIndex: row.avatar_color_index }),
  }));
}

export const breedNames = (slugs: readonly string[]) => slugs.map((slug) => breedBySlug(slug)?.name ?? slug);
