import type { Db } from '../../server/db/index.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { insertUser, type NewUser, type User } from '../../server/users/queries.js';
import { insertPetForOwner, type NewPet } from '../../server/pets/mutations.js';

export const TEST_PASSWORD = 'secret-pass';
let sequence = 0;
let passwordHash: Promise<string> | undefined;

export async function createUser(db: Db, overrides: Partial<Omit<NewUser, 'passwordHash'>> = {}): Promise<User> {
  sequence++;
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return insertUser(db, { email: `user${sequence}@example.test`, name: `User ${sequence}`, passwordHash: await passwordHash, ...overrides });
}

export async function createPet(db: Db, ownerId: number, overrides: Partial<NewPet> = {}): Promise<number> {
  sequence++;
  return insertPetForOwner(db, ownerId, { name: `Dog ${sequence}`, ...overrides });
}

export async function shareOwnership(db: Db, petNum: number, userId: number, permission: 'edit' | 'read'): Promise<void> {
  await db('pet_owners').insert({ pet_num: petNum, user_id: userId, permission, is_primary: false });
}
