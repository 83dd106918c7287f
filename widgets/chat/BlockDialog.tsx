import { useRef } from 'react';
import { CHAT_BLOCK_CONFIRM } from '../../server/shared/messages';
import { Modal } from '../shared/Modal';

export interface BlockDialogProps {
  name: string;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The block-user modal (spec 1 §2) on the shared Modal: focus moves in and stays there, Escape or
 * Cancel closes it, focus returns to the Block button; it closes once only (spec 1 §4).
 */
export function BlockDialog({ name, onConfirm, onClose }: BlockDialogProps) {
  const closed = useRef(false);
  const closeWith = (action: () => void) => () => {
    if (closed.current) return;
    closed.current = true;
    action();
  };
  return (
    <Modal
      id="chat-block"
      title="Block user"
      size="narrow"
      onClose={closeWith(onClose)}
      footer={
        <>
          <button type="button" className="button button--outline" data-block-cancel onClick={closeWith(onClose)}>
            Cancel
          </button>
          <button type="button" className="button button--danger" data-block-confirm onClick={closeWith(onConfirm)}>
            Block
          </button>
        </>
      }
    >
      <p>{CHAT_BLOCK_CONFIRM.replace('{name}', () => name)}</p>
    </Modal>
  );
}
