// The conversation list of spec 1 §3 / spec 2 §3, built in a few set-based queries per call
// (the chat page polls it, so it stays cheap however many conversations a user has).
import type { Db } from '../db/index.js';
import { countUnreadMessages } from './unread.js';
import { blockState, conversationBetween, firstOwnedPetNum, ownPetsByNum, ownPetsFrom, ownPetsQuery, visiblePetsByOwner, visiblePetsOfUsers, visiblePetsOfUsersQuery, type ChatPetRow, type PetRow } from './queries.js';
import { readTogether } from '../db/read-together.js';
import { pgArray } from '../pets/reads.js';
import { conversationSubject, messageSnippet, NEW_CONVERSATION_ID } from '../shared/chat-rules.js';
import { currentGenotypesQuery, likenessScores, pairKey, type CurrentGenotype, type LikenessPair } from '../relatives/likeness.js';
import type { ChatPet, Conversation, GetConversationsResponse } from '../shared/chat-types.js';

interface SummaryRow {
  conversation_id: number;
  subject: string | null;
  /** The other participant's dog in the conversation: the one it is about, seen from the side that started it. */
  other_pet_num: number | null;
  my_pet_num: number | null;
  participant_user_ids: number[];
  other_user_id: number | null;
  to_user_name: string | null;
  num_messages: number | string;
  num_unread: number | string;
  last_body: string | null;
  last_message_at: Date | null;
  other_last_read_at: Date | null;
}

// One row per conversation of the user; counts and the latest message only cover what the user
// still sees (messages after their own cleared_at).
const SUMMARY_SQL = `
select c.id as conversation_id, c.subject, other.pet_num as other_pet_num, me.pet_num as my_pet_num,
  (select array_agg(p.user_id order by p.user_id) from conversation_participants p where p.conversation_id = c.id) as participant_user_ids,
  other.user_id as other_user_id, u.name as to_user_name, other.last_read_at as other_last_read_at,
  (select count(*) from messages m where m.conversation_id = c.id and (me.cleared_at is null or m.created_at > me.cleared_at)) as num_messages,
  (select count(*) from messages m where m.conversation_id = c.id and (me.cleared_at is null or m.created_at > me.cleared_at)
     and m.created_by_user_id <> me.user_id
     and not exists (select 1 from message_read_statuses r where r.message_id = m.id and r.user_id = me.user_id)) as num_unread,
  last.body as last_body, last.created_at as last_message_at
from conversation_participants me
join conversations c on c.id = me.conversation_id
left join lateral (
  select p.user_id, p.pet_num, p.last_read_at from conversation_participants p
  where p.conversation_id = c.id and p.user_id <> me.user_id order by p.user_id limit 1
) other on true
left join users u on u.id = other.user_id
left join lateral (
  select m.body, m.created_at from messages m
  where m.conversation_id = c.id and (me.cleared_at is null or m.created_at > me.cleared_at)
  order by m.created_at desc, m.id desc limit 1
) last on true
where me.user_id = ?`;

function latest(...times: (Date | null)[]): string | null {
  const present = times.filter((time): time is Date => time != null).map((time) => new Date(time).getTime());
  return present.length ? new Date(Math.max(...present)).toISOString() : null;
}

/** The other side's dogs the conversation is about, with their likeness to the user's own dog. */
function petsWithLikeness(ownPetNum: number | null, aboutPets: readonly ChatPetRow[], scores: Map<string, number | null>) {
  return aboutPets.map(({ handle, name, petImageUrl, petNum }) => ({
    handle,
    name,
    petImageUrl,
    likenessScore: ownPetNum === null ? null : (scores.get(pairKey({ ownPetNum, otherPetNum: petNum })) ?? null),
  }));
}

const likenessPairs = (ownPetNum: number | null, toUserPets: readonly ChatPetRow[]): LikenessPair[] =>
  ownPetNum === null ? [] : toUserPets.map((pet) => ({ ownPetNum, otherPetNum: pet.petNum }));

const publicPet = ({ handle, name, petImageUrl }: ChatPet): ChatPet => ({ handle, name, petImageUrl });

/**
 * The user's conversations, newest activity first. A conversation the user deleted and that has
 * no newer message is left out, unless it is `includeId` (the one ?to= opens).
 */
