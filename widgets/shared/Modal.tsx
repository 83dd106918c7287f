import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { closeOnce } from './close-once';
import { keepTabInside } from './focus-trap';

export type ModalSize = 'narrow' | 'medium' | 'wide';

export interface ModalProps {
  id: string;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Actions below the body (.modal__footer); a form in the body reaches them by the `form` attribute. */
  footer?: ReactNode;
  size?: ModalSize;
}

/** The id of the form in a modal's body, for footer buttons that submit it (`<button form={…}>`). */
export const modalFormId = (modalId: string): string => `${modalId}-form`;

/**
 * The design system's modal (components.css .modal) on the native <dialog>, used by every widget:
 * showModal() makes the page behind inert and moves focus in, Tab stays inside, Escape, the × and
 * the backdrop close it, and focus returns to what opened it. It is shown while mounted; every way
 * of closing goes through one closeOnce, so `onClose` runs once per opening (spec 1 §4).
 */
export function Modal({ id, title, onClose, children, footer, size = 'medium' }: ModalProps) {
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
      // The dialog leaves the page with this effect; give focus back to the control that opened it.
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
      className={size === 'medium' ? 'modal' : `modal modal--${size}`}
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
      <div className="modal__header">
        <h2 id={`${id}-title`} className="modal__title">
          {title}
        </h2>
        <button type="button" className="modal__close" aria-label="Close" onClick={requestClose}>
          ×
        </button>
      </div>
      <div className="modal__body">{children}</div>
      {footer && <div className="modal__footer">{footer}</div>}
    </dialog>
  );
}

/** Closes the modal <dialog> that holds `element` (its close event then runs the modal's onClose once). */
export function closeModalOf(element: Element | null | undefined): void {
  element?.closest('dialog')?.close();
}
