/**
 * Spec 2 §5: Enter is blocked on inputs marked `data-disable-submit-on-enter` (on the input or
 * on a container of inputs, such as the form), so it does not submit the form.
 */
export function installEnterBlock(doc: Document): void {
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    const input = event.target;
    if (input instanceof HTMLInputElement && input.closest('[data-disable-submit-on-enter]')) {
      event.preventDefault();
    }
  });
}
