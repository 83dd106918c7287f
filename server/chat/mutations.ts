// Writes of the chat, each in one transaction. Callers validate the input shape first (rules.ts);
// these functions enforce who may do what and answer with HttpErrors carrying the spec's strings.
import type { Db } from '../db/index.js';
import { HttpError } from '../http/http-error.js';
import type { User } from '../users/queries.js';
import { CHAT_BLOCKED, CHAT_NOT_YOUR_BLOCK, CHAT_RATE_LIMITED, CHAT_WITH_YOURSELF, INVALID_ARGUMENTS, NOT_AUTHORIZED } from '../shared/messages.js';
import { blockState, conversationBetweenQuery, findParticipation, firstOwnedPetNum, otherParticipantIds, othersWithBlocks, ownPetsByNum, toMessage, type BlockState, type ChatPetRow } from './queries.js';
import { consumed, rateLimiter, type RateLimit } from '../db/rate-limits.js';
import { conversationSubject, NEW_CONVERSATION_ID, SEND_LIMIT_PER_MINUTE } from '../shared/chat-rules.js';
import { queueNewMessageNotices } from './notices.js';
import type { BlockResponse, SendMessageResponse } from '../shared/chat-types.js';
import { CHAT_CHANNEL, notifyChat } from './events.js';

// Namespace of the per-user advisory lock that serialises a user's sends across processes.
const SEND_LOCK_NAMESPACE = 6006;

/** A user's sends, counted by rate-limiter-flexible in the database, so the limit holds across processes. */
export const SENDS: RateLimit = { keyPrefix: 'chat-sends', points: SEND_LIMIT_PER_MINUTE, duration: 60 };

/** The user's participation, or 'Not Authorized' for everyone else (and for unknown ids). */
async function requireParticipation(db: Db, conversationId: number, userId: number) {
  const participation = await findParticipation(db, conversationId, userId);
  if (!participation) throw new HttpError(403, NOT_AUTHORIZED);
  return participation;
}

export async function assertParticipant(db: Db, conversationId: number, userId: number): Promise<void> {
  await requireParticipation(db, conversationId, userId);
}

export interface SendInput {
  conversationId: number;
  body: string;
  /** The dog whose owner a -1 conversation is with (resolved from startNewConversationTo). */
  toPet: ChatPetRow | null;
}

/** The conversation a send goes to: one the sender is in, or undefined when it is to be started with the dog's owner (or is not theirs). */
async function conversationOfSend(trx: Db, user: User, input: SendInput): Promise<number | undefined> {
  const target =
    input.conversationId !== NEW_CONVERSATION_ID
      ? trx('conversation_participants').where({ conversation_id: input.conversationId, user_id: user.id }).select('conversation_id')
      : conversationBetweenQuery(trx, user.id, input.toPet!.ownerId);
  const [conversation] = await target.limit(1);
  return conversation?.conversation_id;
}

/** A new conversation with the owner of `pet`, named after the sender's first dog and theirs. */
async function startConversation(trx: Db, user: User, pet: ChatPetRow): Promise<number> {
  const myPetNum = await firstOwnedPetNum(trx, user.id);
  const myPetName = myPetNum ? ((await ownPetsByNum(trx, [myPetNum])).get(myPetNum)?.name ?? null) : null;
  const [{ id }] = await trx('conversations')
    .insert({ subject: conversationSubject(myPetName, pet.name), created_by_user_id: user.id, about_pet_num: pet.petNum })
    .returning('id');
  await trx('conversation_participants').insert([
    { conversation_id: id, user_id: user.id, pet_num: myPetNum },
    { conversation_id: id, user_id: pet.ownerId, pet_num: pet.petNum },
  ]);
  return id;
}

/**
 * POST /members/chat/send-message. A user's sends take turns (an advisory lock), so two first
 * messages to one owner start one conversation. The send counts against the limit on the
 * transaction's connection: a send refused further on, or failing, takes its point back with the
 * rollback, so only sent messages count. The reads and writes go in as few statements as they can.
 */
