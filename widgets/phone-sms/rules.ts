// The phone SMS field's props and its rules (spec 2 §5), free of the DOM so tests can run them.
import { PHONE_NOT_VALID_FOR } from '../../server/shared/messages';

export interface PhoneSmsProps {
  /** Lower-case ISO codes listed first in the country list (spec 2 §5: us, gb, au, de). */
  preferredCountries: string[];
  /** The country selected while the field is empty: the account's country. */
  initialCountry: string;
}

const ISO2 = /^[a-z]{2}$/;

/** Props of `<div data-widget="phone-sms" data-props='{"preferredCountries":["us"],"initialCountry":"us"}'>`. */
export function parsePhoneSmsProps(raw: Record<string, unknown>): PhoneSmsProps {
  const { preferredCountries, initialCountry } = raw;
  if (!Array.isArray(preferredCountries) || !preferredCountries.every((code) => typeof code === 'string' && ISO2.test(code))) {
    throw new TypeError('phone-sms needs preferredCountries as lower-case country codes');
  }
  if (typeof initialCountry !== 'string' || !ISO2.test(initialCountry)) throw new TypeError('phone-sms needs an initialCountry code');
  return { preferredCountries: [...preferredCountries], initialCountry };
}

export interface PhoneFieldInput {
  value: string;
  /** The phone library's verdict; null while its validation script is still loading. */
  isValid: boolean | null;
  /** The selected country's name, if a country is selected. */
  countryName: string | null | undefined;
}

export interface PhoneFieldState {
  submitDisabled: boolean;
  message: string | null;
}

export const UNKNOWN_COUNTRY_NAME = 'the selected country';

export function notValidNumberFor(countryName: string | null | undefined): string {
  return PHONE_NOT_VALID_FOR.replace('{country}', () => countryName || UNKNOWN_COUNTRY_NAME);
}

/**
 * spec 2 §5: while a typed number is invalid the submit button is disabled and 'Not a valid
 * number for {country}' shows. An empty field is fine (it removes the number); while the
 * validation script loads nothing is judged yet.
 */
export function phoneFieldState({ value, isValid, countryName }: PhoneFieldInput): PhoneFieldState {
  if (value.trim() === '' || isValid !== false) return { submitDisabled: false, message: null };
  return { submitDisabled: true, message: notValidNumberFor(countryName) };
}

export type SubmitDecision = 'clear' | 'send' | 'block' | 'wait';

/** spec 2 §5: an entered, invalid number blocks the submit (with the alert); an unknown verdict waits for the script. */
export function submitDecision(value: string, isValid: boolean | null): SubmitDecision {
  if (value.trim() === '') return 'clear';
  if (isValid === null) return 'wait';
  return isValid ? 'send' : 'block';
}
