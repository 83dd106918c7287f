// Pure helpers of the chat widget: what to show and when to reload.
import type { ChatWidgetProps, Conversation } from '../../server/shared/chat-types';
import { UNREAD_COUNT_EVENT } from '../unread-badge/badge';

/**
 * What changes when the open conversation gets a message or the other side reads one; the
 * user's own reading leaves it alone, so opening a conversation does not load it twice.
 */
export function activityKey(conversation: Conversation | undefined): string {
  if (!conversation) return '';
  return `${conversation.conversation_id}|${conversation.num_messages}|${conversation.lastActivityAt ?? ''}`;
}

/** The conversation to open first: the one ?to= names, else none (the list asks to choose). */
export function initialConversationId(props: Pick<ChatWidgetProps, 'openConversationId'>): number | null {
  return props.openConversationId ?? null;
}

/** After a read, the list shows the conversation with nothing unread until the next poll. */
export function markedRead(conversations: Conversation[], conversationId: number): Conversation[] {
  return conversations.map((c) => (c.conversation_id === conversationId ? { ...c, num_unread: 0 } : c));
}

export function withBlock(conversations: Conversation[], conversationId: number, blocked: boolean, blockedByMe: boolean): Conversation[] {
  return conversations.map((c) => (c.conversation_id === conversationId ? { ...c, blocked, blockedByMe } : c));
}

/** Tells the header's unread badge the new count (widgets/unread-badge listens). */
export function announceUnreadCount(count: number, target: Pick<Window, 'dispatchEvent'> = window): void {
  target.dispatchEvent(new CustomEvent(UNREAD_COUNT_EVENT, { detail: { count } }));
}

export function parseChatProps(raw: Record<string, unknown>): ChatWidgetProps {
  if (!Array.isArray(raw.conversations)) throw new TypeError('chat needs its conversations');
  const to = typeof raw.to === 'string' ? raw.to : null;
  const openConversationId = typeof raw.openConversationId === 'number' ? raw.openConversationId : null;
  const numUnreadMessages = typeof raw.numUnreadMessages === 'number' ? raw.numUnreadMessages : 0;
  return {
    conversations: raw.conversations as Conversation[],
    toPetDetails: (raw.toPetDetails as ChatWidgetProps['toPetDetails']) ?? null,
    openConversationId,
    numUnreadMessages,
    to,
  };
}
