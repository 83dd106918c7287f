import type { Db } from '../db/index.js';
import type { RateLimit } from '../db/rate-limits.js';
import { MAX_WRONG_CODES_PER_HOUR, type ActivationStep, type NewDogAnswer } from './rules.js';

// The lookup expression of migration 20261124040005 (its index makes the lookup one probe).
export const normalisedCodeSql = (column: string) => `upper(regexp_replace(${column}::text, '[[:space:]-]', '', 'g'))`;

export interface KitSwab {
  id: number;
  swabCode: string;
  isMethylation: boolean;
  swabState: string;
}

/** A kit (or a swab sold without one) as activation sees it. */
export interface KitForActivation {
  kitId: number | null;
  boxKey: string | null;
  productType: string;
  purchaseSource: string | null;
  orderNumber: string | null;
  kitState: string | null;
  practice: { practiceId: number; name: string } | null;
  swabs: KitSwab[];
  hasMicrobiomeTest: boolean;
}

interface KitRow {
  id: number;
  box_key: string;
  product_type: string;
  purchase_source: string | null;
  order_number: string | null;
  state: string;
  practice_id: number | null;
  practice_name: string | null;
}

async function kitRow(db: Db, where: (query: ReturnType<Db>) => void, lock: boolean): Promise<KitRow | undefined> {
  const query = db('kits').leftJoin('vet_practices', 'vet_practices.id', 'kits.practice_id');
  where(query);
  if (lock) query.forUpdate('kits');
  return query.first('kits.id', 'kits.box_key', 'kits.product_type', 'kits.purchase_source', 'kits.order_number', 'kits.state', 'kits.practice_id', 'vet_practices.name as practice_name');
}

async function swabsOf(db: Db, where: Record<string, number>, lock: boolean): Promise<(KitSwab & { kitId: number | null; productType: string; purchaseSource: string | null })[]> {
  const query = db('swabs').where(where).orderBy('id');
  if (lock) query.forUpdate();
  return query.select({ id: 'id', swabCode: 'swab_code', isMethylation: 'is_methylation', swabState: 'swab_state', kitId: 'kit_id', productType: 'product_type', purchaseSource: 'purchase_source' });
}

async function describe(db: Db, kit: KitRow | undefined, looseSwabId: number | null, lock: boolean): Promise<KitForActivation | null> {
  if (kit) {
    const swabs = await swabsOf(db, { kit_id: kit.id }, lock);
    const microbiome = kit.product_type === 'Microbiome' ? await db('microbiome_tests').where({ kit_id: kit.id }).first('id') : undefined;
    return {
      kitId: kit.id,
      boxKey: kit.box_key,
      productType: kit.product_type,
      purchaseSource: kit.purchase_source,
      orderNumber: kit.order_number,
      kitState: kit.state,
      practice: kit.practice_id && kit.practice_name ? { practiceId: kit.practice_id, name: kit.practice_name } : null,
      swabs: swabs.map(({ id, swabCode, isMethylation, swabState }) => ({ id, swabCode, isMethylation, swabState })),
      hasMicrobiomeTest: Boolean(microbiome),
    };
  }
  if (looseSwabId === null) return null;
  const [swab] = await swabsOf(db, { id: looseSwabId }, lock);
  if (!swab) return null;
  return {
    kitId: null,
    boxKey: null,
    productType: swab.productType,
    purchaseSource: swab.purchaseSource,
    orderNumber: null,
    kitState: null,
    practice: null,
    swabs: [{ id: swab.id, swabCode: swab.swabCode, isMethylation: swab.isMethylation, swabState: swab.swabState }],
    hasMicrobiomeTest: false,
  };
}

/** The kit whose box key, or one of whose swabs' codes, is `code` (normalised); null when none. */
export async function findKitByCode(db: Db, code: string): Promise<KitForActivation | null> {
  const kit = await kitRow(db, (q) => q.whereRaw(`${normalisedCodeSql('kits.box_key')} = ?`, [code]), false);
  if (kit) return describe(db, kit, null, false);
  const swab = await db('swabs').whereRaw(`${normalisedCodeSql('swab_code')} = ?`, [code]).first('id', 'kit_id');
  if (!swab) return null;
  if (swab.kit_id) return describe(db, await kitRow(db, (q) => q.where('kits.id', swab.kit_id), false), null, false);
  return describe(db, undefined, swab.id, false);
}

/** The kit of an activation; with `lock` (inside a transaction) its kit and swab rows stay locked until it ends. */
export async function kitOfActivation(db: Db, activation: { kitId: number | null; swabId: number | null }, { lock }: { lock: boolean }): Promise<KitForActivation | null> {
  if (activation.kitId !== null) return describe(db, await kitRow(db, (q) => q.where('kits.id', activation.kitId), lock), null, lock);
  return describe(db, undefined, activation.swabId, lock);
}

// ---- wrong codes (issue 15: at most 10 an hour per account)

