import type { SchemaModule } from '../graphql/module.js';
import { sweepSoon } from '../media/file-deletions.js';
import { mediaStoreFor } from '../media/store.js';
import { requireSignedIn, type GraphqlContext } from '../graphql/context.js';
import { invalidArguments, notAuthorized, UserFacingError } from '../graphql/errors.js';
import { petAccessFor } from '../pets/access.js';
import { findPet, type Pet } from '../pets/queries.js';
import { loadLocationsForPets } from '../pets/loaders.js';
import type { User } from '../users/queries.js';
import { PRIVACY_INVALID, PRIVACY_OPTIONS, validatePetUpdateFields, VET_CONSENT_REQUIRED, type PetUpdateFields, type Privacy } from '../shared/pet-profile-rules.js';
import { defaultPetPrivacy, hasPracticeLocation, ownerIsBreeder, petNumByUuid, type ProfileFields } from './queries.js';
import {
  addPetForOwner,
  deletePetForOwner,
  ProfileInputError,
  savePetLocations,
  savePetPreferences,
  saveVetConsent,
  saveVetPractice,
  setDefaultPetPrivacy,
  updatePetProfile,
  type LocationType,
} from './mutations.js';
import { LOCATION_INVALID, parseLocation, type LocationInput } from './locations.js';
import { petProfileTypeDefs } from './schema-types.js';


const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A refusal of one or more fields: the first message, and every field's message in extensions.fields. */
function fieldsRefused(errors: Record<string, string>): UserFacingError {
  const error = new UserFacingError(Object.values(errors)[0], 'BAD_USER_INPUT');
  Object.assign(error, { extensions: { ...error.extensions, fields: errors } });
  return error;
}

async function petNumFromUuid(context: GraphqlContext, petUuid: unknown): Promise<number> {
  if (typeof petUuid !== 'string' || !UUID.test(petUuid)) throw invalidArguments();
  const petNum = await petNumByUuid(context.db, petUuid.toLowerCase());
  if (petNum === null) throw notAuthorized();
  return petNum;
}

/** The dog, when the signed-in user may edit it (an owner with edit permission on a writable account). */
async function editablePet(context: GraphqlContext, petNum: number): Promise<{ user: User; pet: Pet }> {
  const user = requireSignedIn(context);
  if (!Number.isSafeInteger(petNum) || petNum <= 0) throw invalidArguments();
  const access = await petAccessFor(context.db, user, petNum);
  if (!access || !access.isEditable || user.isReadOnly) throw notAuthorized();
  return { user, pet: access.pet };
}

async function freshPet(context: GraphqlContext, petNum: number): Promise<Pet> {
  const pet = await findPet(context.db, petNum);
  if (!pet) throw notAuthorized();
  return pet;
}

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProfileInputError) throw new UserFacingError(error.message, 'BAD_USER_INPUT');
    throw error;
  }
}

const field =
  <K extends keyof ProfileFields>(key: K, fallback: ProfileFields[K]) =>
  async (pet: Pet, _args: unknown, context: GraphqlContext) =>
    (await context.loaders.profileFields.load(pet.petNum))?.[key] ?? fallback;

const NO_DATE = { day: null, month: null, year: null, isEstimated: false };
const LOCATION_TYPES = ['live', 'from', 'born'] as const;

