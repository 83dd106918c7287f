import { REVEAL_MAX_STEP, REVEAL_STEP_DELAY_MS, REVEAL_VIEW_FACTOR } from './constants';

/** How long an item of step `step` waits before it fades in (spec 2 §9): 200 ms × step, steps 1 to 9; 0 without one. */
export function revealDelayMs(step: number): number {
  if (!Number.isInteger(step) || step < 1) return 0;
  return Math.min(step, REVEAL_MAX_STEP) * REVEAL_STEP_DELAY_MS;
}

/**
 * Scroll reveal (spec 2 §9): `[data-reveal]` elements below the fold fade in once a fifth of them is in
 * view, `data-reveal="<step>"` staggering a group. Only opacity and transform change, so nothing moves
 * the layout; what is in view at start-up is left alone, and with reduced motion (or without scripts)
 * everything simply shows. The CSS is in content.css.
 */
export function installScrollReveal(doc: Document): void {
  const view = doc.defaultView;
  if (!view || typeof view.IntersectionObserver !== 'function' || view.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const observer = new view.IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const item = entry.target as HTMLElement;
        observer.unobserve(item);
        // set only now: a delay alone would also hold back the hiding (a 0 s transition still waits for it)
        item.style.transitionDelay = `${revealDelayMs(Number(item.dataset.reveal))}ms`;
        item.classList.replace('reveal-pending', 'is-revealing');
        // the fade and its delay are for the reveal only, not for the element's own transitions (a card's hover)
        item.addEventListener(
          'transitionend',
          () => {
            item.classList.remove('is-revealing');
            item.style.removeProperty('transition-delay');
          },
          { once: true },
        );
      }
    },
    { threshold: REVEAL_VIEW_FACTOR },
  );
  for (const item of doc.querySelectorAll<HTMLElement>('[data-reveal]')) {
    if (item.getBoundingClientRect().top < view.innerHeight) continue;
    item.classList.add('reveal-pending');
    observer.observe(item);
  }
}
