import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import type { Lab } from '../lab/lab.js';
import { panelsComparedWith, STORED_OFFSPRING_COI } from './parents-kinship.js';
import { offspringCoiOf, type InbreedingPrediction } from './pair-prediction.js';
import { GRAY_WOLF_SLUG, type MatchmakerRequest } from '../shared/matchmaker-rules.js';

export interface MatchmakerDog {
  petNum: number;
  /** The breeder choosing: their own dogs (and dogs shared with them) are never their candidates. */
  userId: number;
  name: string;
  handle: string;
  sex: 'm' | 'f';
  /** [longitude, latitude] of the dog's live location, if known. */
  lngLat: [number, number] | null;
  /** The panel of its current released genotype: which candidates the relatives search compared it with. */
  panelId: number;
  /** Its main breed's slug when it is a purebred: the matchmaker's default breed for it. */
  purebredSlug: string | null;
}

/** Dogs their owners may find mates for: tested, of known sex, not deleted; one row per owner. */
function matchmakerDogsQuery(db: Db): Knex.QueryBuilder {
  return db('pets')
    .join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num')
    .whereNull('pets.deleted_at')
    .whereIn('pets.sex', ['m', 'f'])
    .join('genotypes', (join) => join.on('genotypes.pet_num', 'pets.pet_num').andOnVal('genotypes.is_current', true).andOnVal('genotypes.lab_review_hold', false))
    .select(
      'pet_owners.user_id',
      'pets.pet_num',
      'pets.name',
      'pets.call_name',
      'pets.handle',
      'pets.sex',
      'genotypes.panel_id',
      db.raw("(select lng_lat from locations where locations.pet_num = pets.pet_num and location_type = 'live') as lng_lat"),
      db.raw("case when pets.breed_type = 'purebred' then (select breeds.slug from breed_mix_rows top join breeds on breeds.id = top.breed_id where top.pet_num = pets.pet_num and top.rank = 1) end as purebred_slug"),
    );
}

type MatchmakerDogRow = { user_id: number; pet_num: number; name: string; call_name: string | null; handle: string; sex: 'm' | 'f'; panel_id: number | string; lng_lat: unknown; purebred_slug: string | null };

function toMatchmakerDog(row: MatchmakerDogRow): MatchmakerDog {
  const lngLat = Array.isArray(row.lng_lat) && row.lng_lat.length === 2 ? ([Number(row.lng_lat[0]), Number(row.lng_lat[1])] as [number, number]) : null;
  return { petNum: row.pet_num, userId: row.user_id, name: row.call_name || row.name, handle: row.handle, sex: row.sex, lngLat, panelId: Number(row.panel_id), purebredSlug: row.purebred_slug ?? null };
}

/** One of the user's own tested dogs of known sex: the dog the matchmaker finds mates for. */
export async function ownMatchmakerDog(db: Db, userId: number, petNum: number): Promise<MatchmakerDog | undefined> {
  const row = await matchmakerDogsQuery(db).where({ 'pets.pet_num': petNum, 'pet_owners.user_id': userId }).first();
  return row ? toMatchmakerDog(row) : undefined;
}

export interface CandidateRow {
  petNum: number;
  name: string;
  handle: string;
  breed: string | null;
  ageYears: number | null;
  titles: string[];
  distanceMiles: number | null;
  /** Expected offspring COI with the chosen dog, as the pair predictor computes it; null when not tested. */
  offspringCoi: number | null;
  method: InbreedingPrediction['method'];
  /** Whether the lab stored the two as relatives. */
  related: boolean;
}

export interface CandidatePage {
  recordsTotal: number;
  recordsFiltered: number;
  rows: CandidateRow[];
}

// Great-circle distance in miles from a point (bound: latitude, latitude, longitude) to a live location (haversine).
// NULL without a live location: least() ignores NULL, so the clamp alone would read least(1, NULL) as 1, half the
// globe away, and such a dog would pass every distance filter and sort first when farthest comes first.
const DISTANCE_SQL = `case when live.lng_lat[1] is not null and live.lng_lat[2] is not null then 3958.8 * 2 * asin(least(1, sqrt(
  power(sin(radians(live.lng_lat[2] - ?) / 2), 2) +
  cos(radians(?)) * cos(radians(live.lng_lat[2])) * power(sin(radians(live.lng_lat[1] - ?) / 2), 2)))) end`;

// The lab stores each related pair once, lower pet number first (relatives_ordered_pair): one index probe a candidate.
// Each row says whether the lab found the two related.
const KINSHIP_SQL = '(select kinship from relatives where pet_num_a = least(pets.pet_num, ?) and pet_num_b = greatest(pets.pet_num, ?))';

// The chosen dog's relatives (bound three times: its pet number): the other dog and the offspring COI the relatives search stored.
const RELATIVES_SQL = `select case when pet_num_a = ? then pet_num_b else pet_num_a end as other, ${STORED_OFFSPRING_COI} as offspring_coi from relatives where pet_num_a = ? or pet_num_b = ?`;

