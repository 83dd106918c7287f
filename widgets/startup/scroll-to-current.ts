/**
 * A row that scrolls sideways (the results navigation on a phone, `[data-scroll-to-current]`)
 * starts scrolled so its `aria-current` item is in the middle, not cut off at the edge. Only the
 * row scrolls, never the page; a row that does not scroll ignores the change.
 */
export function scrollToCurrent(doc: Document): void {
  for (const row of doc.querySelectorAll('[data-scroll-to-current]')) {
    const current = row.querySelector('[aria-current]');
    if (!current) continue;
    const item = current.getBoundingClientRect();
    const box = row.getBoundingClientRect();
    row.scrollLeft += item.left + item.width / 2 - box.left - box.width / 2;
  }
}
