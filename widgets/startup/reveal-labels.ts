import { elementsIn } from './dom';

/**
 * Spec 2 §5: an input marked `data-reveal-label` shows its label only when it has a value. The
 * label is made transparent (site.css `label.is-hidden`), not removed: it keeps its place, so the
 * form does not jump, and it still names the input for screen readers.
 */
export function updateRevealLabel(input: HTMLInputElement | HTMLTextAreaElement): void {
  for (const label of input.labels ?? []) {
    // A label wrapping its input would hide the input too.
    if (!label.contains(input)) label.classList.toggle('is-hidden', input.value === '');
  }
}

export function installRevealLabels(doc: Document): void {
  const update = (event: Event): void => {
    const input = event.target;
    if ((input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) && input.hasAttribute('data-reveal-label')) {
      updateRevealLabel(input);
    }
  };
  doc.addEventListener('input', update);
  doc.addEventListener('change', update);
  elementsIn<HTMLInputElement>(doc, '[data-reveal-label]').forEach(updateRevealLabel);
}
