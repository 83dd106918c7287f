import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import type { Lab } from '../lab/lab.js';
import { offspringKinships } from './pair-kinship.js';
import { offspringCoiOf, type InbreedingPrediction } from './pair-prediction.js';
import type { MatchmakerRequest } from './matchmaker-rules.js';

export interface MatchmakerDog {
  petNum: number;
  /** The breeder choosing: their own dogs (and dogs shared with them) are never their candidates. */
  userId: number;
  name: string;
  handle: string;
  sex: 'm' | 'f';
  /** [longitude, latitude] of the dog's live location, if known. */
  lngLat: [number, number] | null;
}

/** One of the user's own tested dogs of known sex: the dog the matchmaker finds mates for. */
export async function ownMatchmakerDog(db: Db, userId: number, petNum: number): Promise<MatchmakerDog | undefined> {
  const row = await db('pets')
    .join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num')
    .where({ 'pets.pet_num': petNum, 'pet_owners.user_id': userId })
    .whereNull('pets.deleted_at')
    .whereIn('pets.sex', ['m', 'f'])
    .whereExists(db('genotypes').whereRaw('genotypes.pet_num = pets.pet_num').where({ is_current: true, lab_review_hold: false }).select(db.raw('1')))
    .first('pets.pet_num', 'pets.name', 'pets.call_name', 'pets.handle', 'pets.sex', db.raw("(select lng_lat from locations where locations.pet_num = pets.pet_num and location_type = 'live') as lng_lat"));
  const lngLat = Array.isArray(row?.lng_lat) && row.lng_lat.length === 2 ? ([Number(row.lng_lat[0]), Number(row.lng_lat[1])] as [number, number]) : null;
  return row ? { petNum: row.pet_num, userId, name: row.call_name || row.name, handle: row.handle, sex: row.sex, lngLat } : undefined;
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
  /** Whether the lab stored the two as relatives (what the COI order and filter read). */
  related: boolean;
}

export interface CandidatePage {
  recordsTotal: number;
  recordsFiltered: number;
  rows: CandidateRow[];
}

// Great-circle distance in miles from a point (bound: latitude, latitude, longitude) to a live location (haversine).
const DISTANCE_SQL = `3958.8 * 2 * asin(least(1, sqrt(
  power(sin(radians(live.lng_lat[2] - ?) / 2), 2) +
  cos(radians(?)) * cos(radians(live.lng_lat[2])) * power(sin(radians(live.lng_lat[1] - ?) / 2), 2))))`;

// The lab stores each related pair once, lower pet number first (relatives_ordered_pair): one index probe a candidate.
// The COI order and filter read it: a candidate the lab found no family with counts as 0 (see matchmakerCandidates).
const KINSHIP_SQL = '(select kinship from relatives where pet_num_a = least(pets.pet_num, ?) and pet_num_b = greatest(pets.pet_num, ?))';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Opposite-sex candidates for one dog among every stored dog but the breeder's own
 * (whereMatchmakerVisible's rules, written out as joins), with the distance between the dogs' live locations, filtered, searched,
 * sorted and paged in the database. A narrow first query finds the page's pet numbers and the
 * filtered count (count(*) over ()) from the columns the filters and the order need; a second
 * reads what the table shows for those rows only, and the page's offspring COIs are computed from
 * the genotypes, one batch, as the pair predictor computes them.
 *
 * Computing every candidate's COI for each request is out of reach (a 300 ms budget over tens of
 * thousands of candidates), so the COI order and filter read the kinship the lab stored when it
 * found the two related, and count every other candidate as 0: the relatives search stores a pair
 * from 1.5% shared DNA with an 8 cM segment on our panel (a kinship from about 0.75%), and from a
 * KING-robust kinship of 4.42% on real arrays, so such a candidate's COI is below that.
 */
