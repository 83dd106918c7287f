import type { Db } from '../db/index.js';

export interface Pet {
  petNum: number;
  id: string;
  name: string;
  callName: string | null;
  handle: string;
  hashPetId: string;
  sex: 'f' | 'm' | null;
  dateOfBirth: string | null;
  /** How much of dateOfBirth the owner gave: 'day', 'month' or 'year' (the rest of the stored date is filler). */
  dateOfBirthPrecision: 'day' | 'month' | 'year' | null;
  isDateOfBirthEstimated: boolean;
  intact: 'i' | 'f' | null;
  breedType: string | null;
  profileImagePublicId: string | null;
  avatarColorIndex: number;
  privacy: 'public' | 'public-private' | 'private';
  isHidden: boolean;
  isDeceased: boolean;
  showRelativeFinder: boolean;
  shouldShowCareResources: boolean;
  isPrimaryOwnerBreeder: boolean;
  isPartOfAgeTestStudy: boolean;
  isEligibleForInsurance: boolean;
  insuranceUrl: string | null;
  showOfaReport: boolean;
  embarkMayContactVet: boolean | null;
  createdAt: Date;
  /** Moves whenever the lab writes the dog's results (migration 20261201000002): what was read of them under it still stands. */
  resultsVersion: number;
}

export const PET_COLUMNS = {
  petNum: 'pets.pet_num',
  id: 'pets.id',
  name: 'pets.name',
  callName: 'pets.call_name',
  handle: 'pets.handle',
  hashPetId: 'pets.hash_pet_id',
  sex: 'pets.sex',
  dateOfBirth: 'pets.date_of_birth',
  dateOfBirthPrecision: 'pets.date_of_birth_precision',
  isDateOfBirthEstimated: 'pets.is_date_of_birth_estimated',
  intact: 'pets.intact',
  breedType: 'pets.breed_type',
  profileImagePublicId: 'pets.profile_image_public_id',
  avatarColorIndex: 'pets.avatar_color_index',
  privacy: 'pets.privacy',
  isHidden: 'pets.is_hidden',
  isDeceased: 'pets.is_deceased',
  showRelativeFinder: 'pets.show_relative_finder',
  shouldShowCareResources: 'pets.should_show_care_resources',
  isPrimaryOwnerBreeder: 'pets.is_primary_owner_breeder',
  isPartOfAgeTestStudy: 'pets.is_part_of_age_test_study',
  isEligibleForInsurance: 'pets.is_eligible_for_insurance',
  insuranceUrl: 'pets.insurance_url',
  showOfaReport: 'pets.show_ofa_report',
  embarkMayContactVet: 'pets.embark_may_contact_vet',
  createdAt: 'pets.created_at',
  resultsVersion: 'pets.results_version',
} as const;

export type OwnerPermission = 'edit' | 'read';

export interface OwnedPet extends Pet {
  ownerId: number;
  permission: OwnerPermission;
}

/** Dogs a user owns, deleted ones left out; newest first unless sorted otherwise. */
export function ownedPetsQuery(db: Db, userId: number) {
  return db('pets')
    .join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num')
    .where('pet_owners.user_id', userId)
    .whereNull('pets.deleted_at')
    .select<OwnedPet[]>({ ...PET_COLUMNS, ownerId: 'pet_owners.user_id', permission: 'pet_owners.permission' });
}

export function ownedPetCountQuery(db: Db, userId: number) {
  return db('pet_owners').join('pets', 'pets.pet_num', 'pet_owners.pet_num').where('pet_owners.user_id', userId).whereNull('pets.deleted_at').count('*');
}

export async function countOwnedPets(db: Db, userId: number): Promise<number> {
  const [row] = (await ownedPetCountQuery(db, userId)) as { count: number }[];
  return Number(row.count);
}

export async function findPet(db: Db, petNum: number): Promise<Pet | undefined> {
  return db('pets').where('pet_num', petNum).whereNull('deleted_at').first<Pet | undefined>(PET_COLUMNS);
}

export async function findPetsByNums(db: Db, petNums: readonly number[]): Promise<Pet[]> {
  return db('pets').whereIn('pet_num', petNums).whereNull('deleted_at').select<Pet[]>(PET_COLUMNS);
}

export async function ownerPermission(db: Db, petNum: number, userId: number): Promise<OwnerPermission | undefined> {
  const row = await db('pet_owners').where({ pet_num: petNum, user_id: userId }).first('permission');
  return row?.permission;
}

/** The dog the footer talks about when the page is not about one: the user's newest. */
export function newestOwnedPetQuery(db: Db, userId: number) {
  return ownedPetsQuery(db, userId).orderBy('pets.created_at', 'desc').orderBy('pets.pet_num', 'desc').limit(1);
}
