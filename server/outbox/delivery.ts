// The outbox worker's queries: claim due messages, record what happened, list and retry for admins.
import type { Db } from '../db/index.js';
import { afterFailure, DELIVERY_LEASE_MS, type OutboxStatus, type RetryPolicy } from './rules.js';

export interface OutboxMessage {
  id: number;
  userId: number | null;
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
  template: string | null;
  payload: Record<string, unknown>;
  status: OutboxStatus;
  attempts: number;
}

interface OutboxRow {
  id: string | number;
  user_id: number | null;
  to_address: string;
  subject: string;
  text: string | null;
  html: string | null;
  template: string | null;
  payload: Record<string, unknown> | string;
  status: OutboxStatus;
  attempts: number;
}

function toMessage(row: OutboxRow): OutboxMessage {
  return {
    id: Number(row.id),
    userId: row.user_id,
    to: row.to_address,
    subject: row.subject,
    text: row.text,
    html: row.html,
    template: row.template,
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    status: row.status,
    attempts: row.attempts,
  };
}

/**
 * Leases up to `limit` due messages to the caller in one statement: pending ones whose time has
 * come, and sending ones whose worker let the lease run out. SKIP LOCKED lets two workers claim
 * at once without waiting for or taking each other's rows, so no message goes to both.
 */
export async function claimDueMessages(db: Db, limit: number, leaseMs = DELIVERY_LEASE_MS): Promise<OutboxMessage[]> {
  const { rows } = await db.raw<{ rows: OutboxRow[] }>(
    `update outbox
        set status = 'sending', attempts = attempts + 1, next_attempt_at = now() + (? * interval '1 millisecond')
      where id in (select id from outbox
                    where status in ('pending', 'sending') and next_attempt_at <= now()
                    order by next_attempt_at, id
                    limit ?
                    for update skip locked)
  returning id, user_id, to_address, subject, text, html, template, payload, status, attempts`,
    [leaseMs, limit],
  );
  return rows.map(toMessage).sort((a, b) => a.id - b.id);
}

/** The message went out; a one-time secret in its payload (a reset token) is dropped from the row. */
export async function markSent(db: Db, id: number): Promise<void> {
  await db('outbox')
    .where({ id, status: 'sending' })
    .update({ status: 'sent', sent_at: db.fn.now(), last_error: null, payload: db.raw("payload - 'token'") });
}

export async function markFailed(db: Db, message: OutboxMessage, error: string, policy: RetryPolicy): Promise<OutboxStatus> {
  const next = afterFailure(message.attempts, policy);
  await db('outbox')
    .where({ id: message.id, status: 'sending' })
    .update({
      status: next.status,
      last_error: error.slice(0, 2000),
      next_attempt_at: db.raw("now() + (? * interval '1 millisecond')", [next.delayMs]),
    });
  return next.status;
}

/** A dead message gets a fresh set of tries; anything else is left alone. */
export async function retryDeadMessage(db: Db, id: number): Promise<boolean> {
  const updated = await db('outbox')
    .where({ id, status: 'dead' })
    .update({ status: 'pending', attempts: 0, next_attempt_at: db.fn.now() })
    .returning('id');
  return updated.length > 0;
}

export interface OutboxListing {
  id: number;
  to: string;
  subject: string;
  template: string | null;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  sentAt: Date | null;
  createdAt: Date;
}

export async function listOutbox(db: Db, options: { status?: OutboxStatus; limit: number }): Promise<OutboxListing[]> {
  const query = db('outbox')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .select('id', 'to_address', 'subject', 'template', 'status', 'attempts', 'last_error', 'next_attempt_at', 'sent_at', 'created_at');
  if (options.status) query.where({ status: options.status });
  const rows = await query;
  return rows.map((row) => ({
    id: Number(row.id),
    to: row.to_address,
    subject: row.subject,
    template: row.template,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: new Date(row.next_attempt_at),
    sentAt: row.sent_at ? new Date(row.sent_at) : null,
    createdAt: new Date(row.created_at),
  }));
}

export async function countOutboxByStatus(db: Db): Promise<Record<OutboxStatus, number>> {
  const rows: { status: OutboxStatus; count: string | number }[] = await db('outbox').groupBy('status').select('status').count('* as count');
  const counts: Record<OutboxStatus, number> = { pending: 0, sending: 0, sent: 0, dead: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
