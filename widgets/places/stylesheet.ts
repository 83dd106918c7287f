export const LOCATIONS_STYLESHEETS = ['/static/css/widgets-results.css', '/static/css/locations.css'];

/** Adds each stylesheet to the page once, unless the page already links it. */
export function ensureStylesheets(hrefs: readonly string[] = LOCATIONS_STYLESHEETS, doc: Document = document): void {
  for (const href of hrefs) {
    const linked = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.getAttribute('href') === href);
    if (linked) continue;
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    doc.head.append(link);
  }
}
