import type { Db } from '../db/index.js';

// Failed sign-ins are counted in the database, so the limit holds across app processes.
export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 30;

export async function isLoginThrottled(db: Db, email: string, ip: string): Promise<boolean> {
  const since = db.raw(`now() - interval '${LOGIN_WINDOW_MINUTES} minutes'`);
  const [byEmail, byIp] = await Promise.all([
    db('login_attempts').where({ email, succeeded: false }).andWhere('attempted_at', '>', since).count<{ count: number }[]>('* as count'),
    db('login_attempts').where({ ip, succeeded: false }).andWhere('attempted_at', '>', since).count<{ count: number }[]>('* as count'),
  ]);
  return Number(byEmail[0].count) >= MAX_FAILURES_PER_EMAIL || Number(byIp[0].count) >= MAX_FAILURES_PER_IP;
}

export async function recordLoginAttempt(db: Db, email: string, ip: string, succeeded: boolean): Promise<void> {
  await db('login_attempts').insert({ email, ip, succeeded });
  if (succeeded) {
    // A successful sign-in clears the e-mail's failures.
    await db('login_attempts').where({ email, succeeded: false }).delete();
  }
}
