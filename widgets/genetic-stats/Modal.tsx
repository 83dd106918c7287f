import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { closeOnce } from './close-once';
import { keepTabInside } from '../shared/focus-trap';

export interface ModalProps {
  id: string;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * An explanatory modal on the native <dialog>: showModal() makes the page behind inert and moves
 * focus into the dialog, Tab stays inside it, Escape closes it, and focus returns to what opened it. It is shown while
 * mounted; every way of closing goes through one closeOnce, so handlers never run twice.
 */
export function Modal({ id, title, onClose, children }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const latestOnClose = useRef(onClose);
  latestOnClose.current = onClose;
  const once = useMemo(() => closeOnce(() => latestOnClose.current()), []);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = element.ownerDocument.activeElement as HTMLElement | null;
    if (!element.open) element.showModal();
    return () => {
      if (element.open) element.close();
      // The dialog leaves the page with this effect; give focus back to the button that opened it.
      if (opener && opener.isConnected) opener.focus();
    };
  }, []);

  const requestClose = () => {
    if (once.isClosed) return;
    dialog.current?.close(); // fires 'close', handled below
    once.close();
  };

  return (
    <dialog
      ref={dialog}
      id={id}
      className="results-modal"
      aria-labelledby={`${id}-title`}
      onClose={() => once.close()}
      onKeyDown={(event) => keepTabInside(event, event.currentTarget)}
      onCancel={(event) => {
        // Escape: close through the same path as the button.
        event.preventDefault();
        requestClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) requestClose();
      }}
    >
      <div className="results-modal__box">
        <div className="results-modal__header">
          <h2 id={`${id}-title`} className="results-modal__title">
            {title}
          </h2>
          <button type="button" className="results-modal__close" aria-label="Close" onClick={requestClose}>
            ×
          </button>
        </div>
        <div className="results-modal__body">{children}</div>
      </div>
    </dialog>
  );
}
