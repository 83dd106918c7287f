import { createHmac } from 'node:crypto';
import type { Db } from '../db/index.js';
import { petNumIn, type PetRead } from '../pets/reads.js';
import { PET_COLUMNS, type Pet } from '../pets/queries.js';
import type { User } from '../users/queries.js';
import { profileVisibility, type ProfileVisibility } from './visibility.js';

export interface PublicDog extends Pet {
  isDeleted: boolean;
  prefixTitles: string[];
  suffixTitles: string[];
}

/**
 * A dog by its handle, hidden and deleted ones included (the visibility rule decides about those),
 * and whether the account `ownerId` owns it.
 */
export async function findDogByHandle(db: Db, handle: string, ownerId?: number): Promise<(PublicDog & { isOwnedBy: boolean }) | undefined> {
  const row = await db('pets')
    .where('pets.handle', handle)
    .first({
      ...PET_COLUMNS,
      deletedAt: 'pets.deleted_at',
      prefixTitles: 'pets.prefix_titles',
      suffixTitles: 'pets.suffix_titles',
      isOwnedBy: ownerId ? db.raw('exists (select 1 from pet_owners o where o.pet_num = pets.pet_num and o.user_id = ?)', [ownerId]) : db.raw('false'),
    });
  if (!row) return undefined;
  const { deletedAt, prefixTitles, suffixTitles, ...pet } = row;
  return { ...pet, isDeleted: deletedAt != null, prefixTitles: titleList(prefixTitles), suffixTitles: titleList(suffixTitles) };
}

function titleList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value === 'string') return value.split(',').map((title) => title.trim()).filter(Boolean);
  return [];
}

export async function isOwnerOf(db: Db, petNum: number, userId: number): Promise<boolean> {
  return Boolean(await db('pet_owners').where({ pet_num: petNum, user_id: userId }).first(db.raw('1 as found')));
}

export interface VisibleDog {
  dog: PublicDog;
  visibility: ProfileVisibility;
  viewerIsOwner: boolean;
}

/** The dog behind a handle and what the current visitor may see of it; undefined for an unknown handle. */
export async function dogForViewer(db: Db, handle: string, user: User | undefined): Promise<VisibleDog | undefined> {
  const found = await findDogByHandle(db, handle, user?.id);
  if (!found) return undefined;
  const { isOwnedBy: viewerIsOwner, ...dog } = found;
  const visibility = profileVisibility({ privacy: dog.privacy, isHidden: dog.isHidden, isDeleted: dog.isDeleted }, { signedIn: Boolean(user), isAdmin: Boolean(user?.isAdmin), isOwner: viewerIsOwner });
  return { dog, visibility, viewerIsOwner };
}

/** Wags: the likes given to the dog's photos and videos. */
export async function totalLikes(db: Db, petNum: number): Promise<number> {
  const row = await db('media_likes').join('media', 'media.id', 'media_likes.media_id').where('media.pet_num', petNum).first(db.raw('count(*)::int as n'));
  return Number(row?.n ?? 0);
}

export async function profileViewCount(db: Db, petNum: number): Promise<number> {
  const row = await db('profile_views_by_day').where({ pet_num: petNum }).first(db.raw('coalesce(sum(view_count), 0)::int as n'));
  return Number(row?.n ?? 0);
}

/**
 * Who is looking, as a key that counts one view per visitor per day: the user, or for a signed-out
 * visitor a keyed hash of address and browser (no cookie, no session, nothing reversible stored).
 */
export function visitorKey(secret: string, visitor: { userId?: number; ip: string; userAgent: string }): string {
  if (visitor.userId) return `u:${visitor.userId}`;
  return `a:${createHmac('sha256', secret).update(`${visitor.ip}\n${visitor.userAgent}`).digest('base64url').slice(0, 32)}`;
}

export interface ProfileView {
  petNum: number;
  visitorKey: string;
  /** YYYY-MM-DD */
  date: string;
}

/**
 * Counts each view unless its visitor was already counted that day for that dog: the views of
 * many visits in one statement (no transaction to open and close per view), safe under races.
 */
export async function recordProfileViews(db: Db, views: ProfileView[]): Promise<void> {
  if (views.length === 0) return;
  await db.raw(
    `with visit as (
       select * from unnest(?::int[], ?::date[], ?::text[]) as v(pet_num, viewed_at_date, visitor_key)
     ), counted as (
       insert into profile_view_visitors (pet_num, viewed_at_date, visitor_key) select * from visit on conflict do nothing returning pet_num, viewed_at_date
     )
     insert into profile_views_by_day (pet_num, viewed_at_date, view_count) select pet_num, viewed_at_date, count(*) from counted group by pet_num, viewed_at_date
     on conflict (pet_num, viewed_at_date) do update set view_count = profile_views_by_day.view_count + excluded.view_count`,
    [views.map((view) => view.petNum), views.map((view) => view.date), views.map((view) => view.visitorKey)],
  );
}

/** Each dog's wags (the likes of its photos and videos) and its stored profile views (see totalLikes and profileViewCount). */
export const LIKES_AND_VIEWS: PetRead<{ likes: number; views: number }> = {
  queries: (db, petNums) => ({
    likes: db('media_likes').join('media', 'media.id', 'media_likes.media_id').where(petNumIn(db, 'media.pet_num', petNums)).groupBy('media.pet_num').select({ petNum: 'media.pet_num' }, db.raw('count(*)::int as n')),
    views: db('profile_views_by_day').where(petNumIn(db, 'pet_num', petNums)).groupBy('pet_num').select({ petNum: 'pet_num' }, db.raw('sum(view_count)::int as n')),
  }),
  assemble({ likes, views }, petNums) {
    const likesOf = new Map(likes.map((row) => [row.petNum, Number(row.n)]));
    const viewsOf = new Map(views.map((row) => [row.petNum, Number(row.n)]));
    return new Map(petNums.map((petNum) => [petNum, { likes: likesOf.get(petNum) ?? 0, views: viewsOf.get(petNum) ?? 0 }]));
  },
  missing: () => ({ likes: 0, views: 0 }),
};
