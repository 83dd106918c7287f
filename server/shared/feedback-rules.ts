// Rules of page feedback (spec 2 §3 Feedback, §4 feedback banner, §5, §8, §9), shared by the
// GraphQL module, the feedback banner widget and the tests. No imports: the widget bundles it.

/** spec 2 §5, §9: the additional text is at most 500 characters (the table's CHECK agrees). */
export const FEEDBACK_TEXT_MAX = 500;

/** spec 2 §8. */
export const FEEDBACK_ERROR = 'Error submitting feedback';
export const FEEDBACK_QUESTION = 'Was this helpful?';
export const FEEDBACK_THANKS = 'Thank you for your feedback!';
export const FEEDBACK_YES = 'Yes';
export const FEEDBACK_NO = 'No';

export interface FeedbackChip {
  /** What is stored in feedback.selected_feedback. */
  value: string;
  label: string;
}

/** spec 2 §9: default chips when the reader found the page helpful. */
export const HELPFUL_CHIPS: readonly FeedbackChip[] = [
  { value: 'specific', label: 'Specific' },
  { value: 'learned_something', label: 'Learned something' },
  { value: 'easy_to_understand', label: 'Easy to understand' },
  { value: 'will_use', label: 'Will use' },
  { value: 'put_at_ease', label: 'Put me at ease' },
];

/** spec 2 §9: default chips when it was not helpful. */
export const UNHELPFUL_CHIPS: readonly FeedbackChip[] = [
  { value: 'not_specific', label: 'Not specific' },
  { value: 'did_not_learn', label: 'Did not learn anything' },
  { value: 'too_long', label: 'Too long' },
  { value: 'worried', label: 'Worried me' },
];

export function chipsFor(isHelpful: boolean): readonly FeedbackChip[] {
  return isHelpful ? HELPFUL_CHIPS : UNHELPFUL_CHIPS;
}

/** Characters as the database counts them (char_length counts code points, not UTF-16 units). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** The counter under the text box, e.g. '12/500'. */
export function counterText(text: string): string {
  return `${characterCount(text)}/${FEEDBACK_TEXT_MAX}`;
}

export function isTextWithinLimit(text: string): boolean {
  return characterCount(text) <= FEEDBACK_TEXT_MAX;
}

export interface FeedbackAnswer {
  isHelpful: boolean;
  selectedFeedback: readonly string[];
  additionalText: string;
}

/**
 * A feedback form may be submitted when it answers yes or no, picks each chip at most once and
 * only among that answer's chips, and keeps the text within the limit. Chips and text are optional.
 */
export function isFeedbackValid(answer: FeedbackAnswer): boolean {
  if (typeof answer.isHelpful !== 'boolean') return false;
  const allowed = new Set(chipsFor(answer.isHelpful).map((chip) => chip.value));
  const chosen = new Set(answer.selectedFeedback);
  if (chosen.size !== answer.selectedFeedback.length) return false;
  if (![...chosen].every((value) => allowed.has(value))) return false;
  return typeof answer.additionalText === 'string' && isTextWithinLimit(answer.additionalText);
}

/** Adds the chip when it is not chosen, removes it when it is; keeps the order of the chip list. */
export function toggleChip(selected: readonly string[], value: string, isHelpful: boolean): string[] {
  const next = new Set(selected);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return chipsFor(isHelpful)
    .map((chip) => chip.value)
    .filter((chipValue) => next.has(chipValue));
}

/** Page and variant names: short lower-case words joined by '-' or '_' ('summary', 'health', 'default'). */
export const FEEDBACK_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{0,49}$/;
