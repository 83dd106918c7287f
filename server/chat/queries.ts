// Reads of the chat. Every function takes the database (or a transaction) as its first argument.
import type { Db } from '../db/index.js';
import { profileImageUrl } from '../pets/images.js';
import type { ChatPet, Message } from '../shared/chat-types.js';

export interface ChatPetRow extends ChatPet {
  petNum: number;
  ownerId: number;
  ownerName: string;
}

export interface PetRow {
  pet_num: number;
  handle: string;
  name: string;
  call_name: string | null;
  profile_image_public_id: string | null;
  owner_id: number;
  owner_name: string;
}

function toChatPet(row: PetRow): ChatPetRow {
  return {
    petNum: row.pet_num,
    handle: row.handle,
    name: row.call_name || row.name,
    petImageUrl: profileImageUrl({ profileImagePublicId: row.profile_image_public_id }),
    ownerId: row.owner_id,
    ownerName: row.owner_name,
  };
}

const PET_ROW_COLUMNS = ['pets.pet_num', 'pets.handle', 'pets.name', 'pets.call_name', 'pets.profile_image_public_id', 'pet_owners.user_id as owner_id', 'users.name as owner_name'];

/** Dogs other members may see: not deleted, not hidden, not private (DESIGN.md "Who may do what"). */
function visiblePetsQuery(db: Db) {
  return db('pets')
    .join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num')
    .join('users', 'users.id', 'pet_owners.user_id')
    .whereNull('pets.deleted_at')
    .where('pets.is_hidden', false)
    .whereNot('pets.privacy', 'private')
    .select(PET_ROW_COLUMNS);
}

/** The dog of /members/chat?to={handle}, whoever may see it: the caller checks that (chat/target.ts). */
export interface ChatTargetRow {
  petNum: number;
  /** Other members may see the dog (not hidden, not private). */
  isVisible: boolean;
  /** The dog with its primary owner; null when no member owns it (a patient its vet practice registered). */
  pet: ChatPetRow | null;
}

export async function findChatTargetByHandle(db: Db, handle: string): Promise<ChatTargetRow | undefined> {
  const row: (Omit<PetRow, 'owner_id' | 'owner_name'> & { owner_id: number | null; owner_name: string | null; is_visible: boolean }) | undefined = await db('pets')
    .leftJoin('pet_owners', 'pet_owners.pet_num', 'pets.pet_num')
    .leftJoin('users', 'users.id', 'pet_owners.user_id')
    .whereNull('pets.deleted_at')
    .where('pets.handle', handle)
    .orderBy('pet_owners.is_primary', 'desc')
    .orderBy('pet_owners.created_at')
    .first([...PET_ROW_COLUMNS, db.raw("(not pets.is_hidden and pets.privacy <> 'private') as is_visible")]);
  if (!row) return undefined;
  const { owner_id: ownerId, owner_name: ownerName } = row;
  return { petNum: row.pet_num, isVisible: row.is_visible, pet: ownerId === null ? null : toChatPet({ ...row, owner_id: ownerId, owner_name: ownerName ?? '' }) };
}

/** Visible dogs of each given owner, oldest first. */
export async function visiblePetsOfUsers(db: Db, userIds: readonly number[]): Promise<Map<number, ChatPetRow[]>> {
  return userIds.length === 0 ? new Map() : visiblePetsByOwner((await visiblePetsOfUsersQuery(db, userIds)) as PetRow[]);
}

/** The dogs of `userIds` other members may see, oldest first (a query to read with others). */
export const visiblePetsOfUsersQuery = (db: Db, userIds: readonly number[]) =>
  visiblePetsQuery(db).whereIn('pet_owners.user_id', userIds).orderBy('pets.created_at').orderBy('pets.pet_num');

export function visiblePetsByOwner(rows: readonly PetRow[]): Map<number, ChatPetRow[]> {
  const byOwner = new Map<number, ChatPetRow[]>();
  for (const row of rows) {
    const pet = toChatPet(row);
    byOwner.set(pet.ownerId, [...(byOwner.get(pet.ownerId) ?? []), pet]);
  }
  return byOwner;
}

/** Any of the user's own dogs (hidden or private ones too), by pet number. */
export async function ownPetsByNum(db: Db, petNums: readonly number[]): Promise<Map<number, ChatPet>> {
  return ownPetsFrom(petNums.length ? await ownPetsQuery(db, petNums) : []);
}

/** The user's dogs `petNums` (a query to read with others). */
export const ownPetsQuery = (db: Db, petNums: readonly number[]) =>
  db('pets').whereIn('pet_num', petNums).whereNull('deleted_at').select('pet_num', 'handle', 'name', 'call_name', 'profile_image_public_id');

export function ownPetsFrom(rows: readonly Omit<PetRow, 'owner_id' | 'owner_name'>[]): Map<number, ChatPet> {
  return new Map(
    rows.map((row: Omit<PetRow, 'owner_id' | 'owner_name'>) => [
      row.pet_num,
      { handle: row.handle, name: row.call_name || row.name, petImageUrl: profileImageUrl({ profileImagePublicId: row.profile_image_public_id }) },
    ]),
  );
}

/** The user's dog a new conversation is about: their oldest dog, or null without one. */
export async function firstOwnedPetNum(db: Db, userId: number): Promise<number | null> {
  const row = await db('pet_owners')
    .join('pets', 'pets.pet_num', 'pet_owners.pet_num')
    .where('pet_owners.user_id', userId)
    .whereNull('pets.deleted_at')
    .orderBy('pets.created_at')
    .orderBy('pets.pet_num')
    .first('pets.pet_num');
  return row?.pet_num ?? null;
}

export interface Participation {
  conversationId: number;
  userId: number;
  petNum: number | null;
  clearedAt: Date | null;
  emailNoticeSentAt: Date | null;
}

