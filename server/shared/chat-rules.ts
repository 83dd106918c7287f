// Pure rules of the chat (spec 1 §4, §5, §9; spec 2 §4; issue 6), shared by the server, the
// chat widget and the tests. No I/O here.
import {
  CHAT_EMPTY_BODY,
  CHAT_MESSAGE_TOO_LONG,
  CHAT_READ,
  CHAT_SENT,
  CHAT_UNREAD,
  INVALID_ARGUMENTS,
} from './messages.js';
// the id rule without zod: this file is in the chat widget's bundle
import { parseId } from './id-range.js';
import { hasControlCharacter, isBlank } from './visible-text.js';

/** A conversation started from /members/chat?to={handle} that has no message yet (spec 1 §4). */
export const NEW_CONVERSATION_ID = -1;
/** Also a CHECK on messages.body. */
export const MAX_MESSAGE_LENGTH = 5000;
/** Sends per user per minute, counted in the database so the limit holds across app processes. */
export const SEND_LIMIT_PER_MINUTE = 20;
/** The text truncation helper's length (spec 1 §9), used for conversation snippets in the list. */
export const TRUNCATE_LENGTH = 25;
/** Characters of the latest message the server sends as most_recent_message_snippet. */
export const SNIPPET_LENGTH = 100;
/** The chat page asks for changes this often while it is visible (live updates, issue 6). */
export const CHAT_POLL_MS = 4000;
const HANDLE_PATTERN = /^[a-z0-9][a-z0-9-]{1,62}$/i;

/** A stored conversation id: a positive whole number, from a path segment or a JSON field. */
export const parseConversationId = parseId;

/** The conversation id of a send: a stored one, or NEW_CONVERSATION_ID (also when absent). */
export function parseSendConversationId(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === '' || raw === NEW_CONVERSATION_ID || raw === String(NEW_CONVERSATION_ID)) {
    return NEW_CONVERSATION_ID;
  }
  return parseConversationId(raw);
}

/** A dog's handle as it may appear in ?to=; anything else names no dog. */
export function parseHandle(raw: unknown): string | null {
  return typeof raw === 'string' && HANDLE_PATTERN.test(raw) ? raw.toLowerCase() : null;
}

/** Length as PostgreSQL's char_length counts it (code points, not UTF-16 units). */
export function messageLength(body: string): number {
  return [...body].length;
}

/** Why a body cannot be sent, or null when it can (spec 2 §5: blank is refused). */
export function messageBodyError(body: unknown): string | null {
  if (typeof body !== 'string' || isBlank(body)) return CHAT_EMPTY_BODY;
  if (hasControlCharacter(body)) return INVALID_ARGUMENTS;
  if (messageLength(body.trim()) > MAX_MESSAGE_LENGTH) return CHAT_MESSAGE_TOO_LONG;
  return null;
}

/** Shortens text to `length` characters, ending with an ellipsis when cut. */
export function truncateText(text: string, length = TRUNCATE_LENGTH): string {
  const chars = [...text];
  return chars.length <= length ? text : `${chars.slice(0, length - 1).join('').trimEnd()}…`;
}

/** One line of the latest message for the conversation list. */
export function messageSnippet(body: string | null | undefined): string | null {
  if (body == null) return null;
  return truncateText(body.replace(/\s+/g, ' ').trim(), SNIPPET_LENGTH);
}

/** The subject of a conversation started from a dog's page. */
export function conversationSubject(myPetName: string | null, theirPetName: string): string {
  return myPetName ? `${myPetName} and ${theirPetName}` : theirPetName;
}

export interface ReadStatusLike {
  readAt: string;
}

export interface MessageStatusInput {
  createdByMe: boolean;
  createdAt: string;
  allReadStatuses: readonly ReadStatusLike[];
}

export type TimeFormatter = (iso: string) => string;

export const formatChatTime: TimeFormatter = (iso) =>
  new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Spec 2 §4: own messages show 'Read: {time}' or 'Unread'; others' show 'Sent: {time}'. */
export function messageStatusLabel(message: MessageStatusInput, format: TimeFormatter = formatChatTime): string {
  if (!message.createdByMe) return CHAT_SENT.replace('{time}', () => format(message.createdAt));
  const firstRead = message.allReadStatuses.map((status) => status.readAt).sort()[0];
  return firstRead ? CHAT_READ.replace('{time}', () => format(firstRead)) : CHAT_UNREAD;
}
