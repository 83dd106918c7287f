import { expect } from 'chai';
import { notValidNumberFor, parsePhoneSmsProps, phoneFieldState, submitDecision } from '../../../widgets/phone-sms/rules';
import { parseEmailPreferencesProps } from '../../../widgets/email-preferences/rules';
import { EMAIL_PREFERENCE_FIELDS } from '../../../server/shared/email-preference-fields';

const FLAGS = Object.fromEntries(EMAIL_PREFERENCE_FIELDS.map((field) => [field, true]));

describe('settings page widgets', () => {
  describe('phone-sms', () => {
    it('reads its props and refuses malformed ones', () => {
      expect(parsePhoneSmsProps({ preferredCountries: ['us', 'gb', 'au', 'de'], initialCountry: 'us' })).to.deep.equal({ preferredCountries: ['us', 'gb', 'au', 'de'], initialCountry: 'us' });
      expect(() => parsePhoneSmsProps({ preferredCountries: ['USA'], initialCountry: 'us' })).to.throw(TypeError);
      expect(() => parsePhoneSmsProps({ preferredCountries: [], initialCountry: 'US' })).to.throw(TypeError);
    });

    it('disables submit and names the country while the typed number is invalid (spec 2 §5)', () => {
      expect(phoneFieldState({ value: '415 555', isValid: false, countryName: 'United States' })).to.deep.equal({
        submitDisabled: true,
        message: 'Not a valid number for United States',
      });
      expect(phoneFieldState({ value: '+999', isValid: false, countryName: null }).message).to.equal(notValidNumberFor(null));
      expect(notValidNumberFor(undefined)).to.equal('Not a valid number for the selected country');
    });

    it('judges nothing for an empty field or before the validation script is loaded', () => {
      expect(phoneFieldState({ value: '  ', isValid: false, countryName: 'Germany' })).to.deep.equal({ submitDisabled: false, message: null });
      expect(phoneFieldState({ value: '0151', isValid: null, countryName: 'Germany' })).to.deep.equal({ submitDisabled: false, message: null });
      expect(phoneFieldState({ value: '0151 23456789', isValid: true, countryName: 'Germany' })).to.deep.equal({ submitDisabled: false, message: null });
    });

    it('blocks the submit of an invalid number, clears an empty one and waits for the script', () => {
      expect(submitDecision('', false)).to.equal('clear');
      expect(submitDecision('123', false)).to.equal('block');
      expect(submitDecision('123', null)).to.equal('wait');
      expect(submitDecision('+14155552671', true)).to.equal('send');
    });
  });

  describe('email-preferences', () => {
    it('reads every flag and the audience', () => {
      const props = parseEmailPreferencesProps({ preferences: { ...FLAGS, extra: 'ignored' }, isBreeder: true, isVet: false, readOnly: false });
      expect(Object.keys(props.preferences)).to.deep.equal([...EMAIL_PREFERENCE_FIELDS]);
      expect(props.isBreeder).to.equal(true);
    });

    it('refuses missing or non-boolean flags', () => {
      expect(() => parseEmailPreferencesProps({ preferences: { ...FLAGS, chat: 'yes' } })).to.throw(TypeError);
      expect(() => parseEmailPreferencesProps({ preferences: null })).to.throw(TypeError);
      expect(() => parseEmailPreferencesProps({ preferences: FLAGS, readOnly: 'no' })).to.throw(TypeError);
    });
  });
});
