import type { Pet } from './queries.js';

/** Local media store URL of the dog's profile picture (the gallery issue fills in uploads). */
export function profileImageUrl(pet: Pick<Pet, 'profileImagePublicId'>): string | null {
  return pet.profileImagePublicId ? `/media/${encodeURIComponent(pet.profileImagePublicId)}` : null;
}
