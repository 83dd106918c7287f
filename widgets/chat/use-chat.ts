import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatWidgetProps, Conversation, Message } from '../../server/shared/chat-types';
import { CHAT_POLL_MS, messageBodyError, NEW_CONVERSATION_ID } from '../../server/shared/chat-rules';
import { CHAT_BLOCK_FAILED, CHAT_DELETE_CONFIRM, CHAT_DELETE_FAILED, CHAT_SEND_FAILED, CHAT_UNBLOCK_FAILED } from '../../server/shared/messages';
import { CHAT_EVENTS_URL, type ChatApi } from './api';
import { activityKey, announceUnreadCount, initialConversationId, markedRead, withBlock } from './state';

export interface ChatDeps {
  api: ChatApi;
  alert: (message: string) => void;
  confirm: (message: string) => boolean;
  /** Takes ?to= out of the page's address, so a reload does not bring back a chat the user deleted. */
  forgetTo: () => void;
}

/**
 * The chat's state. Live updates: an event stream says when the list may have changed (polling
 * instead while the stream is down); the list then comes from get-conversations (the database is
 * the source of truth, so any app process answers) and the open conversation is reloaded only
 * when its messages or the other side's reading moved.
 */
export function useChat(props: ChatWidgetProps, { api, alert, confirm, forgetTo }: ChatDeps) {
  const [conversations, setConversations] = useState<Conversation[]>(props.conversations);
  const [activeId, setActiveId] = useState<number | null>(initialConversationId(props));
  const [messages, setMessages] = useState<Message[]>([]);
  const [petImageUrl, setPetImageUrl] = useState<string | null>(null);
  const [listError, setListError] = useState(false);
  const [sending, setSending] = useState(false);
  const sendingNow = useRef(false);
  const activeNow = useRef(activeId);
  activeNow.current = activeId;
  const loadedKey = useRef('');
  const listRequest = useRef(0);
  // ?to= keeps the chat it opened listed, also while it has no message; deleting that chat lets it go (issue 36 §17)
  const to = useRef(props.to);
  const toConversationId = useRef(props.openConversationId);

  const listInFlight = useRef(false);
  const refreshList = useCallback(async () => {
    const request = ++listRequest.current;
    listInFlight.current = true;
    try {
      const data = await api.getConversations(to.current);
      if (request !== listRequest.current) return; // a newer answer is on its way
      setConversations(data.conversations);
      setListError(false);
      announceUnreadCount(data.numUnreadMessages);
    } catch (failure) {
      console.error(failure);
      if (request === listRequest.current) setListError(true);
    } finally {
      if (request === listRequest.current) listInFlight.current = false;
    }
  }, [api]);

  const loadMessages = useCallback(
    async (conversationId: number) => {
      try {
        const data = await api.getMessages(conversationId);
        if (activeNow.current !== conversationId) return;
        setMessages(data.messages);
        setPetImageUrl(data.petImageUrl);
        setConversations((current) => markedRead(current, conversationId));
        announceUnreadCount(data.numUnreadMessages);
        // a list answer counted before this read would bring the unread count back: ask again instead
        if (listInFlight.current) void refreshList();
      } catch (failure) {
        console.error(failure);
        setListError(true);
      }
    },
    [api, refreshList],
  );

  const active = conversations.find((c) => c.conversation_id === activeId);
  const key = activeId !== null && activeId !== NEW_CONVERSATION_ID ? activityKey(active) || `${activeId}` : '';
  useEffect(() => {
    if (key === loadedKey.current) return;
    loadedKey.current = key;
    if (!key) {
      setMessages([]);
      setPetImageUrl(null);
    } else {
      void loadMessages(activeId!);
    }
  }, [key, activeId, loadMessages]);

  useEffect(() => {
    // Server-sent events tell the inbox when one of its conversations changed; the 4-second poll
    // runs only while the stream is down (not supported, reconnecting, or refused).
    let streamOpen = false;
    const stream = typeof EventSource === 'function' ? new EventSource(CHAT_EVENTS_URL) : null;
    stream?.addEventListener('open', () => {
      // Whatever changed while it was down.
      if (!streamOpen) void refreshList();
      streamOpen = true;
    });
    stream?.addEventListener('chat', () => void refreshList());
    stream?.addEventListener('error', () => {
      streamOpen = false;
    });
    const poll = (): void => {
      if (!streamOpen && document.visibilityState === 'visible') void refreshList();
    };
    const timer = setInterval(poll, CHAT_POLL_MS);
    document.addEventListener('visibilitychange', poll);
    return () => {
      stream?.close();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
    };
  }, [refreshList]);

  const select = useCallback((conversationId: number) => setActiveId(conversationId), []);

  /** Spec 2 §5: blank bodies are refused, and no second send starts while one is in progress. */
  const send = useCallback(
    async (body: string): Promise<boolean> => {
      if (sendingNow.current || activeId === null) return false;
      const invalid = messageBodyError(body);
      if (invalid) {
        alert(invalid);
        return false;
      }
      sendingNow.current = true;
      setSending(true);
      try {
        const isNew = activeId === NEW_CONVERSATION_ID;
        const outcome = await api.sendMessage({ body, conversationId: activeId, startNewConversationTo: isNew ? to.current : null });
        if (outcome.kind === 'error') {
          alert(outcome.error);
          return false;
        }
        const started = outcome.response.startedConversation?.conversationId;
        if (isNew && started !== undefined) toConversationId.current = started;
        if (started !== undefined && started !== activeId) setActiveId(started);
        else setMessages((current) => [...current, outcome.response.sentMessage]);
        await refreshList();
        return true;
      } catch (failure) {
        console.error(failure);
        alert(CHAT_SEND_FAILED);
        return false;
      } finally {
        sendingNow.current = false;
        setSending(false);
      }
    },
    [activeId, alert, api, refreshList],
  );

  const block = useCallback(
    async (conversationId: number) => {
      try {
        const state = await api.block(conversationId);
        setConversations((current) => withBlock(current, conversationId, state.blocked, state.blockedByMe));
      } catch (failure) {
        console.error(failure);
        alert(CHAT_BLOCK_FAILED);
      }
    },
    [alert, api],
  );

  const unblock = useCallback(
    async (conversationId: number) => {
      try {
        const state = await api.unblock(conversationId);
        setConversations((current) => withBlock(current, conversationId, state.blocked, state.blockedByMe));
      } catch (failure) {
        console.error(failure);
        alert(CHAT_UNBLOCK_FAILED);
      }
    },
    [alert, api],
  );

  /** Resolves true when the conversation was deleted. */
  const remove = useCallback(
    async (conversationId: number): Promise<boolean> => {
      if (!confirm(CHAT_DELETE_CONFIRM)) return false;
      try {
        await api.deleteConversation(conversationId);
        if (conversationId === toConversationId.current) {
          to.current = null;
          forgetTo();
        }
        setActiveId(null);
        await refreshList();
        return true;
      } catch (failure) {
        console.error(failure);
        alert(CHAT_DELETE_FAILED);
        return false;
      }
    },
    [alert, api, confirm, forgetTo, refreshList],
  );

  return { conversations, active, activeId, messages, petImageUrl, listError, sending, select, send, block, unblock, remove };
}
