import type { Db } from '../db/index.js';

// Failed sign-ins are counted in the database, so the limit holds across app processes.
export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 30;

const WINDOW = `interval '${LOGIN_WINDOW_MINUTES} minutes'`;

export type SignInOutcome = 'throttled' | 'refused' | 'accepted';

/**
 * One try at an account's password, counted against the limits. Only failures count: a sign-in in
 * progress or a right password never refuses another, so an account signing in on several devices
 * at once, or a clinic's many accounts behind one address, all get in. Tries at one account take
 * turns (a lock on the e-mail for the length of the check), so parallel guesses at one password each
 * see the failures before them and at most the limit of them reach the check. Across accounts from
 * one address, a burst of simultaneous guesses can pass the address's limit by the number in flight.
 * A refused try stores nothing, so hammering does not extend the lock-out.
 */
export async function tryPassword(db: Db, email: string, ip: string, isRight: () => Promise<boolean>): Promise<SignInOutcome> {
  return db.transaction(async (trx) => {
    // the column is citext: the lock is taken on the e-mail as the column compares it
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`sign-in:${email.toLowerCase()}`]);
    const { rows } = await trx.raw<{ rows: { by_email: string | number; by_ip: string | number }[] }>(
      `select count(*) filter (where email = ?) as by_email, count(*) filter (where ip = ?) as by_ip
         from login_attempts
        where (email = ? or ip = ?) and not succeeded and attempted_at > now() - ${WINDOW}`,
      [email, ip, email, ip],
    );
    if (Number(rows[0].by_email) >= MAX_FAILURES_PER_EMAIL || Number(rows[0].by_ip) >= MAX_FAILURES_PER_IP) return 'throttled';
    const right = await isRight();
    await trx('login_attempts').insert({ email, ip, succeeded: right });
    return right ? 'accepted' : 'refused';
  });
}

/** Attempts older than the window count for nothing; called with every attempt, so the table stays small. */
export async function pruneLoginAttempts(db: Db): Promise<void> {
  await db.raw(`delete from login_attempts where attempted_at < now() - ${WINDOW}`);
}
