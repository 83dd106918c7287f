import DataLoader from 'dataloader';
import type { Request } from 'express';
import type { Db } from '../db/index.js';
import type { User } from '../users/queries.js';
import type { Settings } from '../settings.js';
import { findPetsByNums, type Pet } from '../pets/queries.js';
import { pleaseLogIn } from './errors.js';
import { loadOwnerPermissions } from './loaders.js';
import { loadActivatedProductPets, loadAgeTestsForPets, loadBreedImageIds, loadLocationsForPets, loadSwabsForPets } from '../pets/loaders.js';
import { petReadLoaders } from '../pets/reads.js';
import { CARE_PREFERENCES, CARE_RESOURCES } from '../care/queries.js';
import { MICROBIOME_TESTS } from '../microbiome/queries.js';
import { BREED_MIX } from '../results/breed-mix.js';
import { GENETIC_STATS } from '../results/genetic-stats.js';
import { HEALTH_RESULTS } from '../results/health.js';
import { TRAITS } from '../results/traits.js';
import { FAMILY_TREE } from '../results/family-tree.js';
import { HAPLOTYPES } from '../results/haplotypes.js';
import { SIMILAR_PETS } from '../results/breed-info.js';
import { loadProfileFieldsForPets, loadRegistrationsForPets, loadSocialLinksForPets } from '../pet-profile/queries.js';

export interface GraphqlContext {
  settings: Settings;
  db: Db;
  req: Request;
  user: User | null;
  impersonator: User | null;
  loaders: Loaders;
}

export type Loaders = ReturnType<typeof createLoaders>;

/** A DataLoader over a batched query keyed by pet number; `missing` for a dog it does not list. */
function perPet<V>(db: Db, load: (db: Db, keys: readonly number[]) => Promise<Map<number, V>>, missing: () => V) {
  return new DataLoader<number, V>(async (keys) => {
    const found = await load(db, keys);
    return keys.map((key) => (found.has(key) ? found.get(key)! : missing()));
  });
}

/** DataLoaders live for one request, so batching never leaks data between users. */
export function createLoaders(db: Db, user: User | null) {
  const read = petReadLoaders(db);
  return {
    // Results of the genetics engine and what a dog has bought, one query per batch of dogs.
    swabs: perPet(db, loadSwabsForPets, () => []),
    hasActivatedProduct: perPet(db, async (d, nums) => new Map([...(await loadActivatedProductPets(d, nums))].map((num) => [num, true])), () => false),
    ageTests: perPet(db, loadAgeTestsForPets, () => []),
    microbiomeTests: read('microbiomeTests', MICROBIOME_TESTS),
    preferences: read('preferences', CARE_PREFERENCES),
    locations: perPet(db, loadLocationsForPets, () => []),
    // The results, on the pages' read path: the reads a tick asks for, for all its dogs, in one statement.
    breedMix: read('breedMix', BREED_MIX),
    geneticStats: read('geneticStats', GENETIC_STATS),
    healthResults: read('healthResults', HEALTH_RESULTS),
    traits: read('traits', TRAITS),
    haplotypes: read('haplotypes', HAPLOTYPES),
    familyTree: read('familyTree', FAMILY_TREE),
    similarPets: read('similarPets', SIMILAR_PETS),
    careResources: read('careResources', CARE_RESOURCES),
    // The profile form's fields (issue #5).
    profileFields: perPet(db, loadProfileFieldsForPets, () => null),
    registrations: perPet(db, loadRegistrationsForPets, () => []),
    socialLinks: perPet(db, loadSocialLinksForPets, () => []),
    breedImageId: new DataLoader<number, string | null>(async (ids) => {
      const found = await loadBreedImageIds(db, ids);
      return ids.map((id) => found.get(id) ?? null);
    }),
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
