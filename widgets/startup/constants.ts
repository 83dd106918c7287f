// Start-up timings and limits of spec 2 §9, in one place for the start-up script and its tests.

/** Library wait: retry interval (spec 2 §9: 2000 ms). */
export const LIBRARY_WAIT_INTERVAL_MS = 2000;
/** Library wait: attempts before failing with 'Waited more than 10 attempts' (spec 2 §9). */
export const LIBRARY_WAIT_MAX_ATTEMPTS = 10;
/** The ready marker is added this long after start-up (spec 2 §9). */
export const READY_MARKER_DELAY_MS = 500;
/** Copy-link confirmation shows for this long (spec 2 §9: 3 s). */
export const COPY_LINK_CONFIRM_MS = 3000;
/** Sticky headers only when the window is wider than this (spec 2 §2, §9). */
export const STICKY_MIN_WIDTH_PX = 920;
/** Submenu sticky offset (spec 2 §9). */
export const STICKY_SUBMENU_OFFSET_PX = 64;
/** Sticky z-index (spec 2 §9). */
export const STICKY_Z_INDEX = 500;
/** Show-more containers are collapsed to this height (spec 2 §4). */
export const SHOW_MORE_COLLAPSED_HEIGHT = '6rem';
/** … and to this one for the by-count variant (spec 2 §4). */
export const SHOW_MORE_BY_COUNT_COLLAPSED_HEIGHT = '2rem';
/** Where a click on a marked page backdrop goes when the marker names no href. */
export const DEFAULT_BACKDROP_HREF = '/members';
/** Scroll reveal: an element is revealed once this share of it is in view (spec 2 §9: view factor 0.2). */
export const REVEAL_VIEW_FACTOR = 0.2;
/** Scroll reveal: staggered items wait this long times their step (spec 2 §9: 200 ms × step 1 to 9). */
export const REVEAL_STEP_DELAY_MS = 200;
export const REVEAL_MAX_STEP = 9;
