// Usage tracking of page parts (spec 1 §2, issue 36 §20): the age test, the share center, the vet
// onboarding checklist and the breed reveal are parts of pages, not pages. The server marks each with
// data-usage-section="<category>" and data-usage-when, which says when the user has seen it:
//   open     a <details> the user opens (or one that arrives open),
//   visible  once scrolled into view,
//   target   the page opened at it (the breed reveal's Replay link lands on #breed-reveal).
// Each category goes once per page view through the page-view endpoint, which refuses unknown ones.
import { sendPageView, type PageViewEvent } from './page-view';

export const USAGE_SECTION_SELECTOR = '[data-usage-section]';

export function trackSectionViews(doc: Document = document, send: (event: PageViewEvent) => Promise<void> = sendPageView): void {
  const sent = new Set<string>();
  const report = (category: string) => {
    if (sent.has(category)) return;
    sent.add(category);
    send({ category, path: doc.location?.pathname ?? '/' }).catch((error: unknown) => console.error('Usage tracking event failed', error));
  };
  const visible = new Map<Element, string>();
  for (const element of doc.querySelectorAll<HTMLElement>(USAGE_SECTION_SELECTOR)) {
    const category = element.dataset.usageSection ?? '';
    const when = element.dataset.usageWhen;
    if (when === 'open' && element instanceof HTMLDetailsElement) {
      if (element.open) report(category);
      else element.addEventListener('toggle', () => element.open && report(category));
    } else if (when === 'target') {
      if (element.id && doc.location?.hash === `#${element.id}`) report(category);
    } else if (when === 'visible') {
      visible.set(element, category);
    }
  }
  if (visible.size === 0) return;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      report(visible.get(entry.target) ?? '');
      observer.unobserve(entry.target);
    }
  });
  for (const element of visible.keys()) observer.observe(element);
}
