import { useId, useState } from 'react';
import {
  chipsFor,
  counterText,
  FEEDBACK_ERROR,
  FEEDBACK_TEXT_MAX,
  FEEDBACK_THANKS,
  isTextWithinLimit,
  toggleChip,
  type FeedbackAnswer,
} from '../../server/shared/feedback-rules';
import { canSubmit, type SubmitState } from './rules';
import { Modal, modalFormId } from '../shared/Modal';

export interface FeedbackDialogProps {
  isHelpful: boolean;
  onSubmit: (answer: FeedbackAnswer) => Promise<void>;
  onClose: () => void;
}

/**
 * The dialog a Yes or No opens (spec 2 §4): the answer's default chips, optional text with a live
 * counter, submit enabled only when valid; then the confirmation, or 'Error submitting feedback'.
 * On the shared Modal: Escape, the backdrop and the close button all close it once.
 */
export function FeedbackDialog({ isHelpful, onSubmit, onClose }: FeedbackDialogProps) {
  const id = `feedback-${useId().replace(/:/g, '')}`;
  const [selectedFeedback, setSelected] = useState<string[]>([]);
  const [additionalText, setText] = useState('');
  const [state, setState] = useState<SubmitState>('editing');
  const answer: FeedbackAnswer = { isHelpful, selectedFeedback, additionalText };

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
  const submitted = state === 'submitted';
  return (
    <Modal
      id={id}
      title={isHelpful ? 'What did you like?' : 'What could be better?'}
      onClose={onClose}
      footer={
        !submitted && (
          <button type="submit" form={modalFormId(id)} className="button" disabled={!canSubmit(answer, state)}>
            {state === 'submitting' ? 'Submitting…' : 'Submit'}
          </button>
        )
      }
    >
      {submitted ? (
        <p className="form-ok" role="status">
          {FEEDBACK_THANKS}
        </p>
      ) : (
        <form
          id={modalFormId(id)}
          className="feedback-form"
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
          <label htmlFor={`${id}-text`}>Tell us more (optional)</label>
          <textarea
            id={`${id}-text`}
            rows={4}
            value={additionalText}
            aria-invalid={tooLong}
            aria-describedby={`${id}-counter`}
            onChange={(event) => setText(event.target.value)}
          />
          <p id={`${id}-counter`} className={`hint feedback-form__counter${tooLong ? ' is-over' : ''}`} aria-live="polite">
            {counterText(additionalText)}
            {tooLong ? ` (at most ${FEEDBACK_TEXT_MAX} characters)` : ''}
          </p>
          {state === 'failed' && (
            <p className="form-error" role="alert">
              {FEEDBACK_ERROR}
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}
