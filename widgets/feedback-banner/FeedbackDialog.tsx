import { useEffect, useId, useRef, useState } from 'react';
import {
  chipsFor,
  counterText,
  FEEDBACK_ERROR,
  FEEDBACK_TEXT_MAX,
  FEEDBACK_THANKS,
  isTextWithinLimit,
  toggleChip,
  type FeedbackAnswer,
} from '../../server/feedback/rules';
import { canSubmit, type SubmitState } from './rules';
import { keepTabInside } from '../shared/focus-trap';

export interface FeedbackDialogProps {
  isHelpful: boolean;
  onSubmit: (answer: FeedbackAnswer) => Promise<void>;
  onClose: () => void;
}

/**
 * The dialog a Yes or No opens (spec 2 §4): the answer's default chips, optional text with a live
 * counter, submit enabled only when valid; then the confirmation, or 'Error submitting feedback'.
 * A native <dialog> opened modally: Escape, the backdrop and the close button all close it once.
 */
export function FeedbackDialog({ isHelpful, onSubmit, onClose }: FeedbackDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const closed = useRef(false);
  const [selectedFeedback, setSelected] = useState<string[]>([]);
  const [additionalText, setText] = useState('');
  const [state, setState] = useState<SubmitState>('editing');
  const answer: FeedbackAnswer = { isHelpful, selectedFeedback, additionalText };

  useEffect(() => {
    const element = dialog.current;
    const opener = element?.ownerDocument.activeElement as HTMLElement | null;
    if (element && !element.open) element.showModal();
    return () => {
      if (element?.open) element.close();
      // The dialog leaves the page with this effect; focus goes back to the answer that opened it.
      if (opener && opener.isConnected) opener.focus();
    };
  }, []);

  const close = (): void => {
    if (closed.current) return;
    closed.current = true;
    dialog.current?.close();
    onClose();
  };

  const submit = (): void => {
    if (!canSubmit(answer, state)) return;
    setState('submitting');
    onSubmit(answer).then(
      () => setState('submitted'),
      (error: unknown) => {
        console.error('Feedback failed', error);
        setState('failed');
      },
    );
  };

  const tooLong = !isTextWithinLimit(additionalText);
  return (
    <dialog
      ref={dialog}
      className="feedback-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClose={close}
      onKeyDown={(event) => keepTabInside(event, event.currentTarget)}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="feedback-dialog__box">
        <div className="feedback-dialog__header">
          <h2 id={`${id}-title`} className="feedback-dialog__title">
            {isHelpful ? 'What did you like?' : 'What could be better?'}
          </h2>
          <button type="button" className="feedback-dialog__close" aria-label="Close" onClick={close}>
            ×
          </button>
        </div>
        {state === 'submitted' ? (
          <p className="feedback-dialog__thanks" role="status">
            {FEEDBACK_THANKS}
          </p>
        ) : (
          <form
            className="feedback-dialog__form"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <div className="feedback-chips" role="group" aria-label="Choose any that apply">
              {chipsFor(isHelpful).map((chip) => {
                const pressed = selectedFeedback.includes(chip.value);
                return (
                  <button
                    key={chip.value}
                    type="button"
                    className={`feedback-chip${pressed ? ' is-selected' : ''}`}
                    aria-pressed={pressed}
                    data-chip={chip.value}
                    onClick={() => setSelected((chosen) => toggleChip(chosen, chip.value, isHelpful))}
                  >
                    {chip.label}
                  </button>
                );
              })}
            </div>
            <label className="feedback-dialog__label" htmlFor={`${id}-text`}>
              Tell us more (optional)
            </label>
            <textarea
              id={`${id}-text`}
              className="feedback-dialog__text"
              rows={4}
              value={additionalText}
              aria-invalid={tooLong}
              aria-describedby={`${id}-counter`}
              onChange={(event) => setText(event.target.value)}
            />
            <p id={`${id}-counter`} className={`feedback-dialog__counter${tooLong ? ' is-over' : ''}`} aria-live="polite">
              {counterText(additionalText)}
              {tooLong ? ` (at most ${FEEDBACK_TEXT_MAX} characters)` : ''}
            </p>
            {state === 'failed' && (
              <p className="feedback-dialog__error" role="alert">
                {FEEDBACK_ERROR}
              </p>
            )}
            <button type="submit" className="button feedback-dialog__submit" disabled={!canSubmit(answer, state)}>
              {state === 'submitting' ? 'Submitting…' : 'Submit'}
            </button>
          </form>
        )}
      </div>
    </dialog>
  );
}