const resolvers = {
  User: {
    defaultPetPrivacy: (user: User, _args: unknown, { db }: GraphqlContext) => defaultPetPrivacy(db, user.id),
  },
  Pet: {
    story: field('story', null),
    privacy: (pet: Pet) => pet.privacy,
    prefixTitles: field('prefixTitles', []),
    suffixTitles: field('suffixTitles', []),
    dateOfBirthParts: field('dateOfBirth', NO_DATE),
    dateOfAdoptionParts: field('dateOfAdoption', NO_DATE),
    areBothParentsRegistered: field('areBothParentsRegistered', null),
    agreedToResearch: field('agreedToResearch', false),
    optOutOfCommunications: field('optOutOfCommunications', false),
    excludeFromMatchmaker: field('excludeFromMatchmaker', false),
    statedBreed: field('statedBreed', null),
    socialLinks: (pet: Pet, _args: unknown, { loaders }: GraphqlContext) => loaders.socialLinks.load(pet.petNum),
    registrations: (pet: Pet, _args: unknown, { loaders }: GraphqlContext) => loaders.registrations.load(pet.petNum),
  },
  Mutation: {
    async updatePet(_root: unknown, args: { updateFields: PetUpdateFields; queryFields: { petNum?: number | null; petUuid?: string | null } }, context: GraphqlContext) {
      requireSignedIn(context);
      const { petNum: givenNum, petUuid } = args.queryFields;
      if ((givenNum == null) === (petUuid == null)) throw invalidArguments();
      const petNum = givenNum ?? (await petNumFromUuid(context, petUuid));
      await editablePet(context, petNum);
      const { errors } = validatePetUpdateFields(args.updateFields, { today: new Date(), isBreeder: await ownerIsBreeder(context.db, petNum) });
      if (Object.keys(errors).length > 0) throw fieldsRefused(errors);
      await saving(() => updatePetProfile(context.db, petNum, args.updateFields));
      return freshPet(context, petNum);
    },

    async addNewPet(_root: unknown, args: { pet: { name: string; sex?: string | null; breedType?: string | null; dateOfBirth?: PetUpdateFields['dateOfBirth']; isPrimaryOwnerBreeder?: boolean | null } }, context: GraphqlContext) {
      const user = requireSignedIn(context);
      if (user.isReadOnly) throw notAuthorized();
      const fields: PetUpdateFields = { name: args.pet.name };
      for (const key of ['sex', 'breedType', 'dateOfBirth', 'isPrimaryOwnerBreeder'] as const) {
        if (args.pet[key] !== undefined && !(key === 'isPrimaryOwnerBreeder' && args.pet[key] === null)) Object.assign(fields, { [key]: args.pet[key] });
      }
      const { errors } = validatePetUpdateFields(fields, { today: new Date(), isBreeder: false });
      if (Object.keys(errors).length > 0) throw fieldsRefused(errors);
      const petNum = await saving(() => addPetForOwner(context.db, user.id, { ...args.pet, name: args.pet.name }));
      return freshPet(context, petNum);
    },

    async deletePet(_root: unknown, args: { petUuid: string }, context: GraphqlContext) {
      requireSignedIn(context);
      const petNum = await petNumFromUuid(context, args.petUuid);
      await editablePet(context, petNum);
      await deletePetForOwner(context.db, petNum);
      await sweepSoon(context.db, mediaStoreFor(context.settings.media));
      return true;
    },

    async updateDefaultPetPrivacy(_root: unknown, args: { privacy: string }, context: GraphqlContext) {
      const user = requireSignedIn(context);
      if (user.isReadOnly) throw notAuthorized();
      if (!PRIVACY_OPTIONS.some((option) => option.value === args.privacy)) throw new UserFacingError(PRIVACY_INVALID, 'BAD_USER_INPUT');
      await setDefaultPetPrivacy(context.db, user.id, args.privacy as Privacy);
      return user;
    },

    async updatePetLocations(_root: unknown, args: { petUuid: string; locations: Partial<Record<'live' | 'from' | 'born', unknown>> }, context: GraphqlContext) {
      requireSignedIn(context);
      const petNum = await petNumFromUuid(context, args.petUuid);
      await editablePet(context, petNum);
      const changes: Partial<Record<LocationType, LocationInput | null>> = {};
      for (const type of LOCATION_TYPES) {
        const given = args.locations[type];
        if (given === undefined) continue;
        if (given === null) {
          changes[type] = null;
          continue;
        }
        const location = parseLocation(given);
        if (!location) throw new UserFacingError(LOCATION_INVALID, 'BAD_USER_INPUT');
        changes[type] = location;
      }
      await savePetLocations(context.db, petNum, changes);
      const rows = (await loadLocationsForPets(context.db, [petNum])).get(petNum) ?? [];
      const of = (type: string) => rows.find((row) => row.locationType === type) ?? null;
      return { born: of('born'), from: of('from'), live: of('live') };
    },

    async updateVetPracticeDetails(_root: unknown, args: { petUuid: string; embarkMayContactVet?: boolean | null; practiceLocation?: unknown }, context: GraphqlContext) {
      requireSignedIn(context);
      const petNum = await petNumFromUuid(context, args.petUuid);
      await editablePet(context, petNum);
      if (args.practiceLocation === undefined) {
        // Only the consent changes; without a saved practice it stays null.
        const hasPractice = await hasPracticeLocation(context.db, petNum);
        if (hasPractice && typeof args.embarkMayContactVet !== 'boolean') throw new UserFacingError(VET_CONSENT_REQUIRED, 'BAD_USER_INPUT');
        await saveVetConsent(context.db, petNum, hasPractice ? (args.embarkMayContactVet as boolean) : null);
        return freshPet(context, petNum);
      }
      const practice = args.practiceLocation === null ? null : parseLocation(args.practiceLocation);
      if (args.practiceLocation !== null && !practice) throw new UserFacingError(LOCATION_INVALID, 'BAD_USER_INPUT');
      // spec 1 §5: with a practice the consent is sent (true or false), else it is null.
      if (practice && typeof args.embarkMayContactVet !== 'boolean') throw new UserFacingError(VET_CONSENT_REQUIRED, 'BAD_USER_INPUT');
      await saveVetPractice(context.db, petNum, practice, practice ? (args.embarkMayContactVet as boolean) : null);
      return freshPet(context, petNum);
    },

    async updatePetPreferences(
      _root: unknown,
      args: { petNum: number; preferences: { shareCareResourcesSurveys?: boolean | null; shareCareResourcesProfileAndResults?: boolean | null } },
      context: GraphqlContext,
    ) {
      await editablePet(context, args.petNum);
      await savePetPreferences(context.db, args.petNum, args.preferences);
      return freshPet(context, args.petNum);
    },
  },
};

export const petProfileSchema: SchemaModule = { typeDefs: petProfileTypeDefs, resolvers };
