import { SUBMITTING } from '../../server/shared/startup-messages';

const SUBMIT_BUTTONS = 'button:not([type]), button[type="submit"], input[type="submit"]';

/**
 * Spec 2 §4: on submit of a `form[data-one-time-submit]` its submit buttons are disabled and
 * read 'Submitting...'; further submits are ignored. A submit another handler prevented
 * (client-side validation, a script-driven form) does not lock the form.
 */
export function installOneTimeSubmit(doc: Document): void {
  const labels = new WeakMap<HTMLButtonElement | HTMLInputElement, string>();

  doc.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-one-time-submit')) return;
    if (form.dataset.submitting) {
      event.preventDefault();
      return;
    }
    if (event.defaultPrevented) return;
    form.dataset.submitting = 'true';

    // A disabled submitter is left out of the form data, so carry its name and value over.
    const submitter = event.submitter;
    if ((submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.name) {
      const carried = doc.createElement('input');
      carried.type = 'hidden';
      carried.name = submitter.name;
      carried.value = submitter.value;
      carried.dataset.submitterCopy = '';
      form.append(carried);
    }
    for (const button of form.querySelectorAll<HTMLButtonElement | HTMLInputElement>(SUBMIT_BUTTONS)) {
      button.disabled = true;
      if (button instanceof HTMLInputElement) {
        labels.set(button, button.value);
        button.value = SUBMITTING;
      } else {
        labels.set(button, button.textContent ?? '');
        button.textContent = SUBMITTING;
      }
    }
  });

  // Coming back through the back/forward cache shows the form as it was before submitting.
  doc.defaultView?.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-submitting]')) {
      delete form.dataset.submitting;
      form.querySelectorAll('[data-submitter-copy]').forEach((input) => input.remove());
      for (const button of form.querySelectorAll<HTMLButtonElement | HTMLInputElement>(SUBMIT_BUTTONS)) {
        const label = labels.get(button);
        if (label === undefined) continue;
        button.disabled = false;
        if (button instanceof HTMLInputElement) button.value = label;
        else button.textContent = label;
      }
    }
  });
}
