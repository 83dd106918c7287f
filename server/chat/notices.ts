// E-mail notice of a new chat message (issue 6): through the outbox, only when the recipient's
// `chat` e-mail preference is on, and at most one per conversation until they read it.
import type { Db } from '../db/index.js';
import { queueEmail } from '../outbox/queue.js';
import { defaultPreferences } from '../account-settings/queries.js';
import { pgArray } from '../pets/reads.js';
import { CHAT_EMAIL_SUBJECT } from '../shared/messages.js';
import { CHAT_NEW_MESSAGE } from '../mail/templates.js';

export interface NewMessageNotice {
  conversationId: number;
  messageId: number;
  senderName: string;
  recipientIds: readonly number[];
}

/**
 * Call inside the send's transaction. Claiming `email_notice_sent_at` with a conditional update
 * keeps it to one notice even when several app processes send at once; reading the
 * conversation (get-messages) clears it again. The claim, the `chat` preference (or the table's
 * default for a user without a row) and the address are one statement for all recipients.
 */
export async function queueNewMessageNotices(trx: Db, notice: NewMessageNotice): Promise<number[]> {
  if (notice.recipientIds.length === 0) return [];
  const { chat: chatByDefault } = await defaultPreferences(trx);
  const { rows } = await trx.raw<{ rows: { user_id: number; email: string }[] }>(
    `update conversation_participants cp set email_notice_sent_at = now()
       from users u left join email_preferences ep on ep.user_id = u.id
      where u.id = cp.user_id and cp.conversation_id = ? and cp.user_id = any(?::int[])
        and cp.email_notice_sent_at is null and coalesce(ep.chat, ?)
      returning cp.user_id, u.email`,
    [notice.conversationId, pgArray(notice.recipientIds), chatByDefault],
  );
  const claimed = new Map(rows.map((row) => [Number(row.user_id), row.email]));
  const notified = notice.recipientIds.filter((userId) => claimed.has(userId));
  for (const userId of notified) {
    await queueEmail(trx, {
      userId,
      to: claimed.get(userId)!,
      subject: CHAT_EMAIL_SUBJECT.replace('{name}', () => notice.senderName),
      template: CHAT_NEW_MESSAGE,
      payload: { conversationId: notice.conversationId, senderName: notice.senderName },
      dedupeKey: `chat-notice:${notice.conversationId}:${userId}:${notice.messageId}`,
    });
  }
  return notified;
}
