import type { Db } from '../db/index.js';

/** Messages from others in the user's conversations that the user has not read (and not cleared). */
export function unreadMessagesQuery(db: Db, userId: number) {
  return db('messages')
    .join('conversation_participants as me', function () {
      this.on('me.conversation_id', 'messages.conversation_id').andOnVal('me.user_id', userId);
    })
    .whereNot('messages.created_by_user_id', userId)
    .where((q) => q.whereNull('me.cleared_at').orWhereRaw('messages.created_at > me.cleared_at'))
    .whereNotExists(
      db('message_read_statuses').whereRaw('message_read_statuses.message_id = messages.id').andWhere('message_read_statuses.user_id', userId),
    )
    .count('*');
}

export async function countUnreadMessages(db: Db, userId: number): Promise<number> {
  const [row] = (await unreadMessagesQuery(db, userId)) as { count: number }[];
  return Number(row.count);
}
