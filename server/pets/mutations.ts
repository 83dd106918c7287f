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
  handle?: string;
}

/** Creates a dog with a unique handle and makes the user its owner with edit permission. */
export async function insertPetForOwner(db: Db, userId: number, pet: NewPet): Promise<number> {
  const petNum = await insertPet(db, pet);
  await db('pet_owners').insert({ pet_num: petNum, user_id: userId, permission: 'edit', is_primary: true });
  return petNum;
}

/** Creates a dog nobody owns yet (a patient a vet practice registers before its client has an account). */
export async function insertPet(db: Db, pet: NewPet): Promise<number> {
  const handle = pet.handle ?? (await availableHandle(db, handleBaseFor(pet.name)));
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
    })
    .returning('pet_num');
  return petNum;
}

/** The base itself when free, else the base with the smallest free number appended. */
export async function availableHandle(db: Db, base: string): Promise<string> {
  const taken = new Set<string>(
    (await db('pets').where('handle', base).orWhere('handle', 'like', `${base}-%`).pluck('handle')).map((h: string) => h.toLowerCase()),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
