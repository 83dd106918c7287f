// When the outbox worker tries a message again (issue 15). Pure, so tests and the admin page share it.

/** Tries before a message is dead; an admin can send a dead one back to pending. */
export const MAX_DELIVERY_ATTEMPTS = 8;
/** The first retry waits this long; each later one twice as long as the one before. */
export const FIRST_RETRY_DELAY_MS = 30_000;
/** No retry waits longer than this. */
export const MAX_RETRY_DELAY_MS = 60 * 60_000;
/** How long a claimed message stays with its worker; after that (the worker died) another may take it. */
export const DELIVERY_LEASE_MS = 5 * 60_000;

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'dead'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface RetryPolicy {
  maxAttempts: number;
  firstRetryDelayMs: number;
  maxRetryDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: MAX_DELIVERY_ATTEMPTS,
  firstRetryDelayMs: FIRST_RETRY_DELAY_MS,
  maxRetryDelayMs: MAX_RETRY_DELAY_MS,
};

/** Exponential back-off: after the nth failed try, wait first × 2^(n−1), capped. */
export function retryDelayMs(attemptsMade: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY): number {
  const doublings = Math.max(0, attemptsMade - 1);
  return Math.min(policy.maxRetryDelayMs, policy.firstRetryDelayMs * 2 ** Math.min(doublings, 30));
}

/** What a failed try leads to: another try later, or dead after the last one. */
export function afterFailure(attemptsMade: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY): { status: 'pending' | 'dead'; delayMs: number } {
  if (attemptsMade >= policy.maxAttempts) return { status: 'dead', delayMs: 0 };
  return { status: 'pending', delayMs: retryDelayMs(attemptsMade, policy) };
}
