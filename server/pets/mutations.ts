import type { Db } from '../db/index.js';
import { handleBaseFor } from './handles.js';

export interface NewPet {
  name: string;
  sex?: 'f' | 'm' | null;
  dateOfBirth?: string | null;
  breedType?: string | null;
  isPrimaryOwnerBreeder?: boolean;
  isEligibleForInsurance?: boolean;
  insuranceUrl?: string | null;
  /** A handle, or how to choose a free one (asked again when another dog took it meanwhile); by default availableHandle. */
  handle?: string | ((db: Db) => Promise<string>);
  /** The column's default when left out (addPetForOwner then sets the account's); a practice's patient starts private. */
  privacy?: 'public' | 'public-private' | 'private';
}

/** Creates a dog with a unique handle and makes the user its owner with edit permission. */
export async function insertPetForOwner(db: Db, userId: number, pet: NewPet): Promise<number> {
  const petNum = await insertPet(db, pet);
  await db('pet_owners').insert({ pet_num: petNum, user_id: userId, permission: 'edit', is_primary: true });
  return petNum;
}

/**
 * Creates a dog nobody owns yet (a patient a vet practice registers before its client has an
 * account). A handle it chooses itself is chosen under a lock on the name's handle base, held to
 * the end of the transaction: dogs of one name added at once (a form sent twenty times) take turns,
 * each seeing the handles the ones before it committed, so none fails on the unique index.
 */
export async function insertPet(db: Db, pet: NewPet): Promise<number> {
  if (typeof pet.handle === 'string') return insertPetRow(db, pet, pet.handle);
  const choose = pet.handle ?? ((db: Db) => availableHandle(db, handleBaseFor(pet.name)));
  const inTurn = async (trx: Db) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`pet-handle:${handleBaseFor(pet.name)}`]);
    return insertPetRow(trx, pet, await choose(trx));
  };
  return (db as Db & { isTransaction?: boolean }).isTransaction ? inTurn(db) : db.transaction(inTurn);
}

async function insertPetRow(db: Db, pet: NewPet, handle: string): Promise<number> {
  const [{ pet_num: petNum }] = await db('pets')
    .insert({
      name: pet.name,
      handle,
      sex: pet.sex ?? null,
      date_of_birth: pet.dateOfBirth ?? null,
      breed_type: pet.breedType ?? null,
      is_primary_owner_breeder: pet.isPrimaryOwnerBreeder ?? false,
      is_eligible_for_insurance: pet.isEligibleForInsurance ?? false,
      insurance_url: pet.insuranceUrl ?? null,
      avatar_color_index: 1 + (pet.name.length % 9),
      ...(pet.privacy ? { privacy: pet.privacy } : {}),
    })
    .returning('pet_num');
  return petNum as number;
}

/** The base itself when free, else the base with the smallest free number appended. */
export async function availableHandle(db: Db, base: string): Promise<string> {
  const taken = new Set<string>(
    (await db('pets').where('handle', base).orWhere('handle', 'like', `${base}-%`).pluck('handle')).map((h: string) => h.toLowerCase()),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
