// Validation of the settings page's forms and calls (spec 2 §3, §5; issue 5 points 5 and 7).
import { getCountries, parsePhoneNumber, type CountryCode } from 'libphonenumber-js/max';
import { z } from 'zod';
import * as messages from '../shared/messages.js';
import { hasControlCharacterOrLineBreak, isBlank } from '../shared/visible-text.js';
import { EMAIL_PREFERENCE_FIELDS, settableEmailPreferences, type EmailAudience, type EmailPreferenceField } from '../shared/email-preference-fields.js';

/** spec 2 §9: the default country is US. */
export const DEFAULT_COUNTRY = 'US';
export const NAME_MAX_LENGTH = 100;

/** spec 2 §5: the phone field lists these countries first. */
export const PREFERRED_PHONE_COUNTRIES = ['us', 'gb', 'au', 'de'] as const;

export interface Country {
  code: string;
  name: string;
}

/**
 * Countries an account may live in: every region with a telephone numbering plan (libphonenumber's
 * list, the same one the phone field offers), named in English by the runtime's ICU data.
 */
function buildCountries(): Country[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

export const COUNTRIES: readonly Country[] = buildCountries();
const COUNTRY_CODES = new Set(COUNTRIES.map((country) => country.code));

export function countryName(code: string): string {
  return COUNTRIES.find((country) => country.code === code)?.name ?? code;
}


export const accountDetailsSchema = z
  .object({
    name: z
      .string({ required_error: messages.NAME_REQUIRED, invalid_type_error: messages.NAME_REQUIRED })
      .trim()
      .refine((name) => !isBlank(name), messages.NAME_REQUIRED)
      .refine((name) => name.length <= NAME_MAX_LENGTH, messages.SETTINGS_NAME_TOO_LONG)
      .refine((name) => !hasControlCharacterOrLineBreak(name), messages.SETTINGS_NAME_CONTROL_CHARACTERS),
    countryCode: z
      .string({ required_error: messages.SETTINGS_COUNTRY_INVALID, invalid_type_error: messages.SETTINGS_COUNTRY_INVALID })
      .trim()
      .transform((code) => code.toUpperCase())
      .refine((code) => COUNTRY_CODES.has(code), messages.SETTINGS_COUNTRY_INVALID),
  })
  .strict(messages.SETTINGS_UNEXPECTED_FIELDS);

export type AccountDetails = z.infer<typeof accountDetailsSchema>;

export type FieldErrors = Partial<Record<string, string>>;

/** The first message for each field; a message not tied to a field goes under `form`. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.code === 'unrecognized_keys' ? 'form' : String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A form body without its CSRF token, which the CSRF middleware already checked. */
export function withoutCsrf(body: unknown): Record<string, unknown> {
  const { _csrf: _token, ...rest } = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return rest;
}

// What the browser's phone field (intl-tel-input, allowedNumberTypes MOBILE and FIXED_LINE) accepts;
// US and Canadian numbers cannot be told apart and are FIXED_LINE_OR_MOBILE.
const SMS_NUMBER_TYPES = new Set(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE']);
const E164 = /^\+[1-9]\d{1,14}$/;

export type PhoneResult = { ok: true; e164: string | null } | { ok: false; message: string };

/**
 * spec 2 §5, checked again on the server: the number the phone field sends in phoneSMSIntlFormat
 * (E.164). Without scripts that field stays empty and the typed number (phoneSMS) is read,
 * in the account's country unless it starts with +. Nothing typed clears the number.
 */
export function phoneSmsFromForm(intlFormat: unknown, typed: unknown, accountCountry: string): PhoneResult {
  const invalid = { ok: false as const, message: messages.PHONE_INVALID };
  if ((intlFormat !== undefined && typeof intlFormat !== 'string') || (typed !== undefined && typeof typed !== 'string')) return invalid;
  const e164 = (intlFormat ?? '').trim();
  const raw = (typed ?? '').trim();
  if (e164 === '' && raw === '') return { ok: true, e164: null };
  if (e164 !== '' && !E164.test(e164)) return invalid;
  if (raw.length > 40) return invalid;
  try {
    const country = COUNTRY_CODES.has(accountCountry) ? (accountCountry as CountryCode) : (DEFAULT_COUNTRY as CountryCode);
    const number = e164 !== '' ? parsePhoneNumber(e164) : parsePhoneNumber(raw, country);
    if (!number || !number.isValid() || !SMS_NUMBER_TYPES.has(number.getType() ?? '')) return invalid;
    return { ok: true, e164: number.number };
  } catch {
    return invalid;
  }
}

/** A left-out flag is unchanged; null, unknown flags and flags of another audience are refused. */
export function emailPreferenceChanges(input: unknown, audience: EmailAudience): Partial<Record<EmailPreferenceField, boolean>> | null {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return null;
  const settable = settableEmailPreferences(audience);
  const changes: Partial<Record<EmailPreferenceField, boolean>> = {};
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (!(EMAIL_PREFERENCE_FIELDS as readonly string[]).includes(name)) return null;
    if (typeof value !== 'boolean' || !settable.has(name as EmailPreferenceField)) return null;
    changes[name as EmailPreferenceField] = value;
  }
  return changes;
}

/** The no-script form sends the checked boxes; every flag the account may set and did not check is off. */
export function emailPreferencesFromForm(body: Record<string, unknown>, audience: EmailAudience): Partial<Record<EmailPreferenceField, boolean>> | null {
  const settable = settableEmailPreferences(audience);
  const checked = body.emailPreferences === undefined ? [] : Array.isArray(body.emailPreferences) ? body.emailPreferences : [body.emailPreferences];
  if (Object.keys(body).some((key) => key !== 'emailPreferences')) return null;
  if (!checked.every((name): name is EmailPreferenceField => typeof name === 'string' && settable.has(name as EmailPreferenceField))) return null;
  return Object.fromEntries([...settable].map((name) => [name, checked.includes(name)]));
}
