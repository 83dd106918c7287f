import type { Db } from '../../server/db/index.js';
import { RATE_LIMITS_TABLE, rateLimiter, type RateLimit } from '../../server/db/rate-limits.js';

/** The points a key has used in its current window of the limit (0 when it has none). */
export async function pointsUsed(db: Db, limit: RateLimit, key: string | number): Promise<number> {
  return (await rateLimiter(db, limit).get(key))?.consumedPoints ?? 0;
}

/** Ends the current window of every key of the limit, as if its duration had passed. */
export async function endWindows(db: Db, limit: RateLimit): Promise<void> {
  // expire is the library's: milliseconds since the epoch by the app process's clock
  await db(RATE_LIMITS_TABLE).where('key', 'like', `${limit.keyPrefix}:%`).update({ expire: Date.now() - 1 });
}
