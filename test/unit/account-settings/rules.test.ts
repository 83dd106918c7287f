import { expect } from 'chai';
import {
  accountDetailsSchema,
  COUNTRIES,
  countryName,
  emailPreferenceChanges,
  emailPreferencesFromForm,
  fieldErrorsOf,
  phoneSmsFromForm,
  withoutCsrf,
} from '../../../server/account-settings/rules.js';
import { emailPreferenceGroupsFor, EMAIL_PREFERENCE_FIELDS, settableEmailPreferences } from '../../../server/shared/email-preference-fields.js';
import { NAME_REQUIRED, PHONE_INVALID, SETTINGS_COUNTRY_INVALID, SETTINGS_NAME_TOO_LONG, SETTINGS_UNEXPECTED_FIELDS } from '../../../server/shared/messages.js';

const PARENT = { isBreeder: false, isVet: false };
const BREEDER = { isBreeder: true, isVet: false };
const VET = { isBreeder: false, isVet: true };

describe('account settings rules', () => {
  describe('account details', () => {
    it('trims the name and upper-cases a known country code', () => {
      expect(accountDetailsSchema.parse({ name: '  Ada  ', countryCode: 'de' })).to.deep.equal({ name: 'Ada', countryCode: 'DE' });
    });

    it('names the problem with each field', () => {
      const result = accountDetailsSchema.safeParse({ name: ' ', countryCode: 'XX' });
      expect(result.success).to.equal(false);
      expect(fieldErrorsOf(result.error!)).to.deep.equal({ name: NAME_REQUIRED, countryCode: SETTINGS_COUNTRY_INVALID });
      expect(fieldErrorsOf(accountDetailsSchema.safeParse({ name: 'a'.repeat(101), countryCode: 'US' }).error!)).to.deep.equal({ name: SETTINGS_NAME_TOO_LONG });
      expect(fieldErrorsOf(accountDetailsSchema.safeParse({ name: 'A', countryCode: 'US', extra: 1 }).error!)).to.deep.equal({ form: SETTINGS_UNEXPECTED_FIELDS });
      expect(accountDetailsSchema.safeParse({ name: ['A'], countryCode: 'US' }).success).to.equal(false);
    });

    it('accepts a 100-character name and lists countries by English name with the US among them', () => {
      expect(accountDetailsSchema.safeParse({ name: 'a'.repeat(100), countryCode: 'US' }).success).to.equal(true);
      expect(countryName('US')).to.equal('United States');
      expect(COUNTRIES.length).to.be.greaterThan(200);
      const names = COUNTRIES.map((country) => country.name);
      expect(names).to.deep.equal([...names].sort((a, b) => a.localeCompare(b, 'en')));
      expect(COUNTRIES.every((country) => /^[A-Z]{2}$/.test(country.code))).to.equal(true);
    });

    it('drops only the CSRF token from a form body', () => {
      expect(withoutCsrf({ _csrf: 't', name: 'A' })).to.deep.equal({ name: 'A' });
      expect(withoutCsrf(undefined)).to.deep.equal({});
    });
  });

  describe('phone number (spec 2 §5, checked again on the server)', () => {
    it('keeps a valid E.164 number from phoneSMSIntlFormat', () => {
      expect(phoneSmsFromForm('+14155552671', '(415) 555-2671', 'US')).to.deep.equal({ ok: true, e164: '+14155552671' });
      expect(phoneSmsFromForm('+447400123456', undefined, 'US')).to.deep.equal({ ok: true, e164: '+447400123456' });
    });

    it('clears the number when nothing is entered', () => {
      expect(phoneSmsFromForm('', '', 'US')).to.deep.equal({ ok: true, e164: null });
      expect(phoneSmsFromForm(undefined, '   ', 'US')).to.deep.equal({ ok: true, e164: null });
    });

    it('reads a typed number in the account country when the script did not run', () => {
      expect(phoneSmsFromForm('', '0412 345 678', 'AU')).to.deep.equal({ ok: true, e164: '+61412345678' });
      expect(phoneSmsFromForm('', '+49 151 23456789', 'US')).to.deep.equal({ ok: true, e164: '+4915123456789' });
    });

    it('refuses anything else with the spec message', () => {
      for (const [intl, typed] of [
        ['+1415555', undefined],
        ['14155552671', undefined],
        ['+1 415 555 2671', undefined],
        ['+999123456789', undefined],
        ['', '555-0100'],
        ['', 'call me'],
        [['+14155552671'], undefined],
        [undefined, { number: 1 }],
      ]) {
        expect(phoneSmsFromForm(intl, typed, 'US'), JSON.stringify([intl, typed])).to.deep.equal({ ok: false, message: PHONE_INVALID });
      }
    });

    it('agrees with the phone field in the browser (intl-tel-input utils) on which numbers are valid', async () => {
      // the package exports its utils to import() only, as the browser loads them
      const { default: itiUtils } = await import('intl-tel-input/utils');
      const samples: [string, string][] = [
        ['+14155552671', 'us'],
        ['+12015550123', 'us'],
        ['+1415555', 'us'],
        ['+447400123456', 'gb'],
        ['+442079460958', 'gb'],
        ['+44740012345', 'gb'],
        ['+61412345678', 'au'],
        ['+6141234567', 'au'],
        ['+4915123456789', 'de'],
        ['+49301234567', 'de'],
        ['+491', 'de'],
        ['+33612345678', 'fr'],
        ['+819012345678', 'jp'],
        ['+449098790000', 'gb'],
        ['+448001234567', 'gb'],
      ];
      for (const [number, iso2] of samples) {
        const browser = itiUtils.isValidNumberPrecise(number, iso2, ['MOBILE', 'FIXED_LINE']);
        expect(phoneSmsFromForm(number, undefined, 'US').ok, number).to.equal(browser);
      }
    });
  });

  describe('e-mail preferences', () => {
    it('groups the flags for each audience', () => {
      expect(emailPreferenceGroupsFor(PARENT).map((group) => group.id)).to.deep.equal(['community', 'news']);
      expect(emailPreferenceGroupsFor(BREEDER).map((group) => group.id)).to.deep.equal(['community', 'news', 'breeder']);
      expect(emailPreferenceGroupsFor(VET).map((group) => group.id)).to.deep.equal(['community', 'news', 'vet']);
      expect(settableEmailPreferences({ isBreeder: true, isVet: true }).size).to.equal(EMAIL_PREFERENCE_FIELDS.length);
      expect(settableEmailPreferences(PARENT).size).to.equal(8);
    });

    it('takes only the flags given, refusing nulls, unknown flags and other audiences’ variants', () => {
      expect(emailPreferenceChanges({ chat: false, newsletters: undefined }, PARENT)).to.deep.equal({ chat: false });
      expect(emailPreferenceChanges({}, PARENT)).to.deep.equal({});
      expect(emailPreferenceChanges({ chat: null }, PARENT)).to.equal(null);
      expect(emailPreferenceChanges({ spam: true }, PARENT)).to.equal(null);
      expect(emailPreferenceChanges({ breederNewsletters: true }, PARENT)).to.equal(null);
      expect(emailPreferenceChanges({ vetNewsletters: true }, BREEDER)).to.equal(null);
      expect(emailPreferenceChanges({ breederNewsletters: true }, BREEDER)).to.deep.equal({ breederNewsletters: true });
      expect(emailPreferenceChanges([true], PARENT)).to.equal(null);
      expect(emailPreferenceChanges(null, PARENT)).to.equal(null);
    });

    it('reads the no-script form as: checked on, every other settable flag off', () => {
      const changes = emailPreferencesFromForm({ emailPreferences: 'chat' }, PARENT);
      expect(changes).to.deep.include({ chat: true, newsletters: false, promotionsAndSales: false });
      expect(Object.keys(changes!)).to.have.length(8);
      expect(emailPreferencesFromForm({}, PARENT)!.chat).to.equal(false);
      expect(emailPreferencesFromForm({ emailPreferences: ['chat', 'vetNewsletters'] }, PARENT)).to.equal(null);
      expect(emailPreferencesFromForm({ emailPreferences: 'chat', other: 'x' }, PARENT)).to.equal(null);
      expect(emailPreferencesFromForm({ emailPreferences: [{}] }, PARENT)).to.equal(null);
    });
  });
});
