// E-mail notice of a new chat message (issue 6): through the outbox, only when the recipient's
// `chat` e-mail preference is on, and at most one per conversation until they read it.
import type { Db } from '../db/index.js';
import { queueEmail } from '../outbox/queue.js';
import { loadEmailPreferences } from '../account-settings/queries.js';
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
 * conversation (get-messages) clears it again.
 */
export async function queueNewMessageNotices(trx: Db, notice: NewMessageNotice): Promise<number[]> {
  const notified: number[] = [];
  for (const userId of notice.recipientIds) {
    if (!(await loadEmailPreferences(trx, userId)).chat) continue;
    const claimed = await trx('conversation_participants')
      .where({ conversation_id: notice.conversationId, user_id: userId })
      .whereNull('email_notice_sent_at')
      .update({ email_notice_sent_at: trx.fn.now() })
      .returning('user_id');
    if (claimed.length === 0) continue;
    const recipient = await trx('users').where('id', userId).first('email');
    if (!recipient) continue;
    await queueEmail(trx, {
      userId,
      to: recipient.email,
      subject: CHAT_EMAIL_SUBJECT.replace('{name}', () => notice.senderName),
      template: CHAT_NEW_MESSAGE,
      payload: { conversationId: notice.conversationId, senderName: notice.senderName },
      dedupeKey: `chat-notice:${notice.conversationId}:${userId}:${notice.messageId}`,
    });
    notified.push(userId);
  }
  return notified;
}