// A candidate's offspring COI (bound: the panels compared with the chosen dog's): 0 when compared and not related, null when not tested.
const COI_SQL = 'case when genotypes.panel_id = any(?::int[]) then greatest(0, coalesce(kin.offspring_coi, 0)) end';

// Dogs whose name, call name, handle or main breed contains the search text (bound four times).
const SEARCH_SQL = `select pet_num from pets where name ilike ? or call_name ilike ? or handle::text ilike ?
  union select top.pet_num from breed_mix_rows top join breeds on breeds.id = top.breed_id where top.rank = 1 and breeds.name ilike ?`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A wolf or wolf hybrid: a tenth or more of gray wolf in its breed mix. */
const WOLF_SQL = `exists (select 1 from breed_mix_rows wolf join breeds on breeds.id = wolf.breed_id where wolf.pet_num = pets.pet_num and breeds.slug = '${GRAY_WOLF_SLUG}' and wolf.pct >= 10)`;

/**
 * Every candidate of the dog, before filters: opposite sex, intact (not neutered or spayed), released
 * genotype, visible to the matchmaker, not the breeder's; wolves and wolf hybrids only when asked.
 */
function candidatesOf(db: Db, dog: MatchmakerDog, query: Knex.QueryBuilder, includeWolves: boolean): Knex.QueryBuilder {
  if (!includeWolves) query.whereRaw(`not ${WOLF_SQL}`);
  return query
    .whereRaw("coalesce(pets.intact, 'i') <> 'f'")
    .from('pets')
    .join('genotypes', (join) => join.on('genotypes.pet_num', 'pets.pet_num').andOnVal('genotypes.is_current', true).andOnVal('genotypes.lab_review_hold', false))
    .where('pets.sex', dog.sex === 'm' ? 'f' : 'm')
    .whereNot('pets.pet_num', dog.petNum)
    .whereNotExists((own) => own.select(db.raw('1')).from('pet_owners').whereRaw('pet_owners.pet_num = pets.pet_num').where('pet_owners.user_id', dog.userId))
    .whereNot('pets.privacy', 'private')
    .where('pets.exclude_from_matchmaker', false)
    .where('pets.is_hidden', false)
    .whereNull('pets.deleted_at');
}


/**
 * Opposite-sex candidates for one dog among every stored dog but the breeder's own
 * (whereMatchmakerVisible's rules, written out as joins), with the distance between the dogs' live
 * locations, filtered, searched, sorted and paged by the database. Each row's offspring COI is the
 * pair predictor's (parents-kinship.ts): the offspring COI the relatives search stored for the pair, 0 for a
 * candidate it compared and did not list, 'not tested' for one on a panel it does not compare with
 * the dog's. The chosen dog's relatives are read once and joined, so ordering and filtering by COI
 * cost what any other order does. A second query reads what the table shows for the page's rows only.
 */
