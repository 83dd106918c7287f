import { READY_MARKER_DELAY_MS } from './constants';

/** Spec 2 §4: the page becomes ready 500 ms after start-up and a ready marker is added. */
export function markPageReadyAfter(doc: Document, delayMs = READY_MARKER_DELAY_MS): void {
  setTimeout(() => {
    doc.body.classList.add('page-ready');
    doc.body.dataset.pageReady = 'true';
  }, delayMs);
}
