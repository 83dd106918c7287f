import { elementsIn, metaCsrfToken } from './dom';

/**
 * Spec 2 §7: every form with method post gets a hidden `_csrf` field copied from
 * `<meta name="csrf-token">`, unless the server already rendered one.
 */
export function addCsrfInputs(root: ParentNode, doc: Document = document): void {
  const token = metaCsrfToken(doc);
  if (!token) return;
  for (const form of elementsIn<HTMLFormElement>(root, 'form')) {
    if (form.method !== 'post' || form.querySelector('input[name="_csrf"]')) continue;
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = '_csrf';
    input.value = token;
    form.append(input);
  }
}

/** Adds the field now, and at submit time to forms that scripts added later. */
export function installCsrfInputs(doc: Document): void {
  addCsrfInputs(doc, doc);
  doc.addEventListener(
    'submit',
    (event) => {
      if (event.target instanceof HTMLFormElement) addCsrfInputs(event.target, doc);
    },
    { capture: true },
  );
}
