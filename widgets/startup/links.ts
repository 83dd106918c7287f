import { DEFAULT_BACKDROP_HREF } from './constants';
import { closestFrom } from './dom';

declare global {
  interface Window {
    /** The third-party support chat, when its script loaded. */
    supportChat?: { open?: () => void };
  }
}

/**
 * A click on a `[data-backdrop-href]` element itself (not on its children) goes to its href,
 * '/members' when it names none (spec 2: clicking the backdrop of a marked page).
 */
export function installBackdropLinks(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const element = event.target;
    if (!(element instanceof HTMLElement) || !element.hasAttribute('data-backdrop-href')) return;
    doc.defaultView?.location.assign(element.dataset.backdropHref || DEFAULT_BACKDROP_HREF);
  });
}

/** `[data-contact-link]` opens the support chat when it is loaded, else the link is followed. */
export function installContactLinks(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const link = closestFrom(event.target, '[data-contact-link]');
    const chat = doc.defaultView?.supportChat;
    if (!link || typeof chat?.open !== 'function') return;
    event.preventDefault();
    chat.open();
  });
}
