import { z } from 'zod';

/** Feedback is asked again this long after a user last gave it on a page. */
export const CARE_FEEDBACK_QUIET_DAYS = 90;
export const CARE_FEEDBACK_MAX_TEXT = 500;

// The choices offered with a Yes or No answer on the care resources page.
export const CARE_FEEDBACK_CHIPS = {
  helpful: ['Relevant to my dog', 'Easy to understand', 'Practical advice'],
  notHelpful: ['Not relevant to my dog', 'Too general', 'Hard to understand', 'Want more detail'],
} as const;

const ALL_CHIPS: readonly string[] = [...CARE_FEEDBACK_CHIPS.helpful, ...CARE_FEEDBACK_CHIPS.notHelpful];

/** The care resources page of a dog: the pageId its feedback is stored under. */
export function carePageId(petNum: number): string {
  return `care-resources:${petNum}`;
}

export const pageIdSchema = z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9][A-Za-z0-9_:./-]*$/);

export const careFeedbackSchema = z.object({
  pageId: pageIdSchema,
  petNum: z.number().int().positive().nullish(),
  careResourceId: z.number().int().positive().nullish(),
  isHelpful: z.boolean(),
  selectedFeedback: z
    .array(z.string().refine((chip) => ALL_CHIPS.includes(chip)))
    .max(ALL_CHIPS.length)
    .nullish()
    .transform((chips) => [...new Set(chips ?? [])]),
  additionalText: z
    .string()
    .max(CARE_FEEDBACK_MAX_TEXT)
    .nullish()
    .transform((text) => (text && text.trim() ? text.trim() : null)),
});

export type CareFeedbackInput = z.infer<typeof careFeedbackSchema>;
