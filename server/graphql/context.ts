import DataLoader from 'dataloader';
import type { Request } from 'express';
import type { Db } from '../db/index.js';
import type { User } from '../users/queries.js';
import type { Settings } from '../settings.js';
import { findPetsByNums, type Pet } from '../pets/queries.js';
import { pleaseLogIn } from './errors.js';
import { loadOwnerPermissions } from './loaders.js';

export interface GraphqlContext {
  settings: Settings;
  db: Db;
  req: Request;
  user: User | null;
  impersonator: User | null;
  loaders: Loaders;
}

export type Loaders = ReturnType<typeof createLoaders>;

/** DataLoaders live for one request, so batching never leaks data between users. */
export function createLoaders(db: Db, user: User | null) {
  return {
    petByNum: new DataLoader<number, Pet | null>(async (nums) => {
      const pets = await findPetsByNums(db, nums);
      const byNum = new Map(pets.map((pet) => [pet.petNum, pet]));
      return nums.map((num) => byNum.get(num) ?? null);
    }),
    ownerPermission: new DataLoader<number, 'edit' | 'read' | null>((nums) => (user ? loadOwnerPermissions(db, user.id, nums) : Promise.resolve(nums.map(() => null)))),
  };
}

export function buildContext(db: Db, settings: Settings, req: Request): GraphqlContext {
  const user = req.currentUser ?? null;
  return { db, settings, req, user, impersonator: req.impersonator ?? null, loaders: createLoaders(db, user) };
}

export function requireSignedIn(context: GraphqlContext): User {
  if (!context.user) throw pleaseLogIn();
  return context.user;
}
