import intlTelInput from 'intl-tel-input';
import { PHONE_INVALID } from '../../server/shared/messages';
import { saveStarted } from '../shared/form-outcomes';
import { phoneFieldState, submitDecision, type PhoneSmsProps } from './rules';

export interface PhoneFieldDeps {
  alert: (message: string) => void;
}

function part<T extends Element>(root: HTMLElement, selector: string): T {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`phone-sms marker has no ${selector}`);
  return found;
}

/**
 * Turns the server-rendered phone form inside the marker into an intl-tel-input field. The
 * library's validation script is large, so it is fetched (as its own chunk) only when a page
 * has this field, after the page has loaded.
 */
export function mountPhoneSms(element: HTMLElement, props: PhoneSmsProps, deps: PhoneFieldDeps = { alert: (message) => window.alert(message) }): void {
  const form = part<HTMLFormElement>(element, 'form[data-phone-sms-form]');
  const input = part<HTMLInputElement>(form, '[data-phone-sms-input]');
  const intlFormat = part<HTMLInputElement>(form, '[data-phone-sms-intl]');
  const submit = part<HTMLButtonElement>(form, '[data-phone-sms-submit]');
  const message = part<HTMLElement>(form, '[data-phone-sms-message]');

  // The library moves the field into its own wrapper, which takes the focus away: a field the
  // server refused has it (autofocus), so it gets it back.
  const hadFocus = element.ownerDocument.activeElement === input;
  const iti = intlTelInput(input, {
    countryOrder: props.preferredCountries as never,
    initialCountry: props.initialCountry as never,
    loadUtils: () => import('intl-tel-input/utils'),
  });
  if (hadFocus) input.focus();

  // The precise check (number patterns, not only lengths) is the one the server repeats with libphonenumber-js.
  // Until its utils script is here the library throws instead of answering: the verdict is unknown.
  const verdict = (): boolean | null => {
    try {
      return iti.isValidNumberPrecise();
    } catch {
      return null;
    }
  };
  const show = () => {
    const state = phoneFieldState({ value: input.value, isValid: verdict(), countryName: iti.getSelectedCountry()?.name });
    submit.disabled = state.submitDisabled;
    message.hidden = state.message === null;
    message.textContent = state.message ?? '';
    if (state.message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };
  input.addEventListener('input', show);
  input.addEventListener('countrychange', show);
  // A number the server refused is judged again as soon as the validation script is here.
  iti.promise.then(() => input.value.trim() && show(), (error: unknown) => console.error('Phone validation script failed to load', error));

  // Enter in the field is a submit attempt even while the button is disabled, which the browser
  // would ignore: an invalid number gets the alert (spec 2 §5).
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !submit.disabled) return;
    event.preventDefault();
    if (submitDecision(input.value, verdict()) !== 'block') return;
    deps.alert(PHONE_INVALID);
    input.focus();
  });

  form.addEventListener('submit', (event) => {
    saveStarted(element.ownerDocument, 'phone-sms');
    switch (submitDecision(input.value, verdict())) {
      case 'clear':
        intlFormat.value = '';
        return;
      case 'send':
        intlFormat.value = iti.getNumber();
        return;
      case 'block':
        event.preventDefault();
        show();
        deps.alert(PHONE_INVALID);
        input.focus();
        return;
      case 'wait':
        // Judge once the script is here; if it never comes, the server checks the typed number.
        event.preventDefault();
        iti.promise.then(
          () => form.requestSubmit(),
          () => {
            intlFormat.value = '';
            form.submit();
          },
        );
    }
  });
}
