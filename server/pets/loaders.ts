// Batched reads of what a dog has bought and done (swabs, products, age and microbiome tests),
// its preferences and its places: each takes many pet numbers and answers in one query, for the
// per-request DataLoaders of server/graphql/context.ts.
import type { Db } from '../db/index.js';

const groupBy = <T>(rows: T[], key: (row: T) => number): Map<number, T[]> => {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (!map.has(k)) map.set(k, []);
    map.get(k)!.push(row);
  }
  return map;
};

export interface SwabRow {
  id: number;
  petNum: number;
  swabCode: string;
  isMethylation: boolean;
  swabState: string;
  sampleState: string | null;
  productType: string;
  purchaseSource: string | null;
  activatedAt: Date | null;
  healthResultsReleasedAt: Date | null;
  breedResultsReleasedAt: Date | null;
  comprehensiveUpgradePurchasedAt: Date | null;
  createdAt: Date;
}

/** Every swab of each dog, newest first, with the state of its latest lab sample. */
export async function loadSwabsForPets(db: Db, petNums: readonly number[]): Promise<Map<number, SwabRow[]>> {
  if (petNums.length === 0) return new Map();
  const rows: SwabRow[] = await db('swabs')
    .whereIn('swabs.pet_num', petNums)
    .orderBy('swabs.pet_num')
    .orderBy('swabs.created_at', 'desc')
    .orderBy('swabs.id', 'desc')
    .select({
      id: 'swabs.id',
      petNum: 'swabs.pet_num',
      swabCode: 'swabs.swab_code',
      isMethylation: 'swabs.is_methylation',
      swabState: 'swabs.swab_state',
      productType: 'swabs.product_type',
      purchaseSource: 'swabs.purchase_source',
      activatedAt: 'swabs.activated_at',
      healthResultsReleasedAt: 'swabs.health_results_released_at',
      breedResultsReleasedAt: 'swabs.breed_results_released_at',
      comprehensiveUpgradePurchasedAt: 'swabs.comprehensive_upgrade_purchased_at',
      createdAt: 'swabs.created_at',
    })
    .select(db('samples').whereRaw('samples.swab_id = swabs.id').orderBy('samples.received_at', 'desc').orderBy('samples.id', 'desc').limit(1).select('sample_state').as('sampleState'));
  return groupBy(rows, (row) => row.petNum);
}

/** Pet numbers that have a product (upgrade, age test…) activated. */
export async function loadActivatedProductPets(db: Db, petNums: readonly number[]): Promise<Set<number>> {
  if (petNums.length === 0) return new Set();
  const rows: number[] = await db('pet_products').whereIn('pet_num', petNums).whereNotNull('activated_at').distinct().pluck('pet_num');
  return new Set(rows);
}

export interface AgeTestRow {
  petNum: number;
  status: string;
  activatedAt: Date | null;
  releasedAt: Date | null;
  resultsUuid: string | null;
  predictedBirthday: string | null;
  isAccurate: boolean | null;
  isUserFeedbackCollected: boolean;
  createdAt: Date;
}

/** Each dog's age tests, newest first (the age test page shows the newest). */
export async function loadAgeTestsForPets(db: Db, petNums: readonly number[]): Promise<Map<number, AgeTestRow[]>> {
  if (petNums.length === 0) return new Map();
  const rows: AgeTestRow[] = await db('age_tests')
    .whereIn('pet_num', petNums)
    .orderBy('pet_num')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .select({
      petNum: 'pet_num',
      status: 'status',
      activatedAt: 'activated_at',
      releasedAt: 'released_at',
      resultsUuid: 'results_uuid',
      predictedBirthday: db.raw("to_char(predicted_birthday, 'YYYY-MM-DD')"),
      isAccurate: 'is_accurate',
      isUserFeedbackCollected: 'is_user_feedback_collected',
      createdAt: 'created_at',
    });
  return groupBy(rows, (row) => row.petNum);
}

export interface LocationRow {
  petNum: number;
  locationType: 'born' | 'from' | 'live' | 'practice';
  businessType: string | null;
  addressInput: string | null;
  formattedAddress: string | null;
  lngLat: number[] | null;
  name: string | null;
  placeId: string | null;
  types: string[];
  vicinity: string | null;
  phone: string | null;
  website: string | null;
}

/** Each dog's places (born, from, live and its vet practice), at most one of each type. */
export async function loadLocationsForPets(db: Db, petNums: readonly number[]): Promise<Map<number, LocationRow[]>> {
  if (petNums.length === 0) return new Map();
  const rows: LocationRow[] = await db('locations')
    .whereIn('pet_num', petNums)
    .orderBy('pet_num')
    .orderBy('location_type')
    .select({
      petNum: 'pet_num',
      locationType: 'location_type',
      businessType: 'business_type',
      addressInput: 'address_input',
      formattedAddress: 'formatted_address',
      lngLat: 'lng_lat',
      name: 'name',
      placeId: 'place_id',
      types: 'types',
      vicinity: 'vicinity',
      phone: 'phone',
      website: 'website',
    });
  return groupBy(rows, (row) => row.petNum);
}

/** Picture public ids of catalogue breeds. */
export async function loadBreedImageIds(db: Db, breedIds: readonly number[]): Promise<Map<number, string | null>> {
  if (breedIds.length === 0) return new Map();
  const rows = await db('breeds').whereIn('id', breedIds).select('id', 'image_public_id');
  return new Map(rows.map((row) => [row.id, row.image_public_id ?? null]));
}