export async function matchmakerCandidates(db: Db, lab: Lab, dog: MatchmakerDog, request: MatchmakerRequest): Promise<CandidatePage> {
  const { filters } = request;
  const base = (query: Knex.QueryBuilder) => candidatesOf(db, dog, query, filters.includeWolves || filters.breed === GRAY_WOLF_SLUG);

  const here = dog.lngLat ? [dog.lngLat[1], dog.lngLat[1], dog.lngLat[0]] : null;
  const kinship = [dog.petNum, dog.petNum];
  const needsBreed = filters.breed !== null || request.sort === 'breed';
  const needsPlace = filters.maxDistanceMiles !== null || request.sort === 'distance';
  const compared = await panelsComparedWith(db, lab, dog.panelId);
  const sortSql: Record<MatchmakerRequest['sort'], [string, number[]]> = {
    name: ['lower(coalesce(pets.call_name, pets.name))', []],
    breed: ['breeds.name', []],
    age: ['(current_date - pets.date_of_birth)', []],
    distance: here ? [DISTANCE_SQL, here] : ['null::float8', []],
    coi: ['coi', []],
  };
  const [sortKey, sortBindings] = sortSql[request.sort];
  const narrow = base(db.queryBuilder())
    .leftJoin(db.raw(`(${RELATIVES_SQL}) as kin`, [dog.petNum, dog.petNum, dog.petNum]), 'kin.other', 'pets.pet_num')
    .select('pets.pet_num', db.raw(`${COI_SQL} as coi`, [compared]));
  if (request.sort !== 'coi') narrow.select(db.raw(`${sortKey} as sort_key`, sortBindings));
  if (needsBreed) narrow.leftJoin('breed_mix_rows as top', (join) => join.on('top.pet_num', 'pets.pet_num').andOnVal('top.rank', 1)).leftJoin('breeds', 'breeds.id', 'top.breed_id');
  if (needsPlace) narrow.leftJoin('locations as live', (join) => join.on('live.pet_num', 'pets.pet_num').andOnVal('live.location_type', 'live'));
  // no location of its own: no candidate can be within a distance
  if (filters.maxDistanceMiles !== null) {
    if (here) narrow.whereRaw(`${DISTANCE_SQL} <= ?`, [...here, filters.maxDistanceMiles]);
    else narrow.whereRaw('false');
  }
  if (filters.minAgeYears !== null) narrow.whereRaw('pets.date_of_birth <= current_date - make_interval(months => ?)', [Math.round(filters.minAgeYears * 12)]);
  if (filters.maxAgeYears !== null) narrow.whereRaw('pets.date_of_birth > current_date - make_interval(months => ?)', [Math.round((filters.maxAgeYears + 1) * 12)]);
  if (filters.title !== null) narrow.whereRaw('exists (select 1 from unnest(pets.prefix_titles || pets.suffix_titles) as t(title) where lower(t.title) = lower(?))', [filters.title]);
  if (filters.breed !== null) narrow.where('breeds.slug', filters.breed);
  // a candidate whose COI is 'not tested' (null) is left out by a COI limit
  if (filters.maxOffspringCoi !== null) narrow.whereRaw(`${COI_SQL} <= ?`, [compared, filters.maxOffspringCoi]);
  if (request.search) {
    // the dogs it matches, looked up through the names' trigram indexes and the few breed names, not every candidate tested
    const like = `%${escapeLike(request.search)}%`;
    narrow.whereRaw(`pets.pet_num in (${SEARCH_SQL})`, [like, like, like, like]);
  }
  // 'not tested' comes last either way
  const orderKey = request.sort === 'coi' ? 'coi' : 'sort_key';
  narrow.orderByRaw(`${orderKey} ${request.descending ? 'desc' : 'asc'} nulls last, pets.pet_num`);

  // without filters every candidate passes them: the filtered count is the total, and the page's query stops at its rows
  const narrowed = filters.maxDistanceMiles !== null || filters.minAgeYears !== null || filters.maxAgeYears !== null || filters.title !== null || filters.breed !== null || filters.maxOffspringCoi !== null || request.search !== '';
  const countAll = () => base(db.queryBuilder()).count<{ count: string }[]>('* as count');
  let recordsTotal: number;
  let recordsFiltered: number;
  let page: { pet_num: number; coi: number | string | null; filtered?: string }[];
  if (!narrowed) {
    narrow.limit(request.length).offset(request.start);
    const [rows, [total]] = await Promise.all([narrow as Promise<typeof page>, countAll()]);
    page = rows;
    recordsTotal = recordsFiltered = Number(total.count);
  } else {
    narrow.select(db.raw('count(*) over () as filtered')).limit(request.length).offset(request.start);
    const [rows, [total]] = await Promise.all([narrow as Promise<typeof page>, countAll()]);
    page = rows;
    recordsFiltered = page.length > 0 ? Number(page[0].filtered) : 0;
    // past the last page the window count is not there: count the filtered rows on their own
    if (page.length === 0 && request.start > 0) {
      const filtered = narrow.clone().clearSelect().clearOrder().clear('limit').clear('offset').select('pets.pet_num');
      const [counted] = (await db.count('* as count').from(filtered.as('f') as never)) as { count: string }[];
      recordsFiltered = Number(counted.count);
    }
    recordsTotal = Number(total.count);
  }
  const petNums = page.map((row) => row.pet_num);
  const cois = new Map(page.map((row) => [row.pet_num, row.coi === null ? null : offspringCoiOf(Number(row.coi))]));
  const method = compared.length === 0 ? 'not tested' : dog.panelId === lab.panelId ? 'shared segments' : 'KING-robust kinship';
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the rows as knex reads them, each column read below
  const details: Record<string, any>[] = petNums.length === 0 ? [] : await db('pets')
    .leftJoin('breed_mix_rows as top', (join) => join.on('top.pet_num', 'pets.pet_num').andOnVal('top.rank', 1))
    .leftJoin('breeds', 'breeds.id', 'top.breed_id')
    .leftJoin('locations as live', (join) => join.on('live.pet_num', 'pets.pet_num').andOnVal('live.location_type', 'live'))
    .whereIn('pets.pet_num', petNums)
    .select(
      'pets.pet_num',
      'pets.name',
      'pets.call_name',
      'pets.handle',
      'pets.prefix_titles',
      'pets.suffix_titles',
      'breeds.name as breed',
      db.raw(`${KINSHIP_SQL} as kinship`, kinship),
      db.raw('extract(year from age(current_date, pets.date_of_birth))::int as age_years'),
      here ? db.raw(`${DISTANCE_SQL} as distance`, here) : db.raw('null::float8 as distance'),
    );
  const byNum = new Map(details.map((row) => [row.pet_num as number, row]));
  return {
    recordsTotal,
    recordsFiltered,
    rows: petNums.map((petNum) => {
      const row = byNum.get(petNum)!;
      return {
        petNum,
        name: row.call_name || row.name,
        handle: row.handle,
        breed: row.breed ?? null,
        ageYears: row.age_years ?? null,
        titles: [...(row.prefix_titles ?? []), ...(row.suffix_titles ?? [])],
        distanceMiles: row.distance === null || row.distance === undefined ? null : Math.round(Number(row.distance)),
        offspringCoi: cois.get(petNum)!,
        method: cois.get(petNum) === null ? 'not tested' : method,
        related: row.kinship !== null && row.kinship !== undefined,
      };
    }),
  };
}
