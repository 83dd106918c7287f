import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Db } from '../db/index.js';
import { isReadOnlyImpersonation } from '../impersonation/guard.js';
import type { Settings } from '../settings.js';
import { signedInUser } from '../auth/guards.js';
import { READ_ONLY_ACCOUNT_PAGE } from '../pages/results-routes.js';
import * as messages from '../shared/messages.js';
import { loadAccountSettings, loadEmailPreferences, saveEmailPreferences, updateAccountDetails, updatePhoneSms } from './queries.js';
import { emailPreferenceGroupsFor } from '../shared/email-preference-fields.js';
import { MIN_PASSWORD_LENGTH } from '../auth/validation.js';
import {
  accountDetailsSchema,
  COUNTRIES,
  DEFAULT_COUNTRY,
  emailPreferencesFromForm,
  fieldErrorsOf,
  NAME_MAX_LENGTH,
  phoneSmsFromForm,
  PREFERRED_PHONE_COUNTRIES,
  withoutCsrf,
  type FieldErrors,
} from './rules.js';

/** Where the phone field's stylesheet and flag images are served from (intl-tel-input's dist folder). */
export const PHONE_ASSETS_PATH = '/profile/assets/intl-tel-input';
const phoneAssetsDir = path.join(path.dirname(createRequire(import.meta.url).resolve('intl-tel-input/package.json')), 'dist');

const NOTICES: Record<string, string> = {
  details: messages.SETTINGS_DETAILS_SAVED,
  phone: messages.SETTINGS_PHONE_SAVED,
  'phone-removed': messages.SETTINGS_PHONE_REMOVED,
  'email-preferences': messages.SETTINGS_EMAIL_SAVED,
  password: messages.PASSWORD_CHANGED,
};

interface PageState {
  /** What the details form shows: the saved values, or what was just posted. */
  details?: { name: string; countryCode: string };
  detailsErrors?: FieldErrors;
  /** What the phone field shows after a refused post. */
  phoneTyped?: string;
  phoneError?: string | null;
  emailError?: string | null;
  /** Errors of the change-password form (server/account-settings/password-routes.ts). */
  passwordErrors?: FieldErrors;
  notice?: string | null;
}

export async function renderSettingsPage(db: Db, req: Request, res: Response, state: PageState = {}, status = 200): Promise<void> {
  const user = signedInUser(req);
  const [account, preferences] = await Promise.all([loadAccountSettings(db, user.id), loadEmailPreferences(db, user.id)]);
  if (!account) throw new Error(`user ${user.id} vanished while rendering settings`);
  const readOnly = user.isReadOnly || isReadOnlyImpersonation(req);
  res.status(status).render('members/settings', {
    title: 'Settings',
    heading: 'Settings',
    readOnly,
    readOnlyNotice: messages.SETTINGS_READ_ONLY,
    email: account.email,
    details: state.details ?? { name: account.name, countryCode: account.countryCode },
    detailsErrors: state.detailsErrors ?? {},
    countries: COUNTRIES,
    nameMaxLength: NAME_MAX_LENGTH,
    phoneSms: state.phoneTyped ?? account.phoneSms ?? '',
    phoneError: state.phoneError ?? null,
    phoneProps: {
      preferredCountries: PREFERRED_PHONE_COUNTRIES,
      initialCountry: (account.countryCode || DEFAULT_COUNTRY).toLowerCase(),
    },
    emailGroups: emailPreferenceGroupsFor(user),
    emailPreferences: preferences,
    emailError: state.emailError ?? null,
    passwordErrors: state.passwordErrors ?? {},
    minPasswordLength: MIN_PASSWORD_LENGTH,
    emailProps: { preferences, isBreeder: user.isBreeder, isVet: user.isVet, readOnly },
    notice: state.notice ?? null,
  });
}

/** Writes from a read-only account go to the read-only page (spec 2 §5), before anything is read from the form. */
export const refuseReadOnly: RequestHandler = (req, res, next) => {
  if (signedInUser(req).isReadOnly) return res.redirect(READ_ONLY_ACCOUNT_PAGE);
  next();
};

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

/** The settings page (spec 2 §2 /members/profile), mounted under /members behind requireUser. */
export function accountSettingsRoutes(db: Db, _settings: Settings): Router {
  const router = Router();

  // The phone field's stylesheet refers to its flag images relative to itself, so both come from the package.
  router.use(PHONE_ASSETS_PATH, express.static(phoneAssetsDir, { index: false, fallthrough: false, maxAge: '1d' }));

  router.get('/profile', async (req, res) => {
    const saved = typeof req.query.saved === 'string' ? req.query.saved : '';
    await renderSettingsPage(db, req, res, { notice: Object.hasOwn(NOTICES, saved) ? NOTICES[saved] : null });
  });

  router.post('/profile', refuseReadOnly, async (req, res) => {
    const user = signedInUser(req);
    const body = withoutCsrf(req.body);
    const parsed = accountDetailsSchema.safeParse(body);
    if (!parsed.success) {
      const typed = { name: text(body.name, 1000), countryCode: text(body.countryCode, 10) };
      const detailsErrors = fieldErrorsOf(parsed.error);
      detailsErrors.form ??= messages.SETTINGS_FORM_INVALID;
      return renderSettingsPage(db, req, res, { details: typed, detailsErrors }, 400);
    }
    await updateAccountDetails(db, user.id, parsed.data);
    res.redirect(303, '/members/profile?saved=details');
  });

  router.post('/profile/phone', refuseReadOnly, async (req, res) => {
    const user = signedInUser(req);
    const { phoneSMSIntlFormat, phoneSMS, ...rest } = withoutCsrf(req.body);
    const result = Object.keys(rest).length > 0 ? { ok: false as const, message: messages.SETTINGS_UNEXPECTED_FIELDS } : phoneSmsFromForm(phoneSMSIntlFormat, phoneSMS, user.countryCode);
    if (!result.ok) {
      return renderSettingsPage(db, req, res, { phoneTyped: text(phoneSMS, 40) || text(phoneSMSIntlFormat, 40), phoneError: result.message }, 400);
    }
    await updatePhoneSms(db, user.id, result.e164);
    res.redirect(303, `/members/profile?saved=${result.e164 ? 'phone' : 'phone-removed'}`);
  });

  // Without scripts the e-mail preferences are a plain form of checkboxes; the widget saves through GraphQL instead.
  router.post('/profile/email-preferences', refuseReadOnly, async (req, res) => {
    const user = signedInUser(req);
    const changes = emailPreferencesFromForm(withoutCsrf(req.body), user);
    if (!changes) return renderSettingsPage(db, req, res, { emailError: messages.SETTINGS_UNEXPECTED_FIELDS }, 400);
    await saveEmailPreferences(db, user.id, changes);
    res.redirect(303, '/members/profile?saved=email-preferences');
  });

  return router;
}
