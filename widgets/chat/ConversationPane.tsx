import { useState } from 'react';
import { dogAvatar } from '../../server/shared/dog-avatar';
import { DogAvatar } from '../shared/DogAvatar';
import type { Conversation, Message } from '../../server/shared/chat-types';
import { NEW_CONVERSATION_ID } from '../../server/shared/chat-rules';
import { CHAT_BLOCKED_NOTICE } from '../../server/shared/messages';
import { BlockDialog } from './BlockDialog';
import { ComposeBox } from './ComposeBox';
import { MessageList } from './MessageList';

export interface ConversationPaneProps {
  conversation: Conversation;
  messages: Message[];
  petImageUrl: string | null;
  sending: boolean;
  onSend: (body: string) => Promise<boolean>;
  onBlock: (conversationId: number) => Promise<void>;
  onUnblock: (conversationId: number) => Promise<void>;
  onDelete: (conversationId: number) => Promise<void>;
}

/** The open conversation: who it is with, its messages, and the compose box unless blocked. */
export function ConversationPane({ conversation, messages, petImageUrl, sending, onSend, onBlock, onUnblock, onDelete }: ConversationPaneProps) {
  const [confirmingBlock, setConfirmingBlock] = useState(false);
  const id = conversation.conversation_id;
  const isSaved = id !== NEW_CONVERSATION_ID;
  // the other owner's dog the conversation is about, as the inbox shows it
  const about = conversation.pets[0];
  return (
    <section className="chat-pane" aria-label={`Conversation with ${conversation.toUserName}`}>
      <header className="chat-pane__header">
        {(petImageUrl || about) && <DogAvatar avatar={dogAvatar(about?.name ?? conversation.toUserName, petImageUrl ?? about?.petImageUrl ?? null)} className="chat-pane__pet-image" />}
        <div className="chat-pane__title">
          <h2>{conversation.toUserName}</h2>
          <p className="chat-pane__subject">{conversation.subject}</p>
          {conversation.pets.length > 0 && (
            <p className="chat-pane__pets">
              {conversation.pets.map((pet) => (
                <span key={pet.handle} className="tag">
                  {pet.name}
                  {pet.likenessScore !== null && ` · ${pet.likenessScore}% alike`}
                </span>
              ))}
            </p>
          )}
          {conversation.activeUserPet && <p className="hint">Your dog: {conversation.activeUserPet.name}</p>}
        </div>
        {isSaved && (
          <div className="chat-pane__actions">
            {conversation.blockedByMe ? (
              <button type="button" className="button button--small button--secondary chat-unblock" onClick={() => void onUnblock(id)}>
                Unblock
              </button>
            ) : (
              !conversation.blocked && (
                <button type="button" className="button button--small button--secondary chat-block" aria-haspopup="dialog" onClick={() => setConfirmingBlock(true)}>
                  Block
                </button>
              )
            )}
            <button type="button" className="button button--small button--secondary chat-delete" onClick={() => void onDelete(id)}>
              Delete conversation
            </button>
          </div>
        )}
      </header>
      <MessageList messages={messages} />
      {conversation.blocked ? (
        <p className="chat-pane__blocked" role="status">
          {CHAT_BLOCKED_NOTICE}
        </p>
      ) : (
        <ComposeBox key={id} sending={sending} onSend={onSend} />
      )}
      {confirmingBlock && (
        <BlockDialog
          name={conversation.toUserName}
          onConfirm={() => {
            setConfirmingBlock(false);
            void onBlock(id);
          }}
          onClose={() => setConfirmingBlock(false)}
        />
      )}
    </section>
  );
}
