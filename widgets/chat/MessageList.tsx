import { useEffect, useRef } from 'react';
import type { Message } from '../../server/shared/chat-types';
import { messageStatusLabel } from '../../server/shared/chat-rules';

/** The messages of the open conversation, oldest first; bodies are text, never HTML. */
export function MessageList({ messages }: { messages: Message[] }) {
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);
  return (
    <ol className="chat-messages" aria-live="polite">
      {messages.map((message) => (
        <li key={message.id} className={`chat-message ${message.createdByMe ? 'chat-message--mine' : 'chat-message--theirs'}`}>
          <p className="chat-message__body">{message.body}</p>
          <span className="chat-message__status">{messageStatusLabel(message)}</span>
        </li>
      ))}
      <li ref={end} className="chat-messages__end" aria-hidden="true" />
    </ol>
  );
}
