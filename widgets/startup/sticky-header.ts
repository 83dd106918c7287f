import { STICKY_MIN_WIDTH_PX, STICKY_SUBMENU_OFFSET_PX, STICKY_Z_INDEX } from './constants';

/**
 * Spec 2 §2, §9: `[data-sticky]` elements stick to the top only while the window is wider than
 * 920 px; `data-sticky="submenu"` sticks 64 px down, below the header. z-index 500.
 */
export function applySticky(doc: Document, wide: boolean): void {
  for (const element of doc.querySelectorAll<HTMLElement>('[data-sticky]')) {
    const top = element.dataset.sticky === 'submenu' ? `${STICKY_SUBMENU_OFFSET_PX}px` : '0px';
    element.classList.toggle('is-sticky', wide);
    element.style.position = wide ? 'sticky' : '';
    element.style.top = wide ? top : '';
    element.style.zIndex = wide ? String(STICKY_Z_INDEX) : '';
  }
}

export function installStickyHeader(doc: Document): void {
  const query = doc.defaultView?.matchMedia(`(min-width: ${STICKY_MIN_WIDTH_PX + 1}px)`);
  if (!query) return;
  applySticky(doc, query.matches);
  query.addEventListener('change', (event) => applySticky(doc, event.matches));
}
