import type { ChatPet } from './types.js';

/**
 * Genetic likeness (0–100) of the other owner's dog to the user's own dog in a conversation
 * (spec 2 §3 `pets.likenessScore`). Placeholder: it answers null until the genetics engine
 * stores likeness between dogs; the widget shows no score for null.
 */
export function likenessScore(_activeUserPet: ChatPet | null, _otherPet: Pick<ChatPet, 'handle'>): number | null {
  return null;
}
