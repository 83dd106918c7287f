import type { Db } from '../db/index.js';

// Failed sign-ins are counted in the database, so the limit holds across app processes.
export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 30;

const WINDOW = `interval '${LOGIN_WINDOW_MINUTES} minutes'`;

export type LoginAttempt = { id: number; throttled: false } | { throttled: true };

/**
 * Claims a sign-in attempt before the password is checked. The attempt is recorded first (as a
 * failure until `markLoginSucceeded`) and only then are the window's failures counted, so among
 * parallel attempts each one counts every attempt committed before its own: at most the limit
 * of them get through, whatever the timing. A refused attempt removes its row again, so being
 * refused does not extend the lock-out and a flood of refused posts stores nothing.
 */
export async function claimLoginAttempt(db: Db, email: string, ip: string): Promise<LoginAttempt> {
  const [{ id }] = await db('login_attempts').insert({ email, ip, succeeded: false }).returning<{ id: string | number }[]>('id');
  const { rows } = await db.raw<{ rows: { by_email: string | number; by_ip: string | number }[] }>(
    `select count(*) filter (where email = ?) as by_email, count(*) filter (where ip = ?) as by_ip
       from login_attempts
      where (email = ? or ip = ?) and not succeeded and attempted_at > now() - ${WINDOW}`,
    [email, ip, email, ip],
  );
  const { by_email: byEmail, by_ip: byIp } = rows[0];
  if (Number(byEmail) > MAX_FAILURES_PER_EMAIL || Number(byIp) > MAX_FAILURES_PER_IP) {
    await db('login_attempts').where({ id }).delete();
    return { throttled: true };
  }
  return { id: Number(id), throttled: false };
}

/** A right password: the attempt no longer counts as a failure. Rows older than the window go. */
export async function markLoginSucceeded(db: Db, attemptId: number): Promise<void> {
  await db('login_attempts').where({ id: attemptId }).update({ succeeded: true });
}

/** Attempts older than the window count for nothing; called with every attempt, so the table stays small. */
export async function pruneLoginAttempts(db: Db): Promise<void> {
  await db.raw(`delete from login_attempts where attempted_at < now() - ${WINDOW}`);
}
