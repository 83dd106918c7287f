import { useRef } from 'react';
import { CHAT_BLOCK_CONFIRM } from '../../server/shared/messages';

export interface BlockDialogProps {
  name: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** The block-user modal (spec 1 §2); it closes once only (spec 1 §4). */
export function BlockDialog({ name, onConfirm, onClose }: BlockDialogProps) {
  const closed = useRef(false);
  const closeWith = (action: () => void) => () => {
    if (closed.current) return;
    closed.current = true;
    action();
  };
  return (
    <div className="chat-modal" role="dialog" aria-modal="true" aria-labelledby="chat-block-title">
      <div className="chat-modal__box">
        <h2 id="chat-block-title">Block user</h2>
        <p>{CHAT_BLOCK_CONFIRM.replace('{name}', name)}</p>
        <div className="chat-modal__actions">
          <button type="button" className="button chat-modal__confirm" onClick={closeWith(onConfirm)}>
            Block
          </button>
          <button type="button" className="button button--secondary chat-modal__cancel" onClick={closeWith(onClose)}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
