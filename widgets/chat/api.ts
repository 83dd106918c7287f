// The chat's REST calls (spec 1 §7), with the response checks of spec 1 §8: a response without
// the expected fields raises an error rather than being used.
import { fetchJson, HttpError } from '../shared/fetch-json';
import { CSRF_HEADER, csrfToken } from '../shared/csrf';
import type {
  BlockResponse,
  DeleteConversationResponse,
  GetConversationsResponse,
  GetMessagesResponse,
  SendMessageResponse,
} from '../../server/shared/chat-types';

export const CHAT_API = '/members/chat';
export const CHAT_EVENTS_URL = `${CHAT_API}/events`;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function checkConversationsResponse(body: unknown): GetConversationsResponse {
  if (!isObject(body) || !Array.isArray(body.conversations)) throw new Error('Missing get-conversations response');
  for (const conversation of body.conversations) {
    if (!isObject(conversation) || typeof conversation.conversation_id !== 'number') throw new Error('Missing conversation id');
  }
  return body as unknown as GetConversationsResponse;
}

export function checkMessagesResponse(body: unknown): GetMessagesResponse {
  if (!isObject(body) || !Array.isArray(body.messages)) throw new Error('Missing get-messages response');
  return body as unknown as GetMessagesResponse;
}

export type SendOutcome = { kind: 'sent'; response: SendMessageResponse } | { kind: 'error'; error: string };

/** Spec 1 §8: the error field is shown as received; a response that is neither raises an error. */
export function sendOutcome(body: unknown): SendOutcome {
  if (isObject(body) && typeof body.error === 'string') return { kind: 'error', error: body.error };
  if (isObject(body) && isObject(body.sentMessage)) return { kind: 'sent', response: body as unknown as SendMessageResponse };
  throw new Error('Unrecognised send-message response');
}

/** The `error` a failed call answered with, when it answered one. */
export function errorFrom(failure: unknown): string | null {
  if (failure instanceof HttpError && isObject(failure.body) && typeof failure.body.error === 'string') return failure.body.error;
  return null;
}

const json = (method: string, payload: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(payload),
});

export const chatApi = {
  getConversations: async (to: string | null) =>
    checkConversationsResponse(await fetchJson(`${CHAT_API}/get-conversations${to ? `?to=${encodeURIComponent(to)}` : ''}`)),

  getMessages: async (conversationId: number) => checkMessagesResponse(await fetchJson(`${CHAT_API}/get-messages/${conversationId}`)),

  /** Resolves to the outcome, also for a refusal that carries an `error` (e.g. a blocked conversation). */
  sendMessage: async (payload: { body: string; conversationId: number; startNewConversationTo: string | null }): Promise<SendOutcome> => {
    try {
      return sendOutcome(await fetchJson(`${CHAT_API}/send-message`, json('POST', payload)));
    } catch (failure) {
      const error = errorFrom(failure);
      if (error !== null) return { kind: 'error', error };
      throw failure;
    }
  },

  // A GET by the spec; it carries the CSRF header like every other write.
  deleteConversation: (conversationId: number) =>
    fetchJson<DeleteConversationResponse>(`${CHAT_API}/delete-messages-in-conversation/${conversationId}`, { headers: { [CSRF_HEADER]: csrfToken() } }),

  block: (conversationId: number) => fetchJson<BlockResponse>(`${CHAT_API}/block`, json('PUT', { conversationId })),

  unblock: (conversationId: number) => fetchJson<BlockResponse>(`${CHAT_API}/block`, json('DELETE', { conversationId })),
};

export type ChatApi = typeof chatApi;
