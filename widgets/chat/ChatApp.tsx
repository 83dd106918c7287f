import { useEffect, useRef, useState } from 'react';
import type { ChatWidgetProps } from '../../server/shared/chat-types';
import { CHAT_PICK_CONVERSATION } from '../../server/shared/messages';
import { chatApi } from './api';
import { ConversationList } from './ConversationList';
import { ConversationPane } from './ConversationPane';
import { useChat, type ChatDeps } from './use-chat';

const browserDeps: ChatDeps = {
  api: chatApi,
  alert: (message) => window.alert(message),
  confirm: (message) => window.confirm(message),
  forgetTo: () => {
    const address = new URL(window.location.href);
    address.searchParams.delete('to');
    window.history.replaceState(window.history.state, '', address);
  },
};

/** The chat inbox of /members/messages and /members/chat (spec 2 §3 "Chat inbox"). */
export function ChatApp(props: ChatWidgetProps & { deps?: ChatDeps }) {
  const chat = useChat(props, props.deps ?? browserDeps);
  const root = useRef<HTMLDivElement>(null);
  // the Delete button is gone with its conversation: focus goes to the inbox (or the empty pane),
  // once the render without the conversation is committed (before it, the list still shows it)
  const [focusInbox, setFocusInbox] = useState(false);
  const remove = async (conversationId: number) => {
    if (await chat.remove(conversationId)) setFocusInbox(true);
  };
  useEffect(() => {
    if (!focusInbox) return;
    setFocusInbox(false);
    root.current?.querySelector<HTMLElement>('.chat-list__item, .chat-pane--empty')?.focus();
  }, [focusInbox]);
  return (
    <div className="chat-app" ref={root}>
      <ConversationList conversations={chat.conversations} activeId={chat.activeId} error={chat.listError} onSelect={chat.select} />
      {chat.active ? (
        <ConversationPane
          conversation={chat.active}
          messages={chat.messages}
          petImageUrl={chat.petImageUrl}
          sending={chat.sending}
          onSend={chat.send}
          onBlock={chat.block}
          onUnblock={chat.unblock}
          onDelete={remove}
        />
      ) : (
        <p className="chat-pane chat-pane--empty" tabIndex={-1}>
          {CHAT_PICK_CONVERSATION}
        </p>
      )}
    </div>
  );
}
