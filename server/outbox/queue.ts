import type { Db } from '../db/index.js';

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
 * Queues an e-mail in the outbox. Call it with the transaction of the change it reports, so the
 * notice exists exactly when the change does; a worker delivers it with retries.
 */
export async function queueEmail(db: Db, email: OutgoingEmail): Promise<boolean> {
  const inserted = await db('outbox')
    .insert({
      user_id: email.userId,
      to_address: email.to,
      subject: email.subject,
      text: email.text ?? null,
      template: email.template ?? null,
      payload: JSON.stringify(email.payload ?? {}),
      dedupe_key: email.dedupeKey ?? null,
    })
    .onConflict('dedupe_key')
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

