// The admin data tables' searches (spec 1 §2, §5, §7; issue 16). A text search matches names,
// e-mails, handles and codes by substring through their trigram indexes: each matching column is
// searched on its own (so each uses its index) and the ids are united, at most 500 of them.
// Every step keeps the lowest ids (spec 1 §8): the 500 lowest of each column's matches hold the
// 500 lowest of their union, so a search over the limit always answers the same first 500 rows,
// the ones the limit-hit warning and the exports speak of.
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import { ADMIN_TABLE_ROW_LIMIT, type AdminSearch, type AdminTableName } from '../shared/admin-search-rules.js';
import type { AdminRow, AdminSearchResult } from '../shared/admin-table-types.js';

export type { AdminRow, AdminSearchResult } from '../shared/admin-table-types.js';

const LIMIT = ADMIN_TABLE_ROW_LIMIT;

/** The 500 lowest distinct ids a query selects (as `id`). */
function lowestIds(query: Knex.QueryBuilder): Knex.QueryBuilder {
  return query.distinct().orderBy('id').limit(LIMIT);
}

/** `select distinct <id> from … where <text> ilike ? order by <id> limit 500`, one per searched expression. */
function matching(db: Db, table: string, idColumn: string, expressions: string[], pattern: string, scope: (query: Knex.QueryBuilder) => Knex.QueryBuilder = (query) => query): Knex.QueryBuilder[] {
  return expressions.map((expression) => lowestIds(scope(db(table).select(db.raw(`${idColumn} as id`)).whereRaw(`${expression} ilike ?`, [pattern]))));
}

/** The 500 lowest ids of the queries' union, as a subquery usable in `where … in`. */
function unionOf(db: Db, queries: Knex.QueryBuilder[]): Knex.QueryBuilder {
  const union = queries.map(() => '(?)').join(' union ');
  return db.select('id').from(db.raw(`(${union}) as matched`, queries)).orderBy('id').limit(LIMIT);
}

