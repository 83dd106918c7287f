import type { Db } from '../db/index.js';
import { queueEmail } from '../outbox/queue.js';
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

/**
 * Records the request first and counts afterwards, so parallel requests all see each other and
 * none slips past the limit. Every request counts, refused ones too.
 */
export async function recordResetRequest(db: Db, email: string, ip: string): Promise<{ throttled: boolean }> {
  await db('password_reset_requests').insert({ email, ip });
  await db('password_reset_requests').where('requested_at', '<', db.raw("now() - interval '1 day'")).delete();
  const since = db.raw(`now() - interval '${RESET_REQUEST_WINDOW_MINUTES} minutes'`);
  const [row] = await db('password_reset_requests')
    .where('requested_at', '>', since)
    .select(
      db.raw('count(*) filter (where email = ?) as by_email', [email]),
      db.raw('count(*) filter (where ip = ?) as by_ip', [ip]),
    );
  return { throttled: Number(row.by_email) > MAX_RESET_REQUESTS_PER_EMAIL || Number(row.by_ip) > MAX_RESET_REQUESTS_PER_IP };
}

/** A new single-use link for the account, queued as an e-mail in the same transaction. */
export async function createResetLink(db: Db, user: { id: number; email: string; name: string }): Promise<void> {
  const token = newResetToken();
  await db.transaction(async (trx) => {
    await trx('password_reset_tokens').insert({
      user_id: user.id,
      token_hash: hashResetToken(token),
      expires_at: trx.raw(`now() + interval '${RESET_LINK_LIFETIME_MINUTES} minutes'`),
    });
    await queueEmail(trx, {
      userId: user.id,
      to: user.email,
      subject: RESET_EMAIL_SUBJECT,
      template: PASSWORD_RESET,
      // The worker drops the token from the row once the e-mail is sent.
      payload: { token, name: user.name },
    });
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