export async function listConversations(db: Db, userId: number, includeId: number | null = null): Promise<Conversation[]> {
  const { rows } = await db.raw<{ rows: SummaryRow[] }>(SUMMARY_SQL, [userId]);
  const shown = rows.filter((row) => Number(row.num_messages) > 0 || row.conversation_id === includeId);
  const otherIds = [...new Set(shown.map((row) => row.other_user_id).filter((id): id is number => id != null))];
  const myPetNums = shown.map((row) => row.my_pet_num).filter((num): num is number => num != null);
  // the other members' dogs, the user's own, the blocks between them and the dogs' genotypes: one statement
  const read = await readTogether(db, {
    pets: visiblePetsOfUsersQuery(db, otherIds),
    mine: ownPetsQuery(db, myPetNums),
    blocks: blocksWithQuery(db, userId, otherIds),
    genotypes: currentGenotypesQuery(db, visiblePetsOfUsersQuery(db, otherIds).clearSelect().clearOrder().select('pets.pet_num').union((q) => q.select(db.raw('unnest(?::int[])', [pgArray(myPetNums)])))),
  });
  const petsByOwner = visiblePetsByOwner(read.pets as PetRow[]);
  const myPets = ownPetsFrom(read.mine as PetRow[]);
  const blocks = blocksFrom(userId, read.blocks as BlockRow[]);
  const toUserPetsOf = (row: SummaryRow) => (row.other_user_id ? (petsByOwner.get(row.other_user_id) ?? []) : []);
  // spec 2 §3: a conversation's pets are the dog it is about (while other members may see it), not all the other owner's
  const aboutPetsOf = (row: SummaryRow) => toUserPetsOf(row).filter((pet) => pet.petNum === row.other_pet_num);
  const scores = await likenessScores(db, shown.flatMap((row) => likenessPairs(row.my_pet_num, aboutPetsOf(row))), read.genotypes as CurrentGenotype[]);
  return shown
    .map((row): Conversation => {
      const toUserPets = toUserPetsOf(row);
      const activeUserPet = row.my_pet_num ? (myPets.get(row.my_pet_num) ?? null) : null;
      const block = row.other_user_id ? blocks.get(row.other_user_id) : undefined;
      return {
        conversation_id: row.conversation_id,
        participant_user_ids: (row.participant_user_ids ?? []).map(Number),
        most_recent_message_snippet: messageSnippet(row.last_body),
        toUserPets: toUserPets.map(publicPet),
        toUserName: row.to_user_name ?? '',
        subject: row.subject || row.to_user_name || '',
        num_messages: Number(row.num_messages),
        num_unread: Number(row.num_unread),
        blocked: Boolean(block),
        blockedByMe: block === 'byMe',
        activeUserPet,
        pets: petsWithLikeness(row.my_pet_num, aboutPetsOf(row), scores),
        lastActivityAt: latest(row.last_message_at, row.other_last_read_at),
      };
    })
    .sort((a, b) => (b.lastActivityAt ?? '').localeCompare(a.lastActivityAt ?? '') || b.conversation_id - a.conversation_id);
}

interface BlockRow {
  blocker_user_id: number;
  blocked_user_id: number;
}

/** The blocks between the user and `otherIds`, either way. */
const blocksWithQuery = (db: Db, userId: number, otherIds: readonly number[]) =>
  db('blocks')
    .where((q) => q.where('blocker_user_id', userId).whereIn('blocked_user_id', otherIds))
    .orWhere((q) => q.where('blocked_user_id', userId).whereIn('blocker_user_id', otherIds))
    .select('blocker_user_id', 'blocked_user_id');

/** Per other user: 'byMe' when the user blocked them, 'byThem' when only they blocked the user. */
function blocksFrom(userId: number, rows: readonly BlockRow[]): Map<number, 'byMe' | 'byThem'> {
  const found = new Map<number, 'byMe' | 'byThem'>();
  for (const row of rows) {
    if (row.blocker_user_id === userId) found.set(row.blocked_user_id, 'byMe');
    else if (!found.has(row.blocker_user_id)) found.set(row.blocker_user_id, 'byThem');
  }
  return found;
}

/** The unsaved conversation -1 with the owner of `pet` (spec 1 §4). */
async function newConversationWith(db: Db, userId: number, pet: ChatPetRow): Promise<Conversation> {
  const [myPetNum, petsByOwner, block] = await Promise.all([
    firstOwnedPetNum(db, userId),
    visiblePetsOfUsers(db, [pet.ownerId]),
    blockState(db, userId, [pet.ownerId]),
  ]);
  const activeUserPet = myPetNum ? ((await ownPetsByNum(db, [myPetNum])).get(myPetNum) ?? null) : null;
  const toUserPets = petsByOwner.get(pet.ownerId) ?? [];
  const scores = await likenessScores(db, likenessPairs(myPetNum ?? null, [pet]));
  return {
    conversation_id: NEW_CONVERSATION_ID,
    participant_user_ids: [userId, pet.ownerId].sort((a, b) => a - b),
    most_recent_message_snippet: null,
    toUserPets: toUserPets.map(publicPet),
    toUserName: pet.ownerName,
    subject: conversationSubject(activeUserPet?.name ?? null, pet.name),
    num_messages: 0,
    num_unread: 0,
    ...block,
    activeUserPet,
    pets: petsWithLikeness(myPetNum ?? null, [pet], scores),
    lastActivityAt: null,
  };
}

/** GET /members/chat/get-conversations: the list, plus the chat ?to= opens when a dog is given. */
export async function conversationsFor(db: Db, userId: number, toPet: ChatPetRow | null, knownUnread?: number): Promise<GetConversationsResponse> {
  const existingId = toPet ? await conversationBetween(db, userId, toPet.ownerId) : undefined;
  // a page has the count from the header's (read with the session)
  const [conversations, numUnreadMessages] = await Promise.all([listConversations(db, userId, existingId ?? null), knownUnread ?? countUnreadMessages(db, userId)]);
  if (toPet && existingId === undefined) conversations.unshift(await newConversationWith(db, userId, toPet));
  return {
    conversations,
    toPetDetails: toPet ? { handle: toPet.handle, name: toPet.name, petImageUrl: toPet.petImageUrl, ownerName: toPet.ownerName } : null,
    openConversationId: toPet ? (existingId ?? NEW_CONVERSATION_ID) : null,
    numUnreadMessages,
  };
}

