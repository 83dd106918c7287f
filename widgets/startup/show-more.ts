import { SHOW_LESS, SHOW_MORE } from '../../server/shared/startup-messages';
import { SHOW_MORE_BY_COUNT_COLLAPSED_HEIGHT, SHOW_MORE_COLLAPSED_HEIGHT } from './constants';
import { elementsIn } from './dom';

let nextId = 0;

/**
 * Spec 2 §4: `[data-show-more]` containers start collapsed (6rem; 2rem for
 * `data-show-more="by-count"`) with a toggle button after them reading 'Show More' / 'Show Less'.
 * Safe to call again on new content: a container is set up once.
 */
export function initShowMore(root: ParentNode, doc: Document = document): void {
  for (const box of elementsIn(root, '[data-show-more]')) {
    if (box.dataset.showMoreReady) continue;
    box.dataset.showMoreReady = 'true';
    const collapsedHeight =
      box.dataset.showMore === 'by-count' ? SHOW_MORE_BY_COUNT_COLLAPSED_HEIGHT : SHOW_MORE_COLLAPSED_HEIGHT;
    if (!box.id) box.id = `show-more-${++nextId}`;

    const toggle = doc.createElement('button');
    toggle.type = 'button';
    toggle.className = 'show-more-toggle';
    toggle.setAttribute('aria-controls', box.id);
    const setExpanded = (expanded: boolean): void => {
      box.style.maxHeight = expanded ? '' : collapsedHeight;
      box.style.overflow = expanded ? '' : 'hidden';
      box.classList.toggle('is-expanded', expanded);
      toggle.setAttribute('aria-expanded', String(expanded));
      toggle.textContent = expanded ? SHOW_LESS : SHOW_MORE;
    };
    toggle.addEventListener('click', () => setExpanded(toggle.getAttribute('aria-expanded') !== 'true'));
    setExpanded(false);
    box.after(toggle);
  }
}
