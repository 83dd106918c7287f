import type { Db } from '../db/index.js';
import type { Pet } from '../pets/queries.js';
import { profileImageUrl } from '../pets/images.js';
import type { DateParts, Privacy } from '../shared/pet-profile-rules.js';
import { partsFromStoredDate } from './dates.js';
import { petShellFacts } from '../shell/counts.js';
import type { AboutPetFeed, Registration, SocialLink } from '../shared/pet-profile-types.js';

export type { AboutPetFeed, Registration, SocialLink } from '../shared/pet-profile-types.js';

/** The profile fields kept beside the Pet columns every page loads. */
export interface ProfileFields {
  story: string | null;
  prefixTitles: string[];
  suffixTitles: string[];
  dateOfBirth: DateParts;
  dateOfAdoption: DateParts;
  areBothParentsRegistered: 'yes' | 'no' | null;
  agreedToResearch: boolean;
  optOutOfCommunications: boolean;
  excludeFromMatchmaker: boolean;
  statedBreed: { id: number; name: string } | null;
}

const trimChar = (value: string | null) => (value === null ? null : value.trim());

/** The profile fields of several dogs in one query (deleted dogs are left out). */
export async function loadProfileFieldsForPets(db: Db, petNums: readonly number[]): Promise<Map<number, ProfileFields>> {
  const rows = await db('pets')
    .leftJoin('breeds', 'breeds.id', 'pets.stated_breed_id')
    .whereIn('pets.pet_num', petNums)
    .whereNull('pets.deleted_at')
    .select(
      'pets.pet_num',
      'pets.story',
      'pets.prefix_titles',
      'pets.suffix_titles',
      'pets.date_of_birth',
      'pets.date_of_birth_precision',
      'pets.is_date_of_birth_estimated',
      'pets.date_of_adoption',
      'pets.date_of_adoption_precision',
      'pets.is_date_of_adoption_estimated',
      'pets.are_both_parents_registered',
      'pets.agreed_to_research',
      'pets.opt_out_of_communications',
      'pets.exclude_from_matchmaker',
      'pets.stated_breed_id',
      'breeds.name as stated_breed_name',
    );
  return new Map(
    rows.map((row) => [
      row.pet_num as number,
      {
        story: row.story,
        prefixTitles: row.prefix_titles ?? [],
        suffixTitles: row.suffix_titles ?? [],
        dateOfBirth: partsFromStoredDate(row.date_of_birth, row.date_of_birth_precision, row.is_date_of_birth_estimated),
        dateOfAdoption: partsFromStoredDate(row.date_of_adoption, row.date_of_adoption_precision, row.is_date_of_adoption_estimated),
        areBothParentsRegistered: row.are_both_parents_registered,
        agreedToResearch: row.agreed_to_research,
        optOutOfCommunications: row.opt_out_of_communications,
        excludeFromMatchmaker: row.exclude_from_matchmaker,
        statedBreed: row.stated_breed_id ? { id: row.stated_breed_id, name: row.stated_breed_name } : null,
      },
    ]),
  );
}

export async function loadProfileFields(db: Db, petNum: number): Promise<ProfileFields | undefined> {
  return (await loadProfileFieldsForPets(db, [petNum])).get(petNum);
}

/** Each dog's registrations, in the organizations' order. */
export async function loadRegistrationsForPets(db: Db, petNums: readonly number[]): Promise<Map<number, Registration[]>> {
  const rows: (Registration & { petNum: number })[] = await db('pet_registrations')
    .join('registration_organizations as o', 'o.id', 'pet_registrations.registration_organization_id')
    .whereIn('pet_registrations.pet_num', petNums)
    .orderBy('o.sort_order')
    .orderBy('o.name')
    .select({
      petNum: 'pet_registrations.pet_num',
      organizationId: 'o.id',
      organizationName: 'o.name',
      registrationNumber: 'pet_registrations.registration_number',
      registeredName: 'pet_registrations.registered_name',
    });
  return groupByPet(rows, ({ petNum: _petNum, ...registration }) => registration);
}

export async function loadRegistrations(db: Db, petNum: number): Promise<Registration[]> {
  return (await loadRegistrationsForPets(db, [petNum])).get(petNum) ?? [];
}

const NETWORK_ORDER = ['facebook', 'instagram', 'tiktok', 'youtube', 'x', 'website'];

/** Each dog's social links, in the order the settings list them. */
export async function loadSocialLinksForPets(db: Db, petNums: readonly number[]): Promise<Map<number, SocialLink[]>> {
  const rows: (SocialLink & { pet_num: number })[] = await db('pet_social_links').whereIn('pet_num', petNums).select('pet_num', 'network', 'url');
  rows.sort((a, b) => NETWORK_ORDER.indexOf(a.network) - NETWORK_ORDER.indexOf(b.network));
  return groupByPet(
    rows.map((row) => ({ ...row, petNum: row.pet_num })),
    ({ network, url }) => ({ network, url }),
  );
}

export async function loadSocialLinks(db: Db, petNum: number): Promise<SocialLink[]> {
  return (await loadSocialLinksForPets(db, [petNum])).get(petNum) ?? [];
}

function groupByPet<R extends { petNum: number }, V>(rows: readonly R[], value: (row: R) => V): Map<number, V[]> {
  const grouped = new Map<number, V[]>();
  for (const row of rows) {
    const list = grouped.get(row.petNum) ?? [];
    list.push(value(row));
    grouped.set(row.petNum, list);
  }
  return grouped;
}

