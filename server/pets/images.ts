import { dogAvatar, type DogAvatar } from '../shared/dog-avatar.js';
import type { Pet } from './queries.js';

/**
 * The dog's profile picture (issue 12): the square thumbnail of the chosen photo in the media
 * store. The address stays when the photo is turned; the media route makes browsers revalidate.
 */
export function profileImageUrl(pet: Pick<Pet, 'profileImagePublicId'>): string | null {
  return pet.profileImagePublicId && /^ui\/[0-9a-z-]+$/.test(pet.profileImagePublicId) ? `/media/${pet.profileImagePublicId}/thumb.jpg` : null;
}

/** The avatar of one of the viewer's dogs (or one they may see): its picture, else its initial on its colour. */
export function petAvatar(pet: Pick<Pet, 'name' | 'profileImagePublicId' | 'avatarColorIndex'> & { callName?: string | null }): DogAvatar {
  return dogAvatar(pet.callName || pet.name, profileImageUrl(pet), pet.avatarColorIndex);
}
