// Spec 1 §9, spec 2 §7-§8: the maps library load is retried 3 times; after the last failure it throws.
import { MAPS_LOAD_FAILED } from '../../server/shared/messages';

/** spec 1 §9: 'maps loader retries 3 times', so at most four tries in all. */
export const MAPS_LOAD_RETRIES = 3;
/**
 * The spec gives no delay: a retry straight away meets the same dropped connection or blocked script,
 * so each waits twice as long as the one before (1 s, 2 s, 4 s), about 7 s before the error.
 */
export const MAPS_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000];

/** Waits `ms` milliseconds; tests pass their own clock. */
export type Wait = (ms: number) => Promise<void>;

const realWait: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `load` until it succeeds, retrying after each failure with the next delay, at most `delaysMs.length`
 * times; then throws MAPS_LOAD_FAILED with the last error as its cause.
 */
export async function loadWithRetries<T>(load: () => Promise<T>, { wait = realWait, delaysMs = MAPS_RETRY_DELAYS_MS }: { wait?: Wait; delaysMs?: readonly number[] } = {}): Promise<T> {
  let lastError: unknown;
  for (let retry = 0; retry <= delaysMs.length; retry++) {
    if (retry > 0) await wait(delaysMs[retry - 1]);
    try {
      return await load();
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error(MAPS_LOAD_FAILED, { cause: lastError });
}
