import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import type { Lab } from '../lab/lab.js';
import { offspringKinships, warmOffspringKinships, type ParentsKinship } from './pair-kinship.js';
import { offspringCoiOf, type InbreedingPrediction } from './pair-prediction.js';
import type { MatchmakerRequest } from './matchmaker-rules.js';
import { changeClockOf, generationOf } from '../db/change-clock.js';
import { PageDataCache } from '../results/page-data-cache.js';

export interface MatchmakerDog {
  petNum: number;
  /** The breeder choosing: their own dogs (and dogs shared with them) are never their candidates. */
  userId: number;
  name: string;
  handle: string;
  sex: 'm' | 'f';
  /** [longitude, latitude] of the dog's live location, if known. */
  lngLat: [number, number] | null;
  /** Its current released genotype, the one its offspring COIs come from. */
  genotypeId: number;
}

/** Dogs their owners may find mates for: tested, of known sex, not deleted; one row per owner. */
function matchmakerDogsQuery(db: Db): Knex.QueryBuilder {
  return db('pets')
    .join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num')
    .whereNull('pets.deleted_at')
    .whereIn('pets.sex', ['m', 'f'])
    .join('genotypes', (join) => join.on('genotypes.pet_num', 'pets.pet_num').andOnVal('genotypes.is_current', true).andOnVal('genotypes.lab_review_hold', false))
    .select('pet_owners.user_id', 'pets.pet_num', 'pets.name', 'pets.call_name', 'pets.handle', 'pets.sex', 'genotypes.id as genotype_id', db.raw("(select lng_lat from locations where locations.pet_num = pets.pet_num and location_type = 'live') as lng_lat"));
}

