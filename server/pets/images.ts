import type { Pet } from './queries.js';

/**
 * The dog's profile picture (issue 12): the square thumbnail of the chosen photo in the media
 * store. The address stays when the photo is turned; the media route makes browsers revalidate.
 */
export function profileImageUrl(pet: Pick<Pet, 'profileImagePublicId'>): string | null {
  return pet.profileImagePublicId && /^ui\/[0-9a-z-]+$/.test(pet.profileImagePublicId) ? `/media/${pet.profileImagePublicId}/thumb.jpg` : null;
}