function isoDate(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

// ---- pets_info

function petIds(db: Db, search: AdminSearch): Knex.QueryBuilder {
  if (search.kind === 'id') {
    return unionOf(db, [
      db('pets').select('pet_num as id').where('pet_num', search.id),
      db('swabs').select('pet_num as id').where('id', search.id).whereNotNull('pet_num'),
    ]);
  }
  const pattern = search.kind === 'text' ? search.pattern : '';
  // Deleted dogs are never listed, so they must not take any of the 500 places.
  const listed = (query: Knex.QueryBuilder) => query.whereNull('deleted_at');
  const listedPet = (query: Knex.QueryBuilder, petNum: string) => query.whereExists(db('pets').select(db.raw('1')).whereRaw(`pets.pet_num = ${petNum}`).whereNull('pets.deleted_at'));
  return unionOf(db, [
    ...matching(db, 'pets', 'pet_num', ['name', 'handle::text', 'call_name'], pattern, listed),
    lowestIds(listedPet(db('users').join('pet_owners', 'pet_owners.user_id', 'users.id').select('pet_owners.pet_num as id').whereRaw('users.email::text ilike ?', [pattern]), 'pet_owners.pet_num')),
    lowestIds(listedPet(db('swabs').select('swabs.pet_num as id').whereRaw('swab_code::text ilike ?', [pattern]).whereNotNull('swabs.pet_num'), 'swabs.pet_num')),
  ]);
}

async function searchPets(db: Db, search: AdminSearch): Promise<AdminRow[]> {
  const rows = await db('pets as p')
    .whereIn('p.pet_num', petIds(db, search))
    .whereNull('p.deleted_at')
    .joinRaw(
      `left join lateral (select u.id, u.name, u.email from pet_owners po join users u on u.id = po.user_id
        where po.pet_num = p.pet_num order by po.is_primary desc, po.created_at limit 1) owner on true`,
    )
    .joinRaw('left join lateral (select s.swab_code, s.swab_state from swabs s where s.pet_num = p.pet_num order by s.id desc limit 1) swab on true')
    .select('p.pet_num', 'p.name', 'p.handle', 'p.sex', 'p.breed_type', 'p.created_at', 'owner.id as owner_id', 'owner.name as owner_name', 'owner.email as owner_email', 'swab.swab_code', 'swab.swab_state')
    .orderBy('p.pet_num')
    .limit(LIMIT);
  return rows.map((row) => ({
    petNum: row.pet_num,
    name: row.name,
    handle: row.handle,
    sex: row.sex,
    breedType: row.breed_type,
    userId: row.owner_id,
    ownerName: row.owner_name,
    ownerEmail: row.owner_email,
    swabCode: row.swab_code,
    swabState: row.swab_state,
    createdAt: isoDate(row.created_at),
    impersonateEmail: row.owner_email,
  }));
}

// ---- users

function userIds(db: Db, search: AdminSearch): Knex.QueryBuilder {
  if (search.kind === 'id') return unionOf(db, [db('users').select('id').where('id', search.id)]);
  const pattern = search.kind === 'text' ? search.pattern : '';
  return unionOf(db, matching(db, 'users', 'id', ['name', 'email::text', 'breeder_name'], pattern));
}

function staffRoles(row: { is_admin: boolean; can_impersonate_as_sub_admin: boolean; is_staff: boolean; can_scan_kits: boolean }): string {
  const roles = [row.is_admin && 'admin', row.can_impersonate_as_sub_admin && 'sub-admin', row.is_staff && 'staff', row.can_scan_kits && 'scans kits'];
  return roles.filter(Boolean).join(', ');
}

async function searchUsers(db: Db, search: AdminSearch): Promise<AdminRow[]> {
  const rows = await db('users as u')
    .whereIn('u.id', userIds(db, search))
    .select('u.*', db.raw('(select count(*) from pet_owners po join pets p on p.pet_num = po.pet_num where po.user_id = u.id and p.deleted_at is null)::int as pet_count'))
    .orderBy('u.id')
    .limit(LIMIT);
  return rows.map((row) => ({
    userId: row.id,
    name: row.name,
    email: row.email,
    userType: row.is_vet ? 'Vet' : row.is_breeder ? 'Breeder' : 'PetParent',
    breederName: row.breeder_name,
    roles: staffRoles(row),
    petCount: row.pet_count,
    createdAt: isoDate(row.created_at),
    showMatchMaker: row.show_match_maker,
    // Staff accounts cannot be impersonated (server/impersonation/routes.ts).
    impersonateEmail: row.is_admin || row.can_impersonate_as_sub_admin ? null : row.email,
  }));
}

// ---- reswabs

const RESWAB_STATUSES: Record<'authorized_reswabs' | 'ordered_reswabs', string[]> = {
  authorized_reswabs: ['authorized'],
  ordered_reswabs: ['ordered', 'received'],
};

function reswabIds(db: Db, search: AdminSearch, statuses: string[]): Knex.QueryBuilder {
  const base = () => db('reswabs as r').select('r.id').whereIn('r.status', statuses);
  if (search.kind === 'id') {
    const id = search.id;
    return unionOf(db, [lowestIds(base().where((q) => q.where('r.id', id).orWhere('r.pet_num', id).orWhere('r.original_swab_id', id).orWhere('r.new_swab_id', id)))]);
  }
  const pattern = search.kind === 'text' ? search.pattern : '';
  return unionOf(db, [
    lowestIds(base().join('pets as p', 'p.pet_num', 'r.pet_num').where((q) => q.whereRaw('p.name ilike ?', [pattern]).orWhereRaw('p.handle::text ilike ?', [pattern]))),
    lowestIds(base().join('pet_owners as po', 'po.pet_num', 'r.pet_num').join('users as u', 'u.id', 'po.user_id').whereRaw('u.email::text ilike ?', [pattern])),
    lowestIds(base().join('swabs as s', (j) => j.on('s.id', 'r.original_swab_id').orOn('s.id', 'r.new_swab_id')).whereRaw('s.swab_code::text ilike ?', [pattern])),
  ]);
}

async function searchReswabs(db: Db, table: 'authorized_reswabs' | 'ordered_reswabs', search: AdminSearch): Promise<AdminRow[]> {
  const statuses = RESWAB_STATUSES[table];
  const rows = await db('reswabs as r')
    .whereIn('r.id', reswabIds(db, search, statuses))
    .whereIn('r.status', statuses)
    .join('pets as p', 'p.pet_num', 'r.pet_num')
    .join('swabs as original', 'original.id', 'r.original_swab_id')
    .leftJoin('swabs as replacement', 'replacement.id', 'r.new_swab_id')
    .leftJoin('users as authorizer', 'authorizer.id', 'r.authorized_by_user_id')
    .joinRaw(
      `left join lateral (select u.id, u.email from pet_owners po join users u on u.id = po.user_id
        where po.pet_num = r.pet_num order by po.is_primary desc, po.created_at limit 1) owner on true`,
    )
    .select(
      'r.id', 'r.pet_num', 'p.name as pet_name', 'owner.id as owner_id', 'owner.email as owner_email', 'original.swab_code as original_swab_code',
      'r.reason', 'r.authorized_at', 'authorizer.name as authorized_by', 'r.status', 'r.ordered_at', 'replacement.swab_code as new_swab_code', 'r.shipping_address',
    )
    .orderBy('r.id')
    .limit(LIMIT);
  return rows.map((row) => ({
    id: row.id,
    petNum: row.pet_num,
    petName: row.pet_name,
    userId: row.owner_id,
    ownerEmail: row.owner_email,
    originalSwabCode: row.original_swab_code,
    reason: row.reason,
    authorizedAt: isoDate(row.authorized_at),
    authorizedBy: row.authorized_by,
    ...(table === 'ordered_reswabs'
      ? { status: row.status, orderedAt: isoDate(row.ordered_at), newSwabCode: row.new_swab_code, shippingAddress: row.shipping_address }
      : {}),
    impersonateEmail: row.owner_email,
  }));
}

export async function searchAdminTable(db: Db, table: AdminTableName, search: AdminSearch): Promise<AdminSearchResult> {
  if (search.kind === 'no-such-id') return { rows: [], limitHit: false };
  const rows =
    table === 'pets_info' ? await searchPets(db, search) : table === 'users' ? await searchUsers(db, search) : await searchReswabs(db, table, search);
  return { rows, limitHit: rows.length >= LIMIT };
}
