// The e-mail preferences widget's props; the flags and their groups are shared with the server.
import { EMAIL_PREFERENCE_FIELDS, type EmailPreferences } from '../../server/shared/email-preference-fields';

export interface EmailPreferencesProps {
  preferences: EmailPreferences;
  isBreeder: boolean;
  isVet: boolean;
  readOnly: boolean;
}

/** Props of `<div data-widget="email-preferences" data-props='{"preferences":{…},"isBreeder":false,"isVet":false,"readOnly":false}'>`. */
export function parseEmailPreferencesProps(raw: Record<string, unknown>): EmailPreferencesProps {
  const { preferences, isBreeder = false, isVet = false, readOnly = false } = raw;
  if (!preferences || typeof preferences !== 'object') throw new TypeError('email-preferences needs the current preferences');
  const flags = preferences as Record<string, unknown>;
  for (const field of EMAIL_PREFERENCE_FIELDS) {
    if (typeof flags[field] !== 'boolean') throw new TypeError(`email-preferences needs ${field} as true or false`);
  }
  if (typeof isBreeder !== 'boolean' || typeof isVet !== 'boolean' || typeof readOnly !== 'boolean') {
    throw new TypeError('email-preferences isBreeder, isVet and readOnly must be true or false');
  }
  const copy = Object.fromEntries(EMAIL_PREFERENCE_FIELDS.map((field) => [field, flags[field]])) as EmailPreferences;
  return { preferences: copy, isBreeder, isVet, readOnly };
}
