import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import type { User } from '../users/queries.js';
import { petAccessFor } from '../pets/access.js';

/**
 * Dogs the matchmaker may offer (issue 14): never private dogs, dogs excluded from the matchmaker,
 * hidden or deleted dogs, or dogs without results (a current genotype the lab has released).
 */
export function whereMatchmakerVisible<T extends Knex.QueryBuilder>(query: T, db: Db, petColumn = 'pets.pet_num'): T {
  return query
    .whereNot('pets.privacy', 'private')
    .where('pets.exclude_from_matchmaker', false)
    .where('pets.is_hidden', false)
    .whereNull('pets.deleted_at')
    .whereExists(db('genotypes').whereRaw(`genotypes.pet_num = ${petColumn}`).where({ is_current: true, lab_review_hold: false }).select(db.raw('1'))) as T;
}

export async function isMatchmakerVisible(db: Db, petNum: number): Promise<boolean> {
  const row = await whereMatchmakerVisible(db('pets').where('pets.pet_num', petNum), db).first(db.raw('1 as found'));
  return Boolean(row);
}

/**
 * The breeder tools (pair predictor, dog settings, kennel profile) are for breeder accounts: spec 2 §2 lists them in
 * the footer's Breeder Tools column "for breeders", and spec 1 §1 says "Breeders use a pair predictor". An admin
 * helping a breeder impersonates them. (The matchmaker needs the showMatchMaker permission instead.)
 */
export const usesBreederTools = (user: User): boolean => user.userType === 'Breeder';

/** The pair predictor is a breeder tool; an account an admin gave the matchmaker uses it too, as every matchmaker row links to it. */
export const mayUsePairPredictor = (user: User): boolean => usesBreederTools(user) || user.showMatchMaker;

/** A dog may go into the pair predictor when the user may read it, or when the user's matchmaker would show it. */
export async function mayPairWith(db: Db, user: User, petNum: number): Promise<boolean> {
  if (await petAccessFor(db, user, petNum)) return true;
  return user.showMatchMaker && (await isMatchmakerVisible(db, petNum));
}
