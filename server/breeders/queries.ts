import type { Db } from '../db/index.js';

export interface BreedingDog {
  petNum: number;
  name: string;
  handle: string;
  sex: 'm' | 'f';
}

const hasResults = (db: Db) =>
  db('genotypes').whereRaw('genotypes.pet_num = pets.pet_num').where({ is_current: true, lab_review_hold: false }).select(db.raw('1'));

/** The user's own dogs with results and a known sex: the pair predictor's first choices. */
export async function ownBreedingDogs(db: Db, userId: number): Promise<BreedingDog[]> {
  const rows: { pet_num: number; name: string; call_name: string | null; handle: string; sex: 'm' | 'f' }[] = await db('pets')
    .join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num')
    .where('pet_owners.user_id', userId)
    .whereNull('pets.deleted_at')
    .whereIn('pets.sex', ['m', 'f'])
    .whereExists(hasResults(db))
    .orderBy('pets.name')
    .select('pets.pet_num', 'pets.name', 'pets.call_name', 'pets.handle', 'pets.sex');
  return rows.map((row) => ({ petNum: row.pet_num, name: row.call_name || row.name, handle: row.handle, sex: row.sex }));
}

export async function breedingDog(db: Db, petNum: number): Promise<BreedingDog | undefined> {
  const row = await db('pets').where('pet_num', petNum).whereNull('deleted_at').whereIn('sex', ['m', 'f']).first('pet_num', 'name', 'call_name', 'handle', 'sex');
  return row ? { petNum: row.pet_num, name: row.call_name || row.name, handle: row.handle, sex: row.sex } : undefined;
}