export async function matchmakerCandidates(db: Db, lab: Lab, dog: MatchmakerDog, request: MatchmakerRequest): Promise<CandidatePage> {
  const sex = dog.sex === 'm' ? 'f' : 'm';
  const base = (query: Knex.QueryBuilder) =>
    query
      .from('pets')
      .join('genotypes', (join) => join.on('genotypes.pet_num', 'pets.pet_num').andOnVal('genotypes.is_current', true).andOnVal('genotypes.lab_review_hold', false))
      .where('pets.sex', sex)
      .whereNot('pets.pet_num', dog.petNum)
      .whereNotExists((own) => own.select(db.raw('1')).from('pet_owners').whereRaw('pet_owners.pet_num = pets.pet_num').where('pet_owners.user_id', dog.userId))
      .whereNot('pets.privacy', 'private')
      .where('pets.exclude_from_matchmaker', false)
      .where('pets.is_hidden', false)
      .whereNull('pets.deleted_at');

  const { filters } = request;
  const here = dog.lngLat ? [dog.lngLat[1], dog.lngLat[1], dog.lngLat[0]] : null;
  const kinship = [dog.petNum, dog.petNum];
  const needsBreed = filters.breed !== null || request.sort === 'breed' || request.search !== '';
  const needsPlace = filters.maxDistanceMiles !== null || request.sort === 'distance';
  const sortSql: Record<MatchmakerRequest['sort'], [string, number[]]> = {
    name: ['lower(coalesce(pets.call_name, pets.name))', []],
    breed: ['breeds.name', []],
    age: ['(current_date - pets.date_of_birth)', []],
    distance: here ? [DISTANCE_SQL, here] : ['null::float8', []],
    coi: [`coalesce(${KINSHIP_SQL}, 0)`, kinship],
  };
  const [sortKey, sortBindings] = sortSql[request.sort];
  const narrow = base(db.queryBuilder()).select('pets.pet_num', db.raw(`${sortKey} as sort_key`, sortBindings), db.raw('count(*) over () as filtered'));
  if (needsBreed) narrow.leftJoin('breed_mix_rows as top', (join) => join.on('top.pet_num', 'pets.pet_num').andOnVal('top.rank', 1)).leftJoin('breeds', 'breeds.id', 'top.breed_id');
  if (needsPlace) narrow.leftJoin('locations as live', (join) => join.on('live.pet_num', 'pets.pet_num').andOnVal('live.location_type', 'live'));
  if (filters.maxOffspringCoi !== null) narrow.whereRaw(`coalesce(${KINSHIP_SQL}, 0) <= ?`, [...kinship, filters.maxOffspringCoi]);
  // no location of its own: no candidate can be within a distance
  if (filters.maxDistanceMiles !== null) {
    if (here) narrow.whereRaw(`${DISTANCE_SQL} <= ?`, [...here, filters.maxDistanceMiles]);
    else narrow.whereRaw('false');
  }
  if (filters.minAgeYears !== null) narrow.whereRaw('pets.date_of_birth <= current_date - make_interval(months => ?)', [Math.round(filters.minAgeYears * 12)]);
  if (filters.maxAgeYears !== null) narrow.whereRaw('pets.date_of_birth > current_date - make_interval(months => ?)', [Math.round((filters.maxAgeYears + 1) * 12)]);
  if (filters.title !== null) narrow.whereRaw('exists (select 1 from unnest(pets.prefix_titles || pets.suffix_titles) as t(title) where lower(t.title) = lower(?))', [filters.title]);
  if (filters.breed !== null) narrow.where('breeds.slug', filters.breed);
  if (request.search) {
    const like = `%${escapeLike(request.search)}%`;
    narrow.where((q) => q.whereRaw('pets.name ilike ?', [like]).orWhereRaw('pets.call_name ilike ?', [like]).orWhereRaw('pets.handle::text ilike ?', [like]).orWhereRaw('breeds.name ilike ?', [like]));
  }
  narrow.orderByRaw(`sort_key ${request.descending ? 'desc' : 'asc'} nulls last, pets.pet_num`).limit(request.length).offset(request.start);

  const [page, total] = await Promise.all([narrow as Promise<{ pet_num: number; filtered: string }[]>, base(db.queryBuilder()).count<{ count: string }[]>('* as count')]);
  const recordsTotal = Number(total[0].count);
  let recordsFiltered = page.length > 0 ? Number(page[0].filtered) : 0;
  // past the last page the window count is not there: count the filtered rows on their own
  if (page.length === 0 && request.start > 0) {
    const filtered = narrow.clone().clearSelect().clearOrder().clear('limit').clear('offset').select('pets.pet_num');
    const [counted] = (await db.count('* as count').from(filtered.as('f') as never)) as { count: string }[];
    recordsFiltered = Number(counted.count);
  }
  const petNums = page.map((row) => row.pet_num);
  const [details, kinships]: [Record<string, any>[], Awaited<ReturnType<typeof offspringKinships>>] = await Promise.all([petNums.length === 0 ? [] : db('pets')
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
    ), offspringKinships(db, lab, dog, petNums)]);
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
        offspringCoi: offspringCoiOf(kinships.get(petNum)!.kinship),
        method: kinships.get(petNum)!.method,
        related: row.kinship !== null && row.kinship !== undefined,
      };
    }),
  };
}
