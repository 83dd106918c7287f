import type { Knex } from 'knex';
import { HttpError } from '../http/http-error.js';
import { DOG_NOT_FOUND } from '../shared/messages.js';
import type { Db } from '../db/index.js';
import type { User } from '../users/queries.js';
import { findPet, ownerPermission, PET_COLUMNS, type OwnerPermission, type Pet } from './queries.js';

/** The answer for a dog that does not exist or that the user may not see: the same 404 for both (issue 36 §24). */
export const dogNotFound = () => new HttpError(404, DOG_NOT_FOUND);

export interface PetAccess {
  pet: Pet;
  isEditable: boolean;
  isReadOnly: boolean;
  isOwner: boolean;
}

/** What decides a viewer's access to a dog, as read (with the session, or on its own). */
export interface PetAccessFacts {
  pet: Pet | undefined;
  permission: OwnerPermission | null;
  isPatientOfUsersPractice: boolean;
}

/**
 * Who may read a dog (DESIGN.md): its owners, the vet practice it is a patient of, and admins.
 * Only owners with edit permission on a writable account may change it.
 */
export function petAccessOf(user: User, { pet, permission, isPatientOfUsersPractice }: PetAccessFacts): PetAccess | null {
  if (!pet) return null;
  if (permission) {
    const isEditable = permission === 'edit' && !user.isReadOnly;
    return { pet, isEditable, isReadOnly: !isEditable, isOwner: true };
  }
  if (user.isAdmin || isPatientOfUsersPractice) return { pet, isEditable: false, isReadOnly: true, isOwner: false };
  return null;
}

export async function petAccessFor(db: Db, user: User, petNum: number): Promise<PetAccess | null> {
  if (!Number.isSafeInteger(petNum) || petNum <= 0) return null;
  const [pet, permission] = await Promise.all([findPet(db, petNum), ownerPermission(db, petNum, user.id)]);
  // the practice is asked only about a dog the user neither owns nor may read as an admin
  const isPatient = pet && !permission && !user.isAdmin ? await patientOfUsersPractice(db, petNum, user.id) : false;
  return petAccessOf(user, { pet, permission: permission ?? null, isPatientOfUsersPractice: isPatient });
}

/**
 * The one rule for who may read a dog's results (health, traits, genetic stats, breed mix): whoever
 * may read the dog. Every page and resolver that returns a dog's own results asks it.
 */
export async function mayReadResults(db: Db, user: User, petNum: number): Promise<boolean> {
  return (await petAccessFor(db, user, petNum)) !== null;
}

function patientsOfUsersPractice(db: Db, petNum: number | Knex.Raw, userId: number | Knex.Raw) {
  return (
    db('practice_patients')
      .join('practice_users', 'practice_users.practice_id', 'practice_patients.practice_id')
      .where('practice_patients.pet_num', petNum as number)
      .where('practice_users.user_id', userId as number)
      // a dog its client stopped sharing stays on the practice's list, but is no longer the practice's to read
      .whereNull('practice_patients.unshared_at')
  );
}

async function patientOfUsersPractice(db: Db, petNum: number, userId: number): Promise<boolean> {
  return Boolean(await patientsOfUsersPractice(db, petNum, userId).first(db.raw('1 as found')));
}

export interface PetAccessRow {
  access_pet: (Omit<Pet, 'createdAt'> & { createdAt: string }) | null;
  access_permission: OwnerPermission | null;
  access_is_patient: boolean;
}

/**
 * PetAccessFacts as three columns of a surrounding query (the session's: auth/session-store.ts),
 * for the dog `petNum` and the account in `userIdColumn`.
 */
export function petAccessColumns(db: Db, petNum: number, userIdColumn: string) {
  const userId = db.raw('??', [userIdColumn]);
  const pet = db('pets').where('pet_num', petNum).whereNull('deleted_at').select(PET_COLUMNS);
  const permission = db('pet_owners').where('pet_num', petNum).where('user_id', userId as never).select('permission');
  return db.raw('(select row_to_json(p) from (?) p) as access_pet, (?) as access_permission, exists (?) as access_is_patient', [
    pet,
    permission,
    patientsOfUsersPractice(db, petNum, userId).select(db.raw('1')),
  ]);
}

export const petAccessFactsOf = (row: PetAccessRow): PetAccessFacts => ({
  pet: row.access_pet ? { ...row.access_pet, createdAt: new Date(row.access_pet.createdAt) } : undefined,
  permission: row.access_permission,
  isPatientOfUsersPractice: row.access_is_patient,
});