export async function defaultPetPrivacy(db: Db, userId: number): Promise<Privacy> {
  const row = await db('users').where({ id: userId }).first('default_pet_privacy');
  return (row?.default_pet_privacy ?? 'public') as Privacy;
}

/** Whether the dog's primary owner (or, without one, any owner with edit permission) has a breeder account. */
export async function ownerIsBreeder(db: Db, petNum: number): Promise<boolean> {
  const row = await db('pet_owners')
    .join('users', 'users.id', 'pet_owners.user_id')
    .where('pet_owners.pet_num', petNum)
    .orderBy('pet_owners.is_primary', 'desc')
    .orderByRaw("pet_owners.permission = 'edit' desc")
    .orderBy('pet_owners.created_at')
    .first('users.is_breeder');
  return Boolean(row?.is_breeder);
}

/** The feed of the about-pet widgets; the caller has checked that the user may read the dog. */
export async function loadAboutPetFeed(
  db: Db,
  pet: Pet,
  viewer: { userId: number; isEditable: boolean },
): Promise<AboutPetFeed | undefined> {
  const [fields, registrations, socialLinks, defaultPrivacy, isBreeder, shellFacts, flags] = await Promise.all([
    loadProfileFields(db, pet.petNum),
    loadRegistrations(db, pet.petNum),
    loadSocialLinks(db, pet.petNum),
    defaultPetPrivacy(db, viewer.userId),
    ownerIsBreeder(db, pet.petNum),
    petShellFacts(db, pet.petNum),
    db('pets').where({ pet_num: pet.petNum }).first('intact', 'sex'),
  ]);
  if (!fields) return undefined;
  return {
    petNum: pet.petNum,
    petUuid: pet.id,
    name: pet.name,
    callName: pet.callName,
    handle: pet.handle,
    story: fields.story,
    sex: trimChar(flags?.sex ?? null) as AboutPetFeed['sex'],
    intact: trimChar(flags?.intact ?? null) as AboutPetFeed['intact'],
    breedType: pet.breedType || null,
    statedBreed: fields.statedBreed,
    registrations,
    prefixTitles: fields.prefixTitles,
    suffixTitles: fields.suffixTitles,
    dateOfBirth: fields.dateOfBirth,
    dateOfAdoption: fields.dateOfAdoption,
    areBothParentsRegistered: fields.areBothParentsRegistered,
    isPrimaryOwnerBreeder: pet.isPrimaryOwnerBreeder,
    agreedToResearch: fields.agreedToResearch,
    privacy: pet.privacy,
    defaultPrivacy,
    isHidden: pet.isHidden,
    isDeceased: pet.isDeceased,
    optOutOfCommunications: fields.optOutOfCommunications,
    excludeFromMatchmaker: fields.excludeFromMatchmaker,
    socialLinks,
    profileImageUrl: profileImageUrl(pet),
    avatarColorIndex: pet.avatarColorIndex,
    ownerIsBreeder: isBreeder,
    shouldShowCareResources: pet.shouldShowCareResources,
    hasResults: shellFacts.hasResults,
    isUpgradeAvailable: shellFacts.isUpgradeAvailable,
    permissions: { isEditable: viewer.isEditable, isReadOnly: !viewer.isEditable },
  };
}

// ---- Handles ------------------------------------------------------------------------------

/** The pet number holding this handle (deleted dogs keep theirs), if any. */
export async function petNumWithHandle(db: Db, handle: string): Promise<number | null> {
  const row = await db('pets').where('handle', handle).first('pet_num');
  return row ? Number(row.pet_num) : null;
}

/** The handle when free (or this dog's own), else the first free `{handle}-{n}` that is still a valid handle. */
export async function handleAvailability(db: Db, handle: string, ownPetNum: number | null): Promise<{ isAvailable: boolean; alternative: string }> {
  const holder = await petNumWithHandle(db, handle);
  if (holder === null || holder === ownPetNum) return { isAvailable: true, alternative: handle };
  const taken = new Set<string>((await db('pets').where('handle', 'like', `${handle}-%`).pluck('handle')).map((h: string) => h.toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${handle.slice(0, 63 - suffix.length)}${suffix}`;
    const isFree = candidate.startsWith(`${handle}-`) ? !taken.has(candidate) : (await petNumWithHandle(db, candidate)) === null;
    if (isFree) return { isAvailable: false, alternative: candidate };
  }
}

/** The dogs the user may edit, oldest first (where /members/pet/about goes). */
export async function firstEditablePetNum(db: Db, userId: number): Promise<number | null> {
  const row = await db('pet_owners')
    .join('pets', 'pets.pet_num', 'pet_owners.pet_num')
    .where({ 'pet_owners.user_id': userId, 'pet_owners.permission': 'edit' })
    .whereNull('pets.deleted_at')
    .orderBy('pets.pet_num')
    .first('pets.pet_num');
  return row ? Number(row.pet_num) : null;
}

export async function breedExists(db: Db, breedId: number): Promise<boolean> {
  return Boolean(await db('breeds').where({ id: breedId }).first('id'));
}

export async function missingOrganizationIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = new Set<number>((await db('registration_organizations').whereIn('id', ids).pluck('id')).map(Number));
  return ids.filter((id) => !found.has(id));
}

export async function petNumByUuid(db: Db, petUuid: string): Promise<number | null> {
  const row = await db('pets').where({ id: petUuid }).whereNull('deleted_at').first('pet_num');
  return row ? Number(row.pet_num) : null;
}

export async function hasPracticeLocation(db: Db, petNum: number): Promise<boolean> {
  return Boolean(await db('locations').where({ pet_num: petNum, location_type: 'practice' }).first('id'));
}
