// Who sees a dog's public face (issue 11; DESIGN.md "Who may do what"). Pure: the routes load the
// facts, this decides. Every public page and call of a dog goes through it.

export type Privacy = 'public' | 'public-private' | 'private';

export interface ProfileFacts {
  privacy: Privacy;
  isHidden: boolean;
  isDeleted: boolean;
}

export interface Viewer {
  signedIn: boolean;
  isAdmin: boolean;
  /** Owner or co-owner of the dog, with any permission. */
  isOwner: boolean;
}

/**
 * 'show' the profile, ask the visitor to 'signIn' (members-only dog, signed-out visitor), or
 * 'notFound': the same answer as an unknown handle, so handles of private dogs cannot be probed.
 */
export type ProfileVisibility = 'show' | 'signIn' | 'notFound';

export function profileVisibility(dog: ProfileFacts, viewer: Viewer): ProfileVisibility {
  if (dog.isDeleted) return 'notFound';
  if (viewer.isOwner || viewer.isAdmin) return 'show';
  if (dog.isHidden) return 'notFound';
  if (dog.privacy === 'public') return 'show';
  if (dog.privacy === 'public-private') return viewer.signedIn ? 'show' : 'signIn';
  return 'notFound';
}

/** Only profiles everyone may see, of dogs with released results, are indexed by search engines. */
export const isIndexable = (dog: ProfileFacts, hasResults: boolean) => hasResults && !dog.isDeleted && !dog.isHidden && dog.privacy === 'public';

/** A handle as the pets table allows it (see migration 1: lower case letters, digits, dashes). */
export const HANDLE_PATTERN = /^[a-z0-9][a-z0-9-]{1,62}$/;

export function normaliseHandle(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const handle = raw.trim().toLowerCase();
  return HANDLE_PATTERN.test(handle) ? handle : null;
}
