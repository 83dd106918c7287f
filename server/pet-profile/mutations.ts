import type { Db } from '../db/index.js';
import { insertPetForOwner } from '../pets/mutations.js';
import { handleBaseFor } from '../pets/handles.js';
import {
  ADOPTION_BEFORE_BIRTH,
  collectsBreedInfo,
  isAdoptionBeforeBirth,
  handleTakenText,
  normalizeHandle,
  REGISTRATION_ORGANIZATION_INVALID,
  storedSocialUrl,
  STATED_BREED_INVALID,
  toDateParts,
  type PetUpdateFields,
  type Privacy,
} from '../shared/pet-profile-rules.js';
import { partsFromStoredDate, storedDateFromParts } from './dates.js';
import { breedExists, defaultPetPrivacy, handleAvailability, missingOrganizationIds } from './queries.js';
import type { LocationInput } from './locations.js';
import { isBlank } from '../shared/visible-text.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { knownSpelling, titlesOf } from '../shared/pet-profile-titles.js';

/** A refusal whose message is meant for the user (turned into a UserFacingError or a form message). */
export class ProfileInputError extends Error {}

// text a reader would not see (spaces, zero-width characters) is no text
const trimmedOrNull = (value: string | null | undefined) => (value == null || isBlank(value) ? null : value.trim());

function cleanTitles(titles: string[] | null | undefined, known: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const title of titles ?? []) {
    const trimmed = knownSpelling(title, known);
    if (!seen.has(trimmed.toLowerCase())) {
      seen.add(trimmed.toLowerCase());
      kept.push(trimmed);
    }
  }
  return kept;
}

const present = <K extends keyof PetUpdateFields>(fields: PetUpdateFields, key: K) => fields[key] !== undefined;

/** The pets columns an update changes; the fields have passed validatePetUpdateFields. */
function petColumns(fields: PetUpdateFields): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  if (present(fields, 'name')) columns.name = fields.name!.trim();
  if (present(fields, 'callName')) columns.call_name = trimmedOrNull(fields.callName);
  if (present(fields, 'story')) columns.story = trimmedOrNull(fields.story);
  if (present(fields, 'handle')) columns.handle = normalizeHandle(fields.handle!);
  if (present(fields, 'sex')) columns.sex = fields.sex || null;
  if (present(fields, 'intact')) columns.intact = fields.intact || null;
  if (present(fields, 'breedType')) columns.breed_type = fields.breedType || null;
  if (present(fields, 'statedBreedId')) columns.stated_breed_id = fields.statedBreedId ?? null;
  if (present(fields, 'prefixTitles')) columns.prefix_titles = cleanTitles(fields.prefixTitles, titlesOf('prefixTitles'));
  if (present(fields, 'suffixTitles')) columns.suffix_titles = cleanTitles(fields.suffixTitles, titlesOf('suffixTitles'));
  for (const [key, column] of [
    ['dateOfBirth', 'date_of_birth'],
    ['dateOfAdoption', 'date_of_adoption'],
  ] as const) {
    if (!present(fields, key)) continue;
    const stored = storedDateFromParts(toDateParts(fields[key]));
    columns[column] = stored.date;
    columns[`${column}_precision`] = stored.precision;
    columns[`is_${column}_estimated`] = stored.isEstimated;
  }
  if (present(fields, 'areBothParentsRegistered')) columns.are_both_parents_registered = fields.areBothParentsRegistered || null;
  const flags = {
    isPrimaryOwnerBreeder: 'is_primary_owner_breeder',
    agreedToResearch: 'agreed_to_research',
    isHidden: 'is_hidden',
    isDeceased: 'is_deceased',
    optOutOfCommunications: 'opt_out_of_communications',
    excludeFromMatchmaker: 'exclude_from_matchmaker',
  } as const;
  for (const [key, column] of Object.entries(flags)) {
    if (present(fields, key as keyof typeof flags)) columns[column] = fields[key as keyof typeof flags];
  }
  if (present(fields, 'privacy')) columns.privacy = fields.privacy;
  return columns;
}

/**
 * Saves the fields of updatePet in one transaction: nothing is saved when anything is refused.
 * Breed and registration info is kept only for the breed types that collect it (spec 1 §4).
 */
