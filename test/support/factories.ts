import { randomBytes, scryptSync } from 'node:crypto';
import type { Db } from '../../server/db/index.js';
import { insertUser, type NewUser, type User } from '../../server/users/queries.js';
import { insertPetForOwner, type NewPet } from '../../server/pets/mutations.js';

export const TEST_PASSWORD = 'secret-pass';
let sequence = 0;

/**
 * A password hash in the stored format (`scrypt$N$r$p$salt$hash`) at a low cost. Sign-in verifies
 * with the cost a hash names, so test accounts sign in through the real check in a few milliseconds
 * instead of the 50 ms the production cost takes, a thousand times a run.
 */
export function cheapPasswordHash(password: string): string {
  const [N, r, p] = [1024, 8, 1];
  const salt = randomBytes(16);
  return ['scrypt', N, r, p, salt.toString('base64'), scryptSync(password, salt, 32, { N, r, p }).toString('base64')].join('$');
}

const testPasswordHash = cheapPasswordHash(TEST_PASSWORD);

export async function createUser(db: Db, overrides: Partial<Omit<NewUser, 'passwordHash'>> = {}): Promise<User> {
  sequence++;
  return insertUser(db, { email: `user${sequence}@example.test`, name: `User ${sequence}`, passwordHash: testPasswordHash, ...overrides });
}

export async function createPet(db: Db, ownerId: number, overrides: Partial<NewPet> = {}): Promise<number> {
  sequence++;
  return insertPetForOwner(db, ownerId, { name: `Dog ${sequence}`, ...overrides });
}

export async function shareOwnership(db: Db, petNum: number, userId: number, permission: 'edit' | 'read'): Promise<void> {
  await db('pet_owners').insert({ pet_num: petNum, user_id: userId, permission, is_primary: false });
}
