// Usage tracking (spec 1 §2, §8, §9): 25 ms after start-up, a page of a signed-in user (its <body>
// carries data-page-category) reports a page view. Fire and forget: a failure is logged, never shown.
import { CSRF_HEADER, csrfToken } from '../shared/csrf';

/** spec 1 §9: page-view tracking delay. */
export const PAGE_VIEW_DELAY_MS = 25;
export const PAGE_VIEW_URL = '/api/usage/page-view';

export interface PageViewEvent {
  category: string;
  path: string;
}

/** The event of this page, or null on a page that is not tracked (no category on <body>). */
export function pageViewEventOf(doc: Document): PageViewEvent | null {
  const category = doc.body?.dataset.pageCategory;
  if (!category) return null;
  return { category, path: doc.location?.pathname ?? '/' };
}

export async function sendPageView(event: PageViewEvent, send: typeof fetch = fetch): Promise<void> {
  // sendBeacon cannot carry the CSRF header; keepalive lets the request outlive the page too.
  const response = await send(PAGE_VIEW_URL, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: csrfToken() },
    body: JSON.stringify(event),
  });
  if (!response.ok) throw new Error(`page view answered HTTP ${response.status}`);
}

export function trackPageView(doc: Document = document, delayMs = PAGE_VIEW_DELAY_MS): void {
  const event = pageViewEventOf(doc);
  if (!event) return;
  setTimeout(() => {
    sendPageView(event).catch((error: unknown) => console.error('Usage tracking event failed', error));
  }, delayMs);
}
