import { z } from 'zod';
import { EMAIL_INVALID, INVALID_ARGUMENTS, NAME_REQUIRED, PASSWORD_REQUIRED, PASSWORD_TOO_SHORT } from '../shared/messages.js';
import { hasControlCharacterOrLineBreak, isBlank } from '../shared/visible-text.js';

export const MIN_PASSWORD_LENGTH = 6;

const email = z.string({ required_error: EMAIL_INVALID }).trim().toLowerCase().max(254, EMAIL_INVALID).email(EMAIL_INVALID);
const password = z
  .string({ required_error: PASSWORD_REQUIRED })
  .min(1, PASSWORD_REQUIRED)
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .max(200, 'Password is too long');

export const loginForm = z.object({
  email,
  password: z.string({ required_error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(200),
});

export const signupForm = z.object({
  name: z
    .string({ required_error: NAME_REQUIRED })
    .trim()
    .refine((name) => !isBlank(name), NAME_REQUIRED)
    // the same rule as the name on the settings page, which must accept the name an account starts with
    .refine((name) => name.length <= 100 && !hasControlCharacterOrLineBreak(name), INVALID_ARGUMENTS),
  email,
  password,
});

/** The first message of each invalid field, keyed by field name. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}
