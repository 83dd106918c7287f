import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.js';
import { sendJob } from '../jobs/queue.js';

export const EMAIL_JOB = 'email';

export interface OutgoingEmail {
  userId: number | null;
  to: string;
  subject: string;
  /** Plain text as it goes out; notices give a template instead, rendered by the worker (server/mail/templates.ts). */
  text?: string;
  template?: string;
  payload?: Record<string, unknown>;
  /** Same key, same notice: a repeated call queues nothing new. */
  dedupeKey?: string;
}

/**
 * Queues an e-mail: a row in the outbox (what admins see at /admin/outbox) and the job that
 * delivers it. Call it with the transaction of the change it reports, so the notice exists exactly
 * when the change does.
 */
export async function queueEmail(db: Db, email: OutgoingEmail): Promise<boolean> {
  const queue = async (trx: Db) => {
    const jobId = randomUUID();
    const inserted = await trx('outbox')
      .insert({
        user_id: email.userId,
        to_address: email.to,
        subject: email.subject,
        text: email.text ?? null,
        template: email.template ?? null,
        payload: JSON.stringify(email.payload ?? {}),
        dedupe_key: email.dedupeKey ?? null,
        job_id: jobId,
      })
      .onConflict('dedupe_key')
      .ignore()
      .returning('id');
    if (inserted.length === 0) return false;
    await sendEmailJob(trx, jobId);
    return true;
  };
  return db.isTransaction ? queue(db) : db.transaction(queue);
}

/**
 * The delivery job of the outbox message whose job_id is `jobId`: the job finds its message by
 * that id, so a statement may queue a message or not (password resets) and the job be sent either way.
 */
export async function sendEmailJob(trx: Db, jobId: string): Promise<void> {
  await sendJob(trx, EMAIL_JOB, {}, { id: jobId });
}
