/**
 * Dates in words, as pages and reports print them (UTC, US English). `toLocaleDateString` builds a
 * new formatter on every call, which costs more than the rest of a small page: these are made once.
 */
const LONG = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const SHORT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "December 4, 2026" */
export const longDate = (date: Date | string | number): string => LONG.format(new Date(date));

/** "Dec 4, 2026" */
export const shortDate = (date: Date | string | number): string => SHORT.format(new Date(date));
