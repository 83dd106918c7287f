// Keyboard use of modals (issue 20): Tab and Shift+Tab go round the dialog's own controls. A modal
// <dialog> makes the page behind inert, but Chromium still lets Tab leave it for the browser's own
// toolbar; a keyboard user expects to stay in the dialog until it closes.

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** The controls in `container` a keyboard user can reach, in tab order (shown ones only). */
export function focusableIn(container: Element): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
}

interface TabKeyEvent {
  key: string;
  shiftKey: boolean;
  preventDefault(): void;
}

/** On Tab from the last control (Shift+Tab from the first), moves focus to the other end. */
export function keepTabInside(event: TabKeyEvent, container: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const controls = focusableIn(container);
  if (controls.length === 0) {
    event.preventDefault();
    return;
  }
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = container.ownerDocument.activeElement;
  const outside = !active || !container.contains(active);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}
