import { useCallback, useEffect, useState } from 'react';
import { FEEDBACK_NO, FEEDBACK_QUESTION, FEEDBACK_YES } from '../../server/shared/feedback-rules';
import { addFeedback, shouldShowFeedback } from './api';
import { FeedbackDialog } from './FeedbackDialog';
import type { FeedbackBannerProps } from './rules';

/**
 * 'Was this helpful?' under a results page (spec 2 §4): shown only while the server says
 * shouldShowFeedback; Yes or No opens the dialog; closing it asks the server again, so the
 * banner goes once the feedback is stored. A failed check logs and shows nothing.
 */
export function FeedbackBanner(props: FeedbackBannerProps) {
  const { page, variant, petUuid } = props;
  const [visible, setVisible] = useState(false);
  const [answer, setAnswer] = useState<boolean | null>(null);

  const check = useCallback(() => {
    let current = true;
    shouldShowFeedback({ page, variant, petUuid }).then(
      (show) => current && setVisible(show),
      (error: unknown) => {
        console.error('Feedback banner check failed', error);
        if (current) setVisible(false);
      },
    );
    return () => {
      current = false;
    };
  }, [page, variant, petUuid]);

  useEffect(check, [check]);

  if (!visible) return null;
  return (
    <aside className="feedback-banner" aria-label="Feedback">
      <p className="feedback-banner__question">{FEEDBACK_QUESTION}</p>
      <div className="feedback-banner__answers">
        <button type="button" className="feedback-banner__answer" data-answer="yes" aria-haspopup="dialog" onClick={() => setAnswer(true)}>
          {FEEDBACK_YES}
        </button>
        <button type="button" className="feedback-banner__answer" data-answer="no" aria-haspopup="dialog" onClick={() => setAnswer(false)}>
          {FEEDBACK_NO}
        </button>
      </div>
      {answer !== null && (
        <FeedbackDialog
          key={String(answer)}
          isHelpful={answer}
          onSubmit={(given) => addFeedback({ page, variant, petUuid }, given)}
          onClose={() => {
            setAnswer(null);
            check();
          }}
        />
      )}
    </aside>
  );
}
