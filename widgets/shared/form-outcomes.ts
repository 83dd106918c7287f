// A page with several forms (the settings page) shows the outcome of the latest save only: once
// another save starts, the messages of earlier ones (a saved notice, a refused form's errors) go.

/** Window event a widget dispatches, with `detail.source` naming itself, when one of its saves starts. */
export const SAVE_STARTED_EVENT = 'form-save-started';

/**
 * Hides the server-rendered outcome messages (`[data-form-outcome]`), un-marks the fields they
 * described, and tells the page's widgets to drop the outcomes they show (see onOtherSaveStarted).
 */
export function saveStarted(doc: Document, source: string): void {
  for (const message of doc.querySelectorAll<HTMLElement>('[data-form-outcome]')) {
    message.hidden = true;
    message.removeAttribute('data-form-outcome');
    if (!message.id) continue;
    for (const field of doc.querySelectorAll(`[aria-invalid][aria-describedby~="${CSS.escape(message.id)}"]`)) field.removeAttribute('aria-invalid');
  }
  doc.defaultView?.dispatchEvent(new CustomEvent(SAVE_STARTED_EVENT, { detail: { source } }));
}

/** Calls `drop` whenever a save of another source than `source` starts; answers the unsubscribe. */
export function onOtherSaveStarted(win: Window, source: string, drop: () => void): () => void {
  const listener = (event: Event) => {
    if ((event as CustomEvent<{ source?: unknown } | null>).detail?.source !== source) drop();
  };
  win.addEventListener(SAVE_STARTED_EVENT, listener);
  return () => win.removeEventListener(SAVE_STARTED_EVENT, listener);
}
