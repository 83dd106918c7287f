import type { Conversation } from '../../server/shared/chat-types';
import { truncateText } from '../../server/shared/chat-rules';
import { CHAT_CONVERSATIONS_FAILED, CHAT_NO_CONVERSATIONS } from '../../server/shared/messages';
import { dogAvatar } from '../../server/shared/dog-avatar';
import { DogAvatar } from '../shared/DogAvatar';

export interface ConversationListProps {
  conversations: Conversation[];
  activeId: number | null;
  error: boolean;
  onSelect: (conversationId: number) => void;
}

/** The inbox: one button per conversation, newest first, with its unread count. */
export function ConversationList({ conversations, activeId, error, onSelect }: ConversationListProps) {
  return (
    <nav className="chat-list" aria-label="Conversations">
      {error && (
        <p className="chat-list__error form-error" role="alert">
          {CHAT_CONVERSATIONS_FAILED}
        </p>
      )}
      {conversations.length === 0 ? (
        <p className="chat-list__empty">{CHAT_NO_CONVERSATIONS}</p>
      ) : (
        <ul>
          {conversations.map((conversation) => {
            const isActive = conversation.conversation_id === activeId;
            const about = conversation.pets[0];
            return (
              <li key={conversation.conversation_id}>
                <button
                  type="button"
                  className={`chat-list__item${isActive ? ' is-active' : ''}${conversation.num_unread > 0 ? ' has-unread' : ''}`}
                  aria-current={isActive ? 'true' : undefined}
                  data-conversation-id={conversation.conversation_id}
                  onClick={() => onSelect(conversation.conversation_id)}
                >
                  {about && <DogAvatar avatar={dogAvatar(about.name, about.petImageUrl)} className="chat-list__avatar" />}
                  <span className="chat-list__name">{conversation.toUserName}</span>
                  {conversation.num_unread > 0 && (
                    <span className="chat-list__unread" aria-label={`${conversation.num_unread} unread`}>
                      {conversation.num_unread}
                    </span>
                  )}
                  <span className="chat-list__subject">{conversation.subject}</span>
                  {conversation.most_recent_message_snippet && (
                    <span className="chat-list__snippet">{truncateText(conversation.most_recent_message_snippet)}</span>
                  )}
                  {conversation.blocked && <span className="tag">Blocked</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
