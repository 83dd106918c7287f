import { HIDE_PASSWORD, SHOW_PASSWORD } from '../../server/shared/startup-messages';
import { closestFrom } from './dom';

/**
 * The input a `[data-password-toggle]` button controls: the element whose id the attribute
 * names, else the input just before the button, else the first password input beside it.
 */
export function passwordInputFor(button: HTMLElement, doc: Document): HTMLInputElement | null {
  const byId = button.dataset.passwordToggle ? doc.getElementById(button.dataset.passwordToggle) : null;
  if (byId instanceof HTMLInputElement) return byId;
  const previous = button.previousElementSibling;
  if (previous instanceof HTMLInputElement) return previous;
  return button.parentElement?.querySelector<HTMLInputElement>('input[type="password"]') ?? null;
}

/** Spec 2 §5: password fields have a show/hide toggle. */
export function installPasswordToggles(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const button = closestFrom(event.target, '[data-password-toggle]');
    const input = button && passwordInputFor(button, doc);
    if (!button || !input) return;
    event.preventDefault();
    const show = input.type === 'password';
    input.type = show ? 'text' : 'password';
    button.setAttribute('aria-pressed', String(show));
    button.textContent = show ? HIDE_PASSWORD : SHOW_PASSWORD;
  });
}