/** Codes an account entered that matched no kit, counted by rate-limiter-flexible in the database. */
export const WRONG_CODES: RateLimit = { keyPrefix: 'activation-wrong-codes', points: MAX_WRONG_CODES_PER_HOUR, duration: 60 * 60 };

/** Serialises one account's code lookups, so the count and the new attempt cannot interleave. */
export async function lockAccountForCodeLookup(trx: Db, userId: number): Promise<void> {
  await trx('users').where({ id: userId }).forUpdate().first('id');
}

// ---- activations in progress

export interface Activation {
  id: number;
  userId: number;
  code: string;
  kitId: number | null;
  swabId: number | null;
  step: ActivationStep;
  petNum: number | null;
  newPet: NewDogAnswer | null;
  practiceId: number | null;
  howHeard: string | null;
  agreedToResearch: boolean | null;
  researchAnsweredAt: Date | null;
  completedAt: Date | null;
}

const ACTIVATION_COLUMNS = {
  id: 'id',
  userId: 'user_id',
  code: 'code',
  kitId: 'kit_id',
  swabId: 'swab_id',
  step: 'step',
  petNum: 'pet_num',
  newPet: 'new_pet',
  practiceId: 'practice_id',
  howHeard: 'how_heard',
  agreedToResearch: 'agreed_to_research',
  researchAnsweredAt: 'research_answered_at',
  completedAt: 'completed_at',
};

/** The account's activation in progress, if any. */
export async function openActivation(db: Db, userId: number, options: { lock?: boolean } = {}): Promise<Activation | undefined> {
  const query = db('kit_activations').where({ user_id: userId }).whereNull('completed_at');
  if (options.lock) query.forUpdate();
  return query.first<Activation | undefined>(ACTIVATION_COLUMNS);
}

/** Starts an activation for a found kit, replacing the account's unfinished one (another kit). */
export async function startActivation(db: Db, userId: number, code: string, kit: KitForActivation, howHeard: string | null): Promise<Activation> {
  await db('kit_activations').where({ user_id: userId }).whereNull('completed_at').delete();
  const swabId = kit.kitId === null ? kit.swabs[0].id : null;
  const [row] = await db('kit_activations')
    .insert({ user_id: userId, code, kit_id: kit.kitId, swab_id: swabId, how_heard: howHeard })
    .returning(Object.values(ACTIVATION_COLUMNS));
  return fromRow(row);
}

export async function updateActivation(db: Db, id: number, changes: Record<string, unknown>): Promise<Activation> {
  const [row] = await db('kit_activations')
    .where({ id })
    .update({ ...changes, updated_at: db.fn.now() })
    .returning(Object.values(ACTIVATION_COLUMNS));
  return fromRow(row);
}

export async function hasFinishedActivation(db: Db, userId: number, code: string): Promise<boolean> {
  return Boolean(await db('kit_activations').where({ user_id: userId, code }).whereNotNull('completed_at').first('id'));
}

export async function deleteOpenActivation(db: Db, userId: number): Promise<void> {
  await db('kit_activations').where({ user_id: userId }).whereNull('completed_at').delete();
}

function fromRow(row: Record<string, unknown>): Activation {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(ACTIVATION_COLUMNS)) out[key] = row[column];
  return out as unknown as Activation;
}

// ---- the account's dogs

export interface DogChoice {
  petNum: number;
  name: string;
  hasDnaTest: boolean;
  hasAgeTestInProgress: boolean;
}

/** Dogs the account may activate a kit for: its own, with edit permission, not deleted. */
export async function dogsForActivation(db: Db, userId: number, petNum?: number): Promise<DogChoice[]> {
  const query = db('pets')
    .join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num')
    .where({ 'pet_owners.user_id': userId, 'pet_owners.permission': 'edit' })
    .whereNull('pets.deleted_at')
    .orderBy('pets.name')
    .orderBy('pets.pet_num')
    .select('pets.pet_num', 'pets.name')
    .select(
      db.raw(
        "exists (select 1 from swabs where swabs.pet_num = pets.pet_num and not swabs.is_methylation and swabs.swab_state not in ('failed', 'void')) as has_dna_test",
      ),
      db.raw("exists (select 1 from age_tests where age_tests.pet_num = pets.pet_num and age_tests.status in ('ordered', 'activated', 'processing')) as has_age_test"),
    );
  if (petNum !== undefined) query.where('pets.pet_num', petNum);
  const rows: { pet_num: number; name: string; has_dna_test: boolean; has_age_test: boolean }[] = await query;
  return rows.map((row) => ({ petNum: row.pet_num, name: row.name, hasDnaTest: row.has_dna_test, hasAgeTestInProgress: row.has_age_test }));
}

export async function practiceName(db: Db, practiceId: number): Promise<string | null> {
  const row = await db('vet_practices').where({ id: practiceId }).first('name');
  return row?.name ?? null;
}
