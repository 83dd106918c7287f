// How e-mail delivery is tried again (issue 15): pg-boss retries the delivery job with exponential
// back-off. Pure, so tests and the admin page share it.

/** Tries before a message is dead; an admin can send a dead one back to the queue. */
export const MAX_DELIVERY_ATTEMPTS = 8;
/** The first retry waits about this long; each later one about twice as long as the one before (pg-boss adds jitter). */
export const FIRST_RETRY_DELAY_SECONDS = 30;
/** A worker still sending after this long is taken to be dead: another tries the message again. */
export const DELIVERY_LEASE_SECONDS = 5 * 60;

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'dead'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