export async function updatePetProfile(db: Db, petNum: number, fields: PetUpdateFields): Promise<void> {
  await db.transaction(async (trx) => {
    await lockPet(trx, petNum);
    const columns = petColumns(fields);
    if (typeof columns.handle === 'string') {
      const { isAvailable, alternative } = await handleAvailability(trx, columns.handle, petNum);
      if (!isAvailable) throw new ProfileInputError(handleTakenText(columns.handle, alternative));
    }
    if (typeof columns.stated_breed_id === 'number' && !(await breedExists(trx, columns.stated_breed_id))) {
      throw new ProfileInputError(STATED_BREED_INVALID);
    }
    if (fields.registrations && (await missingOrganizationIds(trx, fields.registrations.map((r) => r.organizationId))).length > 0) {
      throw new ProfileInputError(REGISTRATION_ORGANIZATION_INVALID);
    }
    if (Object.keys(columns).length > 0) {
      try {
        // A savepoint, so that a handle taken meanwhile leaves the transaction usable for the alternative.
        await trx.transaction((savepoint) => savepoint('pets').where({ pet_num: petNum }).update({ ...columns, updated_at: savepoint.fn.now() }));
      } catch (error) {
        if (isUniqueViolation(error) && typeof columns.handle === 'string') {
          throw new ProfileInputError(handleTakenText(columns.handle, (await handleAvailability(trx, columns.handle, petNum)).alternative));
        }
        throw error;
      }
    }
    if (present(fields, 'dateOfBirth') || present(fields, 'dateOfAdoption')) await refuseAdoptionBeforeBirth(trx, petNum);
    if (present(fields, 'registrations')) {
      await trx('pet_registrations').where({ pet_num: petNum }).delete();
      const rows = (fields.registrations ?? []).map((registration) => ({
        pet_num: petNum,
        registration_organization_id: registration.organizationId,
        registration_number: trimmedOrNull(registration.registrationNumber),
        registered_name: trimmedOrNull(registration.registeredName),
      }));
      if (rows.length > 0) await trx('pet_registrations').insert(rows);
    }
    if (present(fields, 'socialLinks')) {
      await trx('pet_social_links').where({ pet_num: petNum }).delete();
      const rows = (fields.socialLinks ?? []).map((link) => ({ pet_num: petNum, network: link.network, url: storedSocialUrl(link.url) }));
      if (rows.length > 0) await trx('pet_social_links').insert(rows);
    }
    if (present(fields, 'breedType') || present(fields, 'statedBreedId') || present(fields, 'registrations')) {
      const { breed_type: breedType } = await trx('pets').where({ pet_num: petNum }).first('breed_type');
      if (!collectsBreedInfo(breedType)) {
        await trx('pets').where({ pet_num: petNum }).update({ stated_breed_id: null });
        await trx('pet_registrations').where({ pet_num: petNum }).delete();
      }
    }
  });
}

export interface NewPetFields {
  name: string;
  sex?: string | null;
  breedType?: string | null;
  dateOfBirth?: PetUpdateFields['dateOfBirth'];
  isPrimaryOwnerBreeder?: boolean | null;
}

/** addNewPet and /members/add-a-dog: the caller owns the new dog with edit permission; privacy is the account's default. */
export async function addPetForOwner(db: Db, userId: number, fields: NewPetFields): Promise<number> {
  return db.transaction(async (trx) => {
    const name = fields.name.trim();
    const petNum = await insertPetForOwner(trx, userId, {
      name,
      handle: async (db) => (await handleAvailability(db, handleBaseFor(name), null)).alternative,
      sex: (fields.sex || null) as 'm' | 'f' | null,
      breedType: fields.breedType || null,
      isPrimaryOwnerBreeder: fields.isPrimaryOwnerBreeder ?? false,
    });
    const privacy: Privacy = await defaultPetPrivacy(trx, userId);
    const birth = storedDateFromParts(toDateParts(fields.dateOfBirth));
    await trx('pets').where({ pet_num: petNum }).update({
      privacy,
      date_of_birth: birth.date,
      date_of_birth_precision: birth.precision,
      is_date_of_birth_estimated: birth.isEstimated,
    });
    return petNum;
  });
}

// Results and genotype rows of a dog, removed when a deleted dog's owner did not agree to research.
const RESULT_TABLES = ['breed_mix_rows', 'breed_mix_summaries', 'genetic_stats', 'haplotypes', 'health_results', 'trait_results', 'family_tree_links'];

/**
 * Deletes a dog: it leaves every list (deleted_at, hidden), its media, links and places go; its
 * results and genotype stay for research only when the owner agreed to research.
 */
export async function deletePetForOwner(db: Db, petNum: number): Promise<void> {
  await db.transaction(async (trx) => {
    const pet = await trx('pets').where({ pet_num: petNum }).whereNull('deleted_at').forUpdate().first('agreed_to_research');
    if (!pet) return;
    await trx('pets').where({ pet_num: petNum }).update({ deleted_at: trx.fn.now(), is_hidden: true, exclude_from_matchmaker: true, profile_image_public_id: null, updated_at: trx.fn.now() });
    const media: { public_id: string }[] = await trx('media').where({ pet_num: petNum }).delete().returning('public_id');
    // Its files leave the media store after the commit (server/media/file-deletions.ts).
    if (media.length) await trx('media_file_deletions').insert(media.map((m) => ({ public_id: m.public_id }))).onConflict('public_id').ignore();
    await trx('profile_views_by_day').where({ pet_num: petNum }).delete();
    await trx('pet_social_links').where({ pet_num: petNum }).delete();
    await trx('locations').where({ pet_num: petNum }).delete();
    if (pet.agreed_to_research) return;
    for (const table of RESULT_TABLES) await trx(table).where({ pet_num: petNum }).delete();
    await trx('family_tree_links').where({ relative_pet_num: petNum }).update({ relative_pet_num: null });
    await trx('relatives').where({ pet_num_a: petNum }).orWhere({ pet_num_b: petNum }).delete();
    await trx('genotypes').where({ pet_num: petNum }).delete();
  });
}

