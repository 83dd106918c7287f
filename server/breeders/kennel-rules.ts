import { z } from 'zod';
import { BREEDS } from '../genetics/catalogue/breeds.js';
import { opensAsWebAddress } from '../shared/web-address.js';

const BREED_SLUGS = new Set(BREEDS.map((breed) => breed.slug));

const optionalUrl = (pattern: RegExp, message: string) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : typeof value === 'string' ? value.trim() : value), z.string().max(300, 'At most 300 characters').regex(pattern, message).refine(opensAsWebAddress, message).nullable());

export const normaliseLineBreaks = (text: string): string => text.replace(/\r\n?/g, '\n');

/** The kennel profile form (issue 14): every field's rule and the message a visitor reads (control characters are refused at the edge, http/text-input.ts). */
export const kennelProfileSchema = z.object({
  kennelName: z.string().transform((s) => s.trim()).pipe(z.string().min(1, 'Please enter your kennel\u2019s name').min(2, 'Your kennel\u2019s name needs at least 2 characters').max(80, 'At most 80 characters')),
  slug: z.string().transform((s) => s.trim().toLowerCase()).pipe(z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'Use 2 to 63 lower-case letters, digits and hyphens')),
  // browsers send a textarea's line breaks as \r\n: one line break is one character, counted and stored as \n
  description: z.string().transform((s) => normaliseLineBreaks(s).trim()).pipe(z.string().max(2000, 'At most 2,000 characters')),
  location: z.string().transform((s) => s.trim()).pipe(z.string().max(200, 'At most 200 characters')),
  breeds: z.preprocess(
    (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.string().refine((slug) => BREED_SLUGS.has(slug), 'Choose breeds from the list')).max(10, 'At most 10 breeds'),
  ),
  website: optionalUrl(/^https:\/\/[^\s]+$/, 'A web address starting with https://'),
  instagramUrl: optionalUrl(/^https:\/\/(www\.)?instagram\.com\/[^\s]*$/, 'An address starting with https://instagram.com/'),
  facebookUrl: optionalUrl(/^https:\/\/(www\.)?facebook\.com\/[^\s]*$/, 'An address starting with https://facebook.com/'),
});

export type KennelProfileInput = z.infer<typeof kennelProfileSchema>;

/** Field → message for a form that did not pass. */
export function kennelFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}
