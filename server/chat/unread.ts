import type { Db } from '../db/index.js';

/**
 * Messages from others in the user's conversations that the user has not read (and not cleared).
 * It starts from the user's own conversations and reads each one's messages through the
 * (conversation_id, created_at) index: joined the other way, PostgreSQL hashed the whole messages
 * table on every page view (the header's count is part of each request's session statement).
 */
export function unreadMessagesQuery(db: Db, userId: number) {
  const unreadInConversation = db('messages')
    .whereRaw('messages.conversation_id = me.conversation_id')
    .whereNot('messages.created_by_user_id', userId)
    .where((q) => q.whereNull('me.cleared_at').orWhereRaw('messages.created_at > me.cleared_at'))
    .whereNotExists(
      db('message_read_statuses').whereRaw('message_read_statuses.message_id = messages.id').andWhere('message_read_statuses.user_id', userId),
    )
    .select(db.raw('1'));
  return db('conversation_participants as me')
    .crossJoin(db.raw('lateral (?) unread', [unreadInConversation]))
    .where('me.user_id', userId)
    .count('*');
}

export async function countUnreadMessages(db: Db, userId: number): Promise<number> {
  const [row] = (await unreadMessagesQuery(db, userId)) as { count: number }[];
  return Number(row.count);
}
