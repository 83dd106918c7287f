// The one start-up script of every page: wires the generic page behaviours and mounts widgets.
import { installCopyLinks } from './copy-link';
import { installCsrfInputs } from './csrf-inputs';
import { installEnterBlock } from './enter-block';
import { installBackdropLinks, installContactLinks } from './links';
import { requiredLibraries, waitForLibraries } from './library-wait';
import { mountWidgets } from './mount-widgets';
import { installOneTimeSubmit } from './one-time-submit';
import { installPasswordToggles } from './password-toggle';
import { markPageReadyAfter } from './ready-marker';
import { installRevealLabels } from './reveal-labels';
import { scrollToCurrent } from './scroll-to-current';
import { initShowMore } from './show-more';
import { installStickyHeader } from './sticky-header';
import { installTabs } from './tabs';
import { identifyUser } from '../usage/identify';
import { trackPageView } from '../usage/page-view';

export { mountWidgets } from './mount-widgets';

markPageReadyAfter(document);
installCsrfInputs(document);
installOneTimeSubmit(document);
installEnterBlock(document);
installRevealLabels(document);
initShowMore(document);
installCopyLinks(document);
installPasswordToggles(document);
installStickyHeader(document);
scrollToCurrent(document);
installTabs(document);
installBackdropLinks(document);
installContactLinks(document);
void identifyUser(document);
trackPageView(document);

// Behaviours only some pages have are fetched only by the pages that mark them: scroll reveal
// (spec 2 §9) and the home video dialog (spec 2 §2).
if (document.querySelector('[data-reveal]')) void import('./scroll-reveal').then(({ installScrollReveal }) => installScrollReveal(document));
// Usage events of page parts (the age test, the share center, …), likewise only where a page marks one.
if (document.querySelector('[data-usage-section]')) void import('../usage/section-views').then(({ trackSectionViews }) => trackSectionViews(document));
if (document.querySelector('[data-home-video]')) void import('./home-video').then(({ installHomeVideo }) => installHomeVideo(document));

// Widgets may use the libraries the page asks for, so they mount once those are there; when
// the wait fails the error is reported and the widgets mount anyway, isolated as always.
waitForLibraries(requiredLibraries(document.body))
  .catch((error: unknown) => reportError(error))
  .finally(() => mountWidgets(document));
