// The feedback banner's props and the state of its dialog; the feedback rules themselves are
// shared with the server (server/shared/feedback-rules.ts).
import { FEEDBACK_NAME_PATTERN, isFeedbackValid, type FeedbackAnswer } from '../../server/shared/feedback-rules';

export interface FeedbackBannerProps {
  page: string;
  variant: string;
  petUuid: string | null;
}

/** Props of `<div data-widget="feedback-banner" data-props='{"page":"health","variant":"default","petUuid":"…"}'>`. */
export function parseFeedbackBannerProps(raw: Record<string, unknown>): FeedbackBannerProps {
  const { page, variant = 'default', petUuid = null } = raw;
  if (typeof page !== 'string' || !FEEDBACK_NAME_PATTERN.test(page)) throw new TypeError('feedback-banner needs a page name');
  if (typeof variant !== 'string' || !FEEDBACK_NAME_PATTERN.test(variant)) throw new TypeError('feedback-banner variant must be a short name');
  if (petUuid !== null && typeof petUuid !== 'string') throw new TypeError('feedback-banner petUuid must be a string');
  return { page, variant, petUuid: petUuid || null };
}

export type SubmitState = 'editing' | 'submitting' | 'submitted' | 'failed';

/** Submit is enabled only for a valid form that is not being sent or already sent. */
export function canSubmit(answer: FeedbackAnswer, state: SubmitState): boolean {
  return (state === 'editing' || state === 'failed') && isFeedbackValid(answer);
}
