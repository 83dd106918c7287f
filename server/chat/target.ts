import type { Db } from '../db/index.js';
import { HttpError } from '../http/http-error.js';
import { petAccessFor } from '../pets/access.js';
import type { User } from '../users/queries.js';
import { CHAT_NO_OWNER, CHAT_UNKNOWN_DOG, CHAT_WITH_YOURSELF, INVALID_ARGUMENTS } from '../shared/messages.js';
import { findChatTargetByHandle, type ChatPetRow } from './queries.js';
import { parseHandle } from '../shared/chat-rules.js';

/**
 * The dog of ?to={handle} (or startNewConversationTo) whose owner the user wants to chat with.
 * No value means no dog. The dog must be one other members may see, or one the user may read
 * (a vet's patient, even a private one: issue 36 §2); any other handle is unknown, so a private
 * dog's existence is not given away. A dog no member owns yet, and one's own dog, are refused.
 */
export async function resolveChatTarget(db: Db, user: User, raw: unknown): Promise<ChatPetRow | null> {
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string') throw new HttpError(400, INVALID_ARGUMENTS);
  const handle = parseHandle(raw);
  const target = handle ? await findChatTargetByHandle(db, handle) : undefined;
  const maySee = target && (target.isVisible || (await petAccessFor(db, user, target.petNum)) !== null);
  if (!target || !maySee) throw new HttpError(404, CHAT_UNKNOWN_DOG);
  if (!target.pet) throw new HttpError(404, CHAT_NO_OWNER);
  if (target.pet.ownerId === user.id) throw new HttpError(400, CHAT_WITH_YOURSELF);
  return target.pet;
}
