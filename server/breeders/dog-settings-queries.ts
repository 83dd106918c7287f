import type { Db } from '../db/index.js';
import type { DogPrivacy } from './dog-settings-rules.js';

export interface BreederDogSettings {
  petNum: number;
  name: string;
  handle: string;
  sex: 'm' | 'f' | null;
  privacy: DogPrivacy['privacy'];
  excludeFromMatchmaker: boolean;
  hasResults: boolean;
}

/** Every dog the user may edit, with its privacy and matchmaker setting, by name. */
export async function breederDogSettings(db: Db, userId: number): Promise<BreederDogSettings[]> {
  const rows = await db('pets')
    .join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num')
    .where({ 'pet_owners.user_id': userId, 'pet_owners.permission': 'edit' })
    .whereNull('pets.deleted_at')
    .orderBy([{ column: 'pets.name' }, { column: 'pets.pet_num' }])
    .select(
      'pets.pet_num',
      'pets.name',
      'pets.call_name',
      'pets.handle',
      'pets.sex',
      'pets.privacy',
      'pets.exclude_from_matchmaker',
      db.raw('exists (select 1 from genotypes where genotypes.pet_num = pets.pet_num and genotypes.is_current and not genotypes.lab_review_hold) as has_results'),
    );
  return rows.map((row) => ({
    petNum: row.pet_num,
    name: row.call_name || row.name,
    handle: row.handle,
    sex: row.sex,
    privacy: row.privacy,
    excludeFromMatchmaker: row.exclude_from_matchmaker,
    hasResults: Boolean(row.has_results),
  }));
}

export class NotYourDog extends Error {}

/**
 * Saves every dog's privacy and matchmaker setting in one transaction. Each dog must be the
 * user's with edit permission (rows locked first) and named by its own handle; otherwise nothing
 * is written and NotYourDog is thrown.
 */
export async function saveDogsPrivacy(db: Db, userId: number, dogs: readonly DogPrivacy[]): Promise<number> {
  return db.transaction(async (trx) => {
    const owned: { pet_num: number; handle: string }[] = await trx('pets')
      .join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num')
      .where({ 'pet_owners.user_id': userId, 'pet_owners.permission': 'edit' })
      .whereNull('pets.deleted_at')
      .whereIn('pets.pet_num', dogs.map((dog) => dog.petNum))
      .forUpdate('pets')
      .select('pets.pet_num', 'pets.handle');
    const handles = new Map(owned.map((row) => [row.pet_num, row.handle.toLowerCase()]));
    if (dogs.some((dog) => handles.get(dog.petNum) !== dog.handle.toLowerCase())) throw new NotYourDog();
    for (const dog of dogs) {
      await trx('pets').where('pet_num', dog.petNum).update({ privacy: dog.privacy, exclude_from_matchmaker: dog.excludeFromMatchmaker, updated_at: trx.fn.now() });
    }
    return dogs.length;
  });
}
