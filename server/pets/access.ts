import type { Db } from '../db/index.js';
import type { User } from '../users/queries.js';
import { findPet, ownerPermission, type Pet } from './queries.js';

export interface PetAccess {
  pet: Pet;
  isEditable: boolean;
  isReadOnly: boolean;
  isOwner: boolean;
}

/**
 * Who may read a dog (DESIGN.md): its owners, the vet practice it is a patient of, and admins.
 * Only owners with edit permission on a writable account may change it.
 */
export async function petAccessFor(db: Db, user: User, petNum: number): Promise<PetAccess | null> {
  if (!Number.isSafeInteger(petNum) || petNum <= 0) return null;
  const [pet, permission] = await Promise.all([findPet(db, petNum), ownerPermission(db, petNum, user.id)]);
  if (!pet) return null;
  if (permission) {
    const isEditable = permission === 'edit' && !user.isReadOnly;
    return { pet, isEditable, isReadOnly: !isEditable, isOwner: true };
  }
  if (user.isAdmin || (await isPatientOfUsersPractice(db, petNum, user.id))) {
    return { pet, isEditable: false, isReadOnly: true, isOwner: false };
  }
  return null;
}

/**
 * The one rule for who may read a dog's results (health, traits, genetic stats, breed mix): whoever
 * may read the dog. Every page and resolver that returns a dog's own results asks it.
 */
export async function mayReadResults(db: Db, user: User, petNum: number): Promise<boolean> {
  return (await petAccessFor(db, user, petNum)) !== null;
}

async function isPatientOfUsersPractice(db: Db, petNum: number, userId: number): Promise<boolean> {
  const row = await db('practice_patients')
    .join('practice_users', 'practice_users.practice_id', 'practice_patients.practice_id')
    .where({ 'practice_patients.pet_num': petNum, 'practice_users.user_id': userId })
    // a dog its client stopped sharing stays on the practice's list, but is no longer the practice's to read
    .whereNull('practice_patients.unshared_at')
    .first(db.raw('1 as found'));
  return Boolean(row);
}
