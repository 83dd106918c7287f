import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { SUBMITTING } from '../../../server/shared/messages';
import { closeModalOf, Modal, modalFormId } from '../../shared/Modal';
import { CANCEL, SAVE } from '../text';

export interface SettingsModalProps {
  id: string;
  title: string;
  onClose: () => void;
  /**
   * Saves; true closes the modal, false keeps it open (the fields show why), 'leaving' keeps the
   * button disabled while the page goes elsewhere. A throw shows its message.
   */
  onSave: () => Promise<boolean | 'leaving'>;
  submitLabel?: string;
  isDanger?: boolean;
  children: ReactNode;
}

/**
 * A pet settings modal (spec 1 §2) on the shared Modal: a native modal <dialog> (focus moves
 * in, Escape closes, the page behind is inert) that closes once only. Cancel and a successful save
 * close the dialog element itself, so they take the same single close path as Escape and ×.
 */
export function SettingsModal({ id, title, onClose, onSave, submitLabel = SAVE, isDanger = false, children }: SettingsModalProps) {
  const form = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<{ state: 'editing' } | { state: 'submitting' } | { state: 'failed'; message: string }>({
    state: 'editing',
  });
  const closeDialog = () => closeModalOf(form.current);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.state === 'submitting') return;
    setState({ state: 'submitting' });
    try {
      const result = await onSave();
      if (result === true) closeDialog();
      else if (result === false) setState({ state: 'editing' });
    } catch (error) {
      setState({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const submitting = state.state === 'submitting';
  return (
    <Modal
      id={id}
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--outline" onClick={closeDialog}>
            {CANCEL}
          </button>
          <button type="submit" form={modalFormId(id)} className={`button${isDanger ? ' button--danger' : ''}`} disabled={submitting}>
            {submitting ? SUBMITTING : submitLabel}
          </button>
        </>
      }
    >
      <form ref={form} id={modalFormId(id)} className="pet-profile pet-settings-form" noValidate onSubmit={submit} data-settings-form={id}>
        {children}
        {state.state === 'failed' && (
          <p className="form-error" role="alert" data-save-error>
            {state.message}
          </p>
        )}
      </form>
    </Modal>
  );
}
