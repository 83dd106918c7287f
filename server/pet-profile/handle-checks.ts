import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * A handle check has to say that a handle is taken, and so that a dog holds it, private dogs
 * included: the checks an account may make are limited, so handles cannot be enumerated.
 */
export const HANDLE_CHECKS_PER_MINUTE = 30;
export const HANDLE_CHECKS_LIMITED = 'Too many handle checks. Please wait a minute and try again.';

export type HandleCheckLimit = (userId: number) => Promise<boolean>;

/** One limit for each app: whether the account may check one more handle now. */
export function handleCheckLimit(): HandleCheckLimit {
  const limiter = new RateLimiterMemory({ points: HANDLE_CHECKS_PER_MINUTE, duration: 60 });
  return async (userId) => {
    try {
      await limiter.consume(String(userId));
      return true;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return false;
      throw refusal;
    }
  };
}