/** The user's place in a conversation, or undefined when they are not in it. */
export async function findParticipation(db: Db, conversationId: number, userId: number): Promise<Participation | undefined> {
  return db('conversation_participants')
    .where({ conversation_id: conversationId, user_id: userId })
    .first<Participation | undefined>({
      conversationId: 'conversation_id',
      userId: 'user_id',
      petNum: 'pet_num',
      clearedAt: 'cleared_at',
      emailNoticeSentAt: 'email_notice_sent_at',
    });
}

export async function otherParticipantIds(db: Db, conversationId: number, userId: number): Promise<number[]> {
  return db('conversation_participants').where('conversation_id', conversationId).whereNot('user_id', userId).orderBy('user_id').pluck('user_id');
}

/** The two-person conversation between two users, when one exists (as `conversation_id`). */
export const conversationBetweenQuery = (db: Db, userId: number, otherUserId: number) =>
  db('conversation_participants as me')
    .join('conversation_participants as other', 'other.conversation_id', 'me.conversation_id')
    .where({ 'me.user_id': userId, 'other.user_id': otherUserId })
    .whereNotExists(
      db('conversation_participants as third').whereRaw('third.conversation_id = me.conversation_id').whereNotIn('third.user_id', [userId, otherUserId]),
    )
    .orderBy('me.conversation_id')
    .select('me.conversation_id');

export async function conversationBetween(db: Db, userId: number, otherUserId: number): Promise<number | undefined> {
  return (await conversationBetweenQuery(db, userId, otherUserId).first())?.conversation_id;
}

export interface BlockState {
  blocked: boolean;
  blockedByMe: boolean;
}

/** Blocks between the user and any of the others, in either direction. */
export async function blockState(db: Db, userId: number, otherUserIds: readonly number[]): Promise<BlockState> {
  if (otherUserIds.length === 0) return { blocked: false, blockedByMe: false };
  const rows: { blocker_user_id: number }[] = await db('blocks')
    .where((q) => q.where('blocker_user_id', userId).whereIn('blocked_user_id', otherUserIds))
    .orWhere((q) => q.where('blocked_user_id', userId).whereIn('blocker_user_id', otherUserIds))
    .select('blocker_user_id');
  return { blocked: rows.length > 0, blockedByMe: rows.some((row) => row.blocker_user_id === userId) };
}

/** The conversation's other members, each with whether a block stands between them and the user. */
export async function othersWithBlocks(db: Db, conversationId: number, userId: number): Promise<{ recipients: number[]; blocks: BlockState }> {
  const rows: { user_id: number; blocked_by_me: boolean; blocked_me: boolean }[] = await db('conversation_participants as cp')
    .where('cp.conversation_id', conversationId)
    .whereNot('cp.user_id', userId)
    .orderBy('cp.user_id')
    .select(
      'cp.user_id',
      db.raw('exists (select 1 from blocks b where b.blocker_user_id = ? and b.blocked_user_id = cp.user_id) as blocked_by_me', [userId]),
      db.raw('exists (select 1 from blocks b where b.blocked_user_id = ? and b.blocker_user_id = cp.user_id) as blocked_me', [userId]),
    );
  const blockedByMe = rows.some((row) => row.blocked_by_me);
  return { recipients: rows.map((row) => row.user_id), blocks: { blocked: blockedByMe || rows.some((row) => row.blocked_me), blockedByMe } };
}

const iso = (value: Date | string): string => new Date(value).toISOString();

/** The messages the user sees in a conversation (those after their cleared_at), oldest first. */
export async function listMessages(db: Db, conversationId: number, userId: number, clearedAt: Date | null): Promise<Message[]> {
  const rows: { id: number; body: string; created_by_user_id: number; created_at: Date }[] = await db('messages')
    .where('conversation_id', conversationId)
    .modify((q) => {
      if (clearedAt) q.where('created_at', '>', clearedAt);
    })
    .orderBy('created_at')
    .orderBy('id')
    .select('id', 'body', 'created_by_user_id', 'created_at');
  const statuses: { message_id: number; user_id: number; read_at: Date }[] = rows.length
    ? await db('message_read_statuses')
        .whereIn(
          'message_id',
          rows.map((row) => row.id),
        )
        .select('message_id', 'user_id', 'read_at')
    : [];
  const readBy = new Map<number, Message['allReadStatuses']>();
  for (const status of statuses) {
    const id = Number(status.message_id);
    readBy.set(id, [...(readBy.get(id) ?? []), { userId: status.user_id, readAt: iso(status.read_at) }]);
  }
  return rows.map((row) => ({
    id: Number(row.id),
    body: row.body,
    createdByMe: row.created_by_user_id === userId,
    createdAt: iso(row.created_at),
    allReadStatuses: readBy.get(Number(row.id)) ?? [],
  }));
}

export function toMessage(row: { id: number | string; body: string; created_at: Date | string }): Message {
  return { id: Number(row.id), body: row.body, createdByMe: true, createdAt: iso(row.created_at), allReadStatuses: [] };
}


/** Picture of the other owner's dog in the conversation, when others may see it (get-messages' petImageUrl). */
export async function conversationPetImageUrl(db: Db, conversationId: number, userId: number): Promise<string | null> {
  const row = await db('conversation_participants as other')
    .join('pets', 'pets.pet_num', 'other.pet_num')
    .where('other.conversation_id', conversationId)
    .whereNot('other.user_id', userId)
    .whereNull('pets.deleted_at')
    .where('pets.is_hidden', false)
    .whereNot('pets.privacy', 'private')
    .orderBy('other.user_id')
    .first('pets.profile_image_public_id');
  return row ? profileImageUrl({ profileImagePublicId: row.profile_image_public_id }) : null;
}
