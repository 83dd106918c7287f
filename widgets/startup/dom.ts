// Small DOM helpers shared by the start-up behaviours.

/** The nearest element matching `selector` from an event target, or null. */
export function closestFrom<E extends Element = HTMLElement>(target: EventTarget | null, selector: string): E | null {
  return target instanceof Element ? target.closest<E>(selector) : null;
}

/** Elements matching `selector` in `root`, including `root` itself when it matches. */
export function elementsIn<E extends Element = HTMLElement>(root: ParentNode, selector: string): E[] {
  const found = Array.from(root.querySelectorAll<E>(selector));
  if (root instanceof Element && root.matches(selector)) found.unshift(root as unknown as E);
  return found;
}

/** The page's CSRF token from `<meta name="csrf-token">`, or '' when the page has none. */
export function metaCsrfToken(doc: Pick<Document, 'querySelector'>): string {
  return doc.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}
