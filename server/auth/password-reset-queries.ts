import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.js';
import { sendEmailJob } from '../outbox/queue.js';
import { consumed, rateLimiter, type RateLimit } from '../db/rate-limits.js';
import { PASSWORD_RESET } from '../mail/templates.js';
import { RESET_EMAIL_SUBJECT } from '../shared/messages.js';
import { endOtherSessions } from './sessions-of-user.js';
import { setPasswordHash } from '../account-settings/password-queries.js';
import {
  hashResetToken,
  MAX_RESET_REQUESTS_PER_EMAIL,
  MAX_RESET_REQUESTS_PER_IP,
  newResetToken,
  RESET_LINK_LIFETIME_MINUTES,
  RESET_REQUEST_WINDOW_MINUTES,
} from './password-reset-rules.js';

export const RESET_REQUESTS_BY_EMAIL: RateLimit = { keyPrefix: 'reset-email', points: MAX_RESET_REQUESTS_PER_EMAIL, duration: RESET_REQUEST_WINDOW_MINUTES * 60 };
export const RESET_REQUESTS_BY_IP: RateLimit = { keyPrefix: 'reset-ip', points: MAX_RESET_REQUESTS_PER_IP, duration: RESET_REQUEST_WINDOW_MINUTES * 60 };

/**
 * Counts the request against its e-mail address and its client address (rate-limiter-flexible, in
 * the database: each count is one atomic statement, so parallel requests all see each other and
 * none slips past the limit). Every request counts, refused ones too, on both.
 */
export async function recordResetRequest(db: Db, email: string, ip: string): Promise<{ throttled: boolean }> {
  const withinLimits = await consumed(
    // the address compares as the users.email column (citext) does
    rateLimiter(db, RESET_REQUESTS_BY_EMAIL).consume(email.toLowerCase()),
    rateLimiter(db, RESET_REQUESTS_BY_IP).consume(ip),
  );
  return { throttled: !withinLimits };
}

/**
 * A reset link for the account of `email`, if there is one: the lookup, the token and the e-mail
 * in one statement, and its delivery job sent either way (it finds no message for an unknown
 * address), so a known address and an unknown one cost the same and the time of the answer does
 * not tell which addresses have accounts.
 */
export async function requestResetLink(db: Db, email: string): Promise<void> {
  const token = newResetToken();
  const jobId = randomUUID();
  await db.transaction(async (trx) => {
    await trx.raw(
      `with account as (select id, email, name from users where email = ?),
            link as (insert into password_reset_tokens (user_id, token_hash, expires_at)
                     select id, ?, now() + interval '${RESET_LINK_LIFETIME_MINUTES} minutes' from account returning user_id),
            -- the delivery job drops the token from the e-mail's row once it is sent
            mail as (insert into outbox (user_id, to_address, subject, template, payload, job_id)
                     select account.id, account.email, ?, ?, jsonb_build_object('token', ?::text, 'name', account.name), ? from account join link on link.user_id = account.id returning id)
       select count(*) from mail`,
      [email, hashResetToken(token), RESET_EMAIL_SUBJECT, PASSWORD_RESET, token, jobId],
    );
    await sendEmailJob(trx, jobId);
  });
}

export type ResetTokenState = { state: 'usable'; userId: number } | { state: 'unknown' | 'used' | 'expired' };

export async function resetTokenState(db: Db, token: string): Promise<ResetTokenState> {
  const row = await db('password_reset_tokens')
    .where({ token_hash: hashResetToken(token) })
    .first('user_id', 'used_at', db.raw('expires_at <= now() as expired'));
  if (!row) return { state: 'unknown' };
  if (row.used_at) return { state: 'used' };
  if (row.expired) return { state: 'expired' };
  return { state: 'usable', userId: row.user_id };
}

/**
 * Uses the token and sets the new password in one transaction: the conditional update makes the
 * token single-use even when the form is posted twice at once. Every other link of the account
 * stops working and every session of the account except `keepSessionId` ends.
 */
export async function resetPassword(db: Db, token: string, passwordHash: string, keepSessionId?: string): Promise<ResetTokenState> {
  return db.transaction(async (trx) => {
    const [claimed] = await trx('password_reset_tokens')
      .where({ token_hash: hashResetToken(token) })
      .whereNull('used_at')
      .andWhere('expires_at', '>', trx.fn.now())
      .update({ used_at: trx.fn.now() })
      .returning('user_id');
    if (!claimed) return resetTokenState(trx, token);
    const userId: number = claimed.user_id;
    await setPasswordHash(trx, userId, passwordHash);
    await trx('password_reset_tokens').where({ user_id: userId }).whereNull('used_at').update({ used_at: trx.fn.now() });
    await endOtherSessions(trx, userId, keepSessionId);
    return { state: 'usable', userId };
  });
}
