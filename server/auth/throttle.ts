import type { Db } from '../db/index.js';
import { consumed, isSpent, rateLimiter, type RateLimit } from '../db/rate-limits.js';

// Failed sign-ins are counted in the database (rate-limiter-flexible), so the limit holds across
// app processes. The scheme is the library's login recipe: consecutive failures of one e-mail
// from one client address, and failures from one client address at any account.
export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_EMAIL_AND_IP = 5;
export const MAX_FAILURES_PER_IP = 30;

export const FAILURES_BY_EMAIL_AND_IP: RateLimit = { keyPrefix: 'sign-in-email-ip', points: MAX_FAILURES_PER_EMAIL_AND_IP, duration: LOGIN_WINDOW_MINUTES * 60 };
export const FAILURES_BY_IP: RateLimit = { keyPrefix: 'sign-in-ip', points: MAX_FAILURES_PER_IP, duration: LOGIN_WINDOW_MINUTES * 60 };

/** The key of an e-mail tried from a client address (an address holds no '/'; the e-mail compares as citext does). */
const emailAndIpKey = (email: string, ip: string): string => `${ip}/${email.toLowerCase()}`;

export type SignInOutcome = 'throttled' | 'refused' | 'accepted';

/**
 * One try at an account's password, counted against the limits. Only failures count: a sign-in in
 * progress or a right password never refuses another, so an account signing in on several devices
 * at once, or a clinic's many accounts behind one address, all get in; a right password starts the
 * e-mail's count from this address over. Tries at one account take turns (a lock on the e-mail for
 * the length of the check, the counts read and written on the locked transaction's connection), so
 * parallel guesses at one password each see the failures before them and at most the limit of them
 * reach the check. Across accounts from one address, a burst of simultaneous guesses can pass the
 * address's limit by the number in flight. A refused try counts nothing, so hammering does not
 * extend the lock-out.
 */
export async function tryPassword(db: Db, email: string, ip: string, isRight: () => Promise<boolean>): Promise<SignInOutcome> {
  const key = emailAndIpKey(email, ip);
  return db.transaction(async (trx) => {
    // the column is citext: the lock is taken on the e-mail as the column compares it
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`sign-in:${email.toLowerCase()}`]);
    const byEmailAndIp = rateLimiter(db, FAILURES_BY_EMAIL_AND_IP, trx);
    const byIp = rateLimiter(db, FAILURES_BY_IP, trx);
    const [emailSoFar, ipSoFar] = await Promise.all([byEmailAndIp.get(key), byIp.get(ip)]);
    // The recipe's check (consumedPoints > points) lets one more try reach the password; the try after the last allowed failure is refused, as before.
    if (isSpent(emailSoFar) || isSpent(ipSoFar)) return 'throttled';
    if (await isRight()) {
      if (emailSoFar !== null) await byEmailAndIp.delete(key);
      return 'accepted';
    }
    // Unlike the recipe, an e-mail without an account counts too: the answers must not tell which accounts exist.
    // A refusal here is a parallel try at another account from the address that failed first.
    return (await consumed(byEmailAndIp.consume(key), byIp.consume(ip))) ? 'refused' : 'throttled';
  });
}