function toMatchmakerDog(row: { user_id: number; pet_num: number; name: string; call_name: string | null; handle: string; sex: 'm' | 'f'; genotype_id: number | string; lng_lat: unknown }): MatchmakerDog {
  const lngLat = Array.isArray(row.lng_lat) && row.lng_lat.length === 2 ? ([Number(row.lng_lat[0]), Number(row.lng_lat[1])] as [number, number]) : null;
  return { petNum: row.pet_num, userId: row.user_id, name: row.call_name || row.name, handle: row.handle, sex: row.sex, lngLat, genotypeId: Number(row.genotype_id) };
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

// Dogs whose name, call name, handle or main breed contains the search text (bound four times).
const SEARCH_SQL = `select pet_num from pets where name ilike ? or call_name ilike ? or handle::text ilike ?
  union select top.pet_num from breed_mix_rows top join breeds on breeds.id = top.breed_id where top.rank = 1 and breeds.name ilike ?`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** COI order: lowest (or highest) first, 'not tested' last either way, then by pet number. */
function byOffspringCoi(descending: boolean) {
  return (a: { petNum: number; coi: number | null }, b: { petNum: number; coi: number | null }): number => {
    if (a.coi !== b.coi) {
      if (a.coi === null) return 1;
      if (b.coi === null) return -1;
      return descending ? b.coi - a.coi : a.coi - b.coi;
    }
    return a.petNum - b.petNum;
  };
}

/** Every candidate of the dog, before filters: opposite sex, released genotype, visible to the matchmaker, not the breeder's. */
function candidatesOf(db: Db, dog: MatchmakerDog, query: Knex.QueryBuilder): Knex.QueryBuilder {
  return query
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
 * Starts working out the offspring COI of the dog with every candidate in the background (the
 * matchmaker page calls it when it shows a dog), so that ordering or filtering by COI later is quick.
 */
export function warmMatchmaker(db: Db, lab: Lab, dog: MatchmakerDog): Promise<unknown> | null {
  return warmOffspringKinships(db, lab, dog, async () => {
    const rows: { pet_num: number; genotype_id: number | string }[] = await candidatesOf(db, dog, db.queryBuilder()).select('pets.pet_num', 'genotypes.id as genotype_id').orderBy('pets.pet_num');
    return rows.map((row) => ({ petNum: row.pet_num, genotypeId: Number(row.genotype_id) }));
  });
}

/**
 * Queues the background warm-up (warmMatchmaker) of each dog of a matchmaker breeder whose
 * candidates' COIs were never all worked out (`only`: of that one dog, as the lab releases it, or of
 * one breeder, as an admin grants the matchmaker), so the breeder's first COI order or filter finds
 * them stored. Returns how many were queued.
 */
export async function warmMatchmakerDogs(db: Db, lab: Lab, only?: { petNum: number } | { userId: number }): Promise<number> {
  const query = matchmakerDogsQuery(db)
    .join('users', 'users.id', 'pet_owners.user_id')
    .where('users.show_match_maker', true)
    .whereNotExists(db('offspring_kinship_sets').whereRaw('offspring_kinship_sets.genotype_id = genotypes.id and offspring_kinship_sets.sex = pets.sex and offspring_kinship_sets.complete'))
    .orderBy('pets.pet_num');
  if (only && 'petNum' in only) query.where('pets.pet_num', only.petNum);
  if (only && 'userId' in only) query.where('users.id', only.userId);
  const dogs = ((await query) as Parameters<typeof toMatchmakerDog>[0][]).map(toMatchmakerDog);
  return dogs.filter((dog) => warmMatchmaker(db, lab, dog) !== null).length;
}

// How many candidates a dog has in all, shown on each page: counted once while the database stands still.
const candidateCounts = new WeakMap<Db, PageDataCache>();

function candidateCount(db: Db, dog: MatchmakerDog, count: () => PromiseLike<{ count: string }[]>): Promise<{ count: string }[]> {
  let cache = candidateCounts.get(db);
  if (!cache) candidateCounts.set(db, (cache = new PageDataCache()));
  return cache.get(`${dog.userId}:${dog.petNum}`, generationOf(changeClockOf(db)), async () => count());
}

/**
 * Opposite-sex candidates for one dog among every stored dog but the breeder's own
 * (whereMatchmakerVisible's rules, written out as joins), with the distance between the dogs' live
 * locations, filtered, searched, sorted and paged. Every row shows the offspring COI the pair
 * predictor computes for the pair, from both genotypes (offspringKinships), and the COI filter and
 * order read that same number:
 *
 * - neither COI filter nor COI order: the database filters, sorts and pages (a narrow query for the
 *   page's pet numbers and the filtered count, count(*) over ()), and only the page's COIs are computed;
 * - a COI filter or order: the database applies every other filter and hands over all candidates
 *   (in the chosen order, by pet number for the COI order), whose COIs are computed in one batched
 *   pass, then filtered, ordered and paged here, so recordsFiltered counts the COI filter exactly.
 *   Lowest COI first without a COI filter (the table's default) stops as soon as the page is
 *   certain: no COI is below 0, so once enough candidates at 0 are found, in pet number order, the
 *   page is theirs. Other COI requests compare the chosen dog with every candidate that passes
 *   the other filters: seconds for tens of thousands the first time (about 0.3 ms a pair), then
 *   quick, as the results are kept per chosen dog (offspringKinships) and the page works them
 *   out in the background as soon as it shows the dog (warmMatchmaker).
 *
 * A second query reads what the table shows for the page's rows only.
 */
export async function matchmakerCandidates(db: Db, lab: Lab, dog: MatchmakerDog, request: MatchmakerRequest): Promise<CandidatePage> {
  const base = (query: Knex.QueryBuilder) => candidatesOf(db, dog, query);

  const { filters } = request;
  const here = dog.lngLat ? [dog.lngLat[1], dog.lngLat[1], dog.lngLat[0]] : null;
  const kinship = [dog.petNum, dog.petNum];
  const byCoi = request.sort === 'coi';
  const exact = byCoi || filters.maxOffspringCoi !== null;
  const needsBreed = filters.breed !== null || request.sort === 'breed';
  const needsPlace = filters.maxDistanceMiles !== null || request.sort === 'distance';
  const sortSql: Record<MatchmakerRequest['sort'], [string, number[]]> = {
    name: ['lower(coalesce(pets.call_name, pets.name))', []],
    breed: ['breeds.name', []],
    age: ['(current_date - pets.date_of_birth)', []],
    distance: here ? [DISTANCE_SQL, here] : ['null::float8', []],
    coi: ['pets.pet_num', []],
  };
  const [sortKey, sortBindings] = sortSql[request.sort];
  const narrow = base(db.queryBuilder()).select('pets.pet_num', 'genotypes.id as genotype_id', db.raw(`${sortKey} as sort_key`, sortBindings));
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
  if (request.search) {
    // the dogs it matches, looked up through the names' trigram indexes and the few breed names, not every candidate tested
    const like = `%${escapeLike(request.search)}%`;
    narrow.whereRaw(`pets.pet_num in (${SEARCH_SQL})`, [like, like, like, like]);
  }
  narrow.orderByRaw(`sort_key ${request.descending && !byCoi ? 'desc' : 'asc'} nulls last, pets.pet_num`);

  // without filters besides the COI every candidate passes them: the filtered count is the total, no second count needed
  const narrowed = filters.maxDistanceMiles !== null || filters.minAgeYears !== null || filters.maxAgeYears !== null || filters.title !== null || filters.breed !== null || request.search !== '';
  const countAll = () => candidateCount(db, dog, () => base(db.queryBuilder()).count<{ count: string }[]>('* as count'));
  const totalQuery = narrowed ? countAll() : null;
  let recordsTotal: number;
  let recordsFiltered: number;
  let petNums: number[];
  let kinships = new Map<number, ParentsKinship>();
  const candidateOf = (row: { pet_num: number; genotype_id: number | string }) => ({ petNum: row.pet_num, genotypeId: Number(row.genotype_id) });
  if (!exact && !narrowed) {
    // every candidate passes: the (kept) total is the filtered count, and the page's query stops at its rows
    narrow.limit(request.length).offset(request.start);
    const [page, [total]] = await Promise.all([narrow as Promise<{ pet_num: number; genotype_id: number }[]>, countAll()]);
    recordsTotal = recordsFiltered = Number(total.count);
    petNums = page.map((row) => row.pet_num);
    kinships = await offspringKinships(db, lab, dog, page.map(candidateOf));
  } else if (!exact) {
    narrow.select(db.raw('count(*) over () as filtered')).limit(request.length).offset(request.start);
    const [page, total] = await Promise.all([narrow as Promise<{ pet_num: number; genotype_id: number; filtered: string }[]>, totalQuery]);
    recordsFiltered = page.length > 0 ? Number(page[0].filtered) : 0;
    // past the last page the window count is not there: count the filtered rows on their own
    if (page.length === 0 && request.start > 0) {
      const filtered = narrow.clone().clearSelect().clearOrder().clear('limit').clear('offset').select('pets.pet_num');
      const [counted] = (await db.count('* as count').from(filtered.as('f') as never)) as { count: string }[];
      recordsFiltered = Number(counted.count);
    }
    recordsTotal = total ? Number(total[0].count) : recordsFiltered;
    petNums = page.map((row) => row.pet_num);
    kinships = await offspringKinships(db, lab, dog, page.map(candidateOf));
  } else {
    const wanted = request.start + request.length;
    const coiOf = (petNum: number) => offspringCoiOf(kinships.get(petNum)?.kinship ?? null);
    let rows: { pet_num: number; genotype_id: number; filtered?: string }[];
    let listed: number[] | null = null;
    if (byCoi && !request.descending && filters.maxOffspringCoi === null) {
      // lowest first, no COI filter: no COI is below 0, so once `wanted` candidates at 0 are found
      // in pet number order the page is theirs; most candidates (other breeds) are at 0
      const first = Math.ceil(wanted * 1.25) + 16;
      let total: { count: string }[] | null;
      [rows, total] = await Promise.all([narrow.clone().select(db.raw('count(*) over () as filtered')).limit(first) as Promise<typeof rows>, totalQuery]);
      recordsFiltered = rows.length > 0 ? Number(rows[0].filtered) : 0;
      recordsTotal = total ? Number(total[0].count) : recordsFiltered;
      const zeros: number[] = [];
      // the pass reports each candidate's result in the candidates' order
      let seen = 0;
      const until = (result: ParentsKinship) => {
        const petNum = rows[seen++].pet_num;
        if (result.kinship !== null && offspringCoiOf(result.kinship) === 0) zeros.push(petNum);
        return zeros.length >= wanted;
      };
      kinships = await offspringKinships(db, lab, dog, rows.map(candidateOf), { until, expected: wanted });
      if (zeros.length >= wanted) listed = zeros;
      else if (rows.length < recordsFiltered) rows = await narrow;
    } else {
      let total: { count: string }[] | null;
      [rows, total] = await Promise.all([narrow as Promise<typeof rows>, totalQuery]);
      recordsFiltered = rows.length;
      recordsTotal = total ? Number(total[0].count) : recordsFiltered;
    }
    if (!listed) {
      kinships = await offspringKinships(db, lab, dog, rows.map(candidateOf));
      listed = rows.map((row) => row.pet_num);
      const max = filters.maxOffspringCoi;
      if (max !== null) listed = listed.filter((petNum) => { const coi = coiOf(petNum); return coi !== null && coi <= max; });
      if (byCoi) listed = listed.map((num) => ({ petNum: num, coi: coiOf(num) })).sort(byOffspringCoi(request.descending)).map((row) => row.petNum);
      if (max !== null) recordsFiltered = listed.length;
    }
    petNums = listed.slice(request.start, wanted);
  }
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
        offspringCoi: offspringCoiOf(kinships.get(petNum)!.kinship),
        method: kinships.get(petNum)!.method,
        related: row.kinship !== null && row.kinship !== undefined,
      };
    }),
  };
}
