// The outbox's queries: what a delivery job records of each try, and what admins list and retry.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.js';
import { JOB_SCHEMA } from '../jobs/queue.js';
import { EMAIL_JOB, sendEmailJob } from './queue.js';
import type { OutboxStatus } from './rules.js';

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
 * Marks the message of the delivery job as being sent and counts the try; nothing when there is
 * none (a reset asked for an unknown address), or it was sent already or is dead (a job tried again
 * after its worker was lost may find it so).
 */
export async function startDelivery(db: Db, jobId: string): Promise<OutboxMessage | undefined> {
  const [row] = await db('outbox')
    .where({ job_id: jobId })
    .whereIn('status', ['pending', 'sending'])
    .update({ status: 'sending', attempts: db.raw('attempts + 1'), next_attempt_at: db.fn.now() })
    .returning(['id', 'user_id', 'to_address', 'subject', 'text', 'html', 'template', 'payload', 'status', 'attempts']);
  return row ? toMessage(row) : undefined;
}

/** The message went out; a one-time secret in its payload (a reset token) is dropped from the row. */
export async function markSent(db: Db, id: number): Promise<void> {
  await db('outbox')
    .where({ id, status: 'sending' })
    .update({ status: 'sent', sent_at: db.fn.now(), last_error: null, payload: db.raw("payload - 'token'") });
}

/** A try failed: the message waits for its job's next try, or is dead after the last. */
export async function markFailed(db: Db, id: number, error: string, final: boolean): Promise<OutboxStatus> {
  const status = final ? 'dead' : 'pending';
  await db('outbox').where({ id, status: 'sending' }).update({ status, last_error: error.slice(0, 2000) });
  return status;
}

/** A dead message gets a fresh set of tries, with a new delivery job; anything else is left alone. */
export async function retryDeadMessage(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    const jobId = randomUUID();
    const updated = await trx('outbox').where({ id, status: 'dead' }).update({ status: 'pending', attempts: 0, next_attempt_at: trx.fn.now(), job_id: jobId }).returning('id');
    if (updated.length === 0) return false;
    await sendEmailJob(trx, jobId);
    return true;
  });
}

/** Messages waiting without a delivery job (queued before e-mail went through the job queue) get one. */
export async function queueUnqueuedMessages(db: Db): Promise<number> {
  const waiting: { id: number }[] = await db('outbox').whereIn('status', ['pending', 'sending']).whereNull('job_id').select('id');
  for (const { id } of waiting) {
    await db.transaction(async (trx) => {
      const jobId = randomUUID();
      const updated = await trx('outbox').where({ id }).whereNull('job_id').update({ job_id: jobId }).returning('id');
      if (updated.length > 0) await sendEmailJob(trx, jobId);
    });
  }
  return waiting.length;
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
  // the next try is when the delivery job may run again
  const query = db('outbox')
    .leftJoin(`${JOB_SCHEMA}.job as job`, (join) => join.on('job.name', db.raw('?', [EMAIL_JOB])).andOn('job.id', 'outbox.job_id'))
    .orderBy('outbox.id', 'desc')
    .limit(options.limit)
    .select('outbox.id', 'to_address', 'subject', 'template', 'status', 'attempts', 'last_error', db.raw('coalesce(job.start_after, outbox.next_attempt_at) as next_attempt_at'), 'sent_at', 'outbox.created_at');
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
