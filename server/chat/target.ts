import type { Db } from '../db/index.js';
import { HttpError } from '../auth/guards.js';
import { CHAT_UNKNOWN_DOG, CHAT_WITH_YOURSELF, INVALID_ARGUMENTS } from '../shared/messages.js';
import { findChatPetByHandle, type ChatPetRow } from './queries.js';
import { parseHandle } from './rules.js';

/**
 * The dog of ?to={handle} (or startNewConversationTo) whose owner the user wants to chat with.
 * No value means no dog; a hidden, private or unknown handle and one's own dog are refused.
 */
export async function resolveChatTarget(db: Db, userId: number, raw: unknown): Promise<ChatPetRow | null> {
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string') throw new HttpError(400, INVALID_ARGUMENTS);
  const handle = parseHandle(raw);
  const pet = handle ? await findChatPetByHandle(db, handle) : undefined;
  if (!pet) throw new HttpError(404, CHAT_UNKNOWN_DOG);
  if (pet.ownerId === userId) throw new HttpError(400, CHAT_WITH_YOURSELF);
  return pet;
}