export async function sendMessage(db: Db, user: User, input: SendInput): Promise<SendMessageResponse> {
  const starting = input.conversationId === NEW_CONVERSATION_ID;
  if (starting && !input.toPet) throw new HttpError(400, INVALID_ARGUMENTS);
  if (starting && input.toPet!.ownerId === user.id) throw new HttpError(400, CHAT_WITH_YOURSELF);
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [SEND_LOCK_NAMESPACE, user.id]);
    if (!(await consumed(rateLimiter(db, SENDS, trx).consume(user.id)))) throw new HttpError(429, CHAT_RATE_LIMITED);
    const found = await conversationOfSend(trx, user, input);
    if (!starting && found === undefined) throw new HttpError(403, NOT_AUTHORIZED);
    const conversationId = found ?? (await startConversation(trx, user, input.toPet!));
    const { recipients, blocks } = await othersWithBlocks(trx, conversationId, user.id);
    if (blocks.blocked) throw new HttpError(403, CHAT_BLOCKED);
    // the message, the conversation's last activity and the live event, in one statement
    const { rows } = await trx.raw<{ rows: { id: number; body: string; created_at: Date }[] }>(
      `with sent as (insert into messages (conversation_id, created_by_user_id, body) values (?, ?, ?) returning id, body, created_at),
            touched as (update conversations set last_message_at = (select created_at from sent) where id = ?),
            told as (select pg_notify(?, ?) as notified)
       select sent.id, sent.body, sent.created_at from sent, told`,
      [conversationId, user.id, input.body, conversationId, CHAT_CHANNEL, JSON.stringify({ conversationId, userIds: [...recipients, user.id] })],
    );
    const [row] = rows;
    await queueNewMessageNotices(trx, { conversationId, messageId: Number(row.id), senderName: user.name, recipientIds: recipients });
    const response: SendMessageResponse = { sentMessage: toMessage(row) };
    if (starting) response.startedConversation = { conversationId };
    return response;
  });
}

/**
 * Opening a conversation reads its messages: read statuses for the others' messages the user
 * sees, and a fresh allowance of one e-mail notice. Writes nothing when all was read already.
 */
export async function markConversationRead(db: Db, conversationId: number, userId: number): Promise<number> {
  return db.transaction(async (trx) => {
    const { rows } = await trx.raw<{ rows: { message_id: number }[] }>(
      `insert into message_read_statuses (message_id, user_id)
       select m.id, me.user_id from messages m
       join conversation_participants me on me.conversation_id = m.conversation_id and me.user_id = ?
       where m.conversation_id = ? and m.created_by_user_id <> me.user_id
         and (me.cleared_at is null or m.created_at > me.cleared_at)
       on conflict do nothing
       returning message_id`,
      [userId, conversationId],
    );
    if (rows.length > 0) {
      await trx('conversation_participants')
        .where({ conversation_id: conversationId, user_id: userId })
        .update({ last_read_at: trx.fn.now(), email_notice_sent_at: null });
      // The others' "Read:" receipts move.
      await notifyChat(trx, { conversationId, userIds: await otherParticipantIds(trx, conversationId, userId) });
    }
    return rows.length;
  });
}

/** GET /members/chat/delete-messages-in-conversation/{id}: hides its messages for this user only. */
export async function clearConversation(db: Db, conversationId: number, userId: number): Promise<void> {
  await db.transaction(async (trx) => {
    await requireParticipation(trx, conversationId, userId);
    await trx('conversation_participants')
      .where({ conversation_id: conversationId, user_id: userId })
      .update({ cleared_at: trx.fn.now(), email_notice_sent_at: null });
  });
}

const blockResponse = (conversationId: number, state: BlockState): BlockResponse => ({ conversationId, ...state });

/** PUT /members/chat/block: the user blocks the other participant; sends stop both ways. */
export async function blockConversation(db: Db, conversationId: number, userId: number): Promise<BlockResponse> {
  return db.transaction(async (trx) => {
    await requireParticipation(trx, conversationId, userId);
    const others = await otherParticipantIds(trx, conversationId, userId);
    if (others.length === 0) throw new HttpError(400, INVALID_ARGUMENTS);
    await trx('blocks')
      .insert(others.map((other) => ({ blocker_user_id: userId, blocked_user_id: other, conversation_id: conversationId })))
      .onConflict(['blocker_user_id', 'blocked_user_id'])
      .ignore();
    await notifyChat(trx, { conversationId, userIds: others });
    return blockResponse(conversationId, await blockState(trx, userId, others));
  });
}

/** DELETE /members/chat/block: lifts the user's own block; a block by the other stays theirs. */
export async function unblockConversation(db: Db, conversationId: number, userId: number): Promise<BlockResponse> {
  return db.transaction(async (trx) => {
    await requireParticipation(trx, conversationId, userId);
    const others = await otherParticipantIds(trx, conversationId, userId);
    const before = await blockState(trx, userId, others);
    if (before.blocked && !before.blockedByMe) throw new HttpError(403, CHAT_NOT_YOUR_BLOCK);
    if (others.length > 0) await trx('blocks').where('blocker_user_id', userId).whereIn('blocked_user_id', others).delete();
    await notifyChat(trx, { conversationId, userIds: others });
    return blockResponse(conversationId, await blockState(trx, userId, others));
  });
}