export async function setDefaultPetPrivacy(db: Db, userId: number, privacy: Privacy): Promise<void> {
  await db('users').where({ id: userId }).update({ default_pet_privacy: privacy, updated_at: db.fn.now() });
}

export type LocationType = 'born' | 'from' | 'live' | 'practice';

function locationRow(petNum: number, type: LocationType, location: LocationInput) {
  return {
    pet_num: petNum,
    location_type: type,
    business_type: location.businessType,
    address_input: location.addressInput,
    formatted_address: location.formattedAddress,
    lng_lat: location.lngLat,
    name: location.name,
    place_id: location.placeId,
    types: location.types,
    vicinity: location.vicinity,
    phone: location.phone,
    website: location.website,
    address_components: JSON.stringify(location.addressComponents),
  };
}

/**
 * A dog's places, registrations and social links are replaced by a delete and an insert; two saves of
 * one dog at once (a form sent twice) would both delete and then both insert into a one-per-kind index.
 * The dog's row lock makes the second wait for the first and replace what it saved.
 */
async function lockPet(trx: Db, petNum: number): Promise<void> {
  await trx('pets').where({ pet_num: petNum }).forUpdate().first('pet_num');
}

/** Sets (location) or removes (null) each given place of the dog; types left out are unchanged. One transaction. */
export async function savePetLocations(db: Db, petNum: number, changes: Partial<Record<LocationType, LocationInput | null>>): Promise<void> {
  await db.transaction(async (trx) => {
    await lockPet(trx, petNum);
    for (const [type, location] of Object.entries(changes) as [LocationType, LocationInput | null][]) {
      await trx('locations').where({ pet_num: petNum, location_type: type }).delete();
      if (location) await trx('locations').insert(locationRow(petNum, type, location));
    }
  });
}

/** The vet practice and the contact consent together: without a practice the consent is null. */
export async function saveVetPractice(db: Db, petNum: number, practice: LocationInput | null, embarkMayContactVet: boolean | null): Promise<void> {
  await db.transaction(async (trx) => {
    await lockPet(trx, petNum);
    await trx('locations').where({ pet_num: petNum, location_type: 'practice' }).delete();
    if (practice) await trx('locations').insert(locationRow(petNum, 'practice', practice));
    await trx('pets')
      .where({ pet_num: petNum })
      .update({ embark_may_contact_vet: practice ? embarkMayContactVet : null, updated_at: trx.fn.now() });
  });
}

export async function saveVetConsent(db: Db, petNum: number, embarkMayContactVet: boolean | null): Promise<void> {
  await db('pets').where({ pet_num: petNum }).update({ embark_may_contact_vet: embarkMayContactVet, updated_at: db.fn.now() });
}

export async function savePetPreferences(
  db: Db,
  petNum: number,
  preferences: { shareCareResourcesSurveys?: boolean | null; shareCareResourcesProfileAndResults?: boolean | null },
): Promise<void> {
  const columns: Record<string, boolean> = {};
  if (preferences.shareCareResourcesSurveys != null) columns.share_care_resources_surveys = preferences.shareCareResourcesSurveys;
  if (preferences.shareCareResourcesProfileAndResults != null) {
    columns.share_care_resources_profile_and_results = preferences.shareCareResourcesProfileAndResults;
  }
  if (Object.keys(columns).length > 0) await db('pets').where({ pet_num: petNum }).update({ ...columns, updated_at: db.fn.now() });
}

/** The dates as saved, one of which may have come from an earlier save. */
async function refuseAdoptionBeforeBirth(trx: Db, petNum: number): Promise<void> {
  const row = await trx('pets')
    .where({ pet_num: petNum })
    .first('date_of_birth', 'date_of_birth_precision', 'is_date_of_birth_estimated', 'date_of_adoption', 'date_of_adoption_precision', 'is_date_of_adoption_estimated');
  const birth = partsFromStoredDate(row.date_of_birth, row.date_of_birth_precision, row.is_date_of_birth_estimated);
  const adoption = partsFromStoredDate(row.date_of_adoption, row.date_of_adoption_precision, row.is_date_of_adoption_estimated);
  if (isAdoptionBeforeBirth(birth, adoption)) throw new ProfileInputError(ADOPTION_BEFORE_BIRTH);
}
