import type { SchemaModule } from '../graphql/module.js';
import { requireSignedIn, type GraphqlContext } from '../graphql/context.js';
import { invalidArguments, notAuthorized, UserFacingError } from '../graphql/errors.js';
import { petAccessFor } from '../pets/access.js';
import { findPet, type Pet } from '../pets/queries.js';
import { loadLocationsForPets } from '../pets/loaders.js';
import type { User } from '../users/queries.js';
import { PRIVACY_INVALID, PRIVACY_OPTIONS, validatePetUpdateFields, VET_CONSENT_REQUIRED, type PetUpdateFields, type Privacy } from './rules.js';
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

const typeDefs = /* GraphQL */ `
  "A date as day, month and year parts; any part may be unknown."
  type DateParts {
    "Day of the month (1–31), when known."
    day: Int
    "Month (1–12), when known."
    month: Int
    "Year (1989 to this year), when known."
    year: Int
    "The owner estimated the date rather than knowing it."
    isEstimated: Boolean!
  }

  "A date typed as parts; a part left out or null is unknown."
  input DatePartsInput {
    "Day of the month (1–31); needs the month and year."
    day: Int
    "Month (1–12); needs the year."
    month: Int
    "Year, 1989 to this year."
    year: Int
    "Estimated rather than known; when left out, known if the day is set, else estimated."
    isEstimated: Boolean
  }

  "The dog's registration with a kennel club or registry."
  type PetRegistration {
    "Id of the registration organization."
    organizationId: Int!
    "Name of the registration organization."
    organizationName: String!
    "The dog's number at that organization."
    registrationNumber: String
    "The dog's registered name at that organization."
    registeredName: String
  }

  "A registration of the dog, as the profile form sends it."
  input RegistrationInput {
    "Id of an organization of allRegistrationOrganizations."
    organizationId: Int!
    "The dog's number at that organization (at most 50 characters)."
    registrationNumber: String
    "The dog's registered name there (at most 100 characters)."
    registeredName: String
  }

  "A link to the dog's page on a social network."
  type PetSocialLink {
    "facebook, instagram, tiktok, youtube, x or website."
    network: String!
    "Address of the page (http or https)."
    url: String!
  }

  "A social link as the social media settings send it."
  input SocialLinkInput {
    "facebook, instagram, tiktok, youtube, x or website; each at most once."
    network: String!
    "Address of the page, starting with http:// or https://."
    url: String!
  }

  "The breed an owner states for a purebred or designer dog."
  type StatedBreed {
    "Id of the breed in the catalogue."
    id: Int!
    "Name of the breed."
    name: String!
  }

  "Fields of updatePet: a field left out is unchanged, null clears it."
  input PetUpdateFields {
    "The dog's name (required, at most 50 characters)."
    name: String
    "The name the dog answers to (at most 50 characters)."
    callName: String
    "The dog's story (at most 2000 characters)."
    story: String
    "Handle of the public profile: 2–63 lower-case letters, digits and hyphens."
    handle: String
    "m or f."
    sex: String
    "i (not neutered/spayed) or f (neutered/spayed); required when the owner is a breeder."
    intact: String
    "purebred, designer, mixed, village, unknown or notShared."
    breedType: String
    "Breed of a purebred or designer dog."
    statedBreedId: Int
    "Titles shown before the name (at most 20)."
    prefixTitles: [String!]
    "Titles shown after the name (at most 20)."
    suffixTitles: [String!]
    "Date of birth as parts."
    dateOfBirth: DatePartsInput
    "Date of adoption as parts."
    dateOfAdoption: DatePartsInput
    "yes or no."
    areBothParentsRegistered: String
    "The primary owner is the dog's breeder."
    isPrimaryOwnerBreeder: Boolean
    "The owner agreed that the dog's data is used for research."
    agreedToResearch: Boolean
    "Every registration of the dog (replaces the saved ones)."
    registrations: [RegistrationInput!]
    "Every social link of the dog (replaces the saved ones)."
    socialLinks: [SocialLinkInput!]
    "public, public-private or private."
    privacy: String
    "Hide the dog from every public list."
    isHidden: Boolean
    "The dog has passed away."
    isDeceased: Boolean
    "No more e-mails about this dog."
    optOutOfCommunications: Boolean
    "Leave the dog out of the breeder matchmaker."
    excludeFromMatchmaker: Boolean
  }

  "Which dog updatePet changes: exactly one of the two."
  input PetQueryFields {
    "Number of the dog."
    petNum: Int
    "Uuid of the dog."
    petUuid: ID
  }

  "A dog to add to the signed-in account."
  input NewPetInput {
    "The dog's name (required, at most 50 characters)."
    name: String!
    "m or f."
    sex: String
    "purebred, designer, mixed, village, unknown or notShared."
    breedType: String
    "Date of birth as parts."
    dateOfBirth: DatePartsInput
    "The primary owner is the dog's breeder."
    isPrimaryOwnerBreeder: Boolean
  }

  "One part of a place's address, as the place service gives it."
  input AddressComponentInput {
    "The part in full (e.g. Oregon)."
    longName: String!
    "The part abbreviated (e.g. OR)."
    shortName: String!
    "What the part is (e.g. administrative_area_level_1)."
    types: [String!]!
  }

  "A place as the place search returned it (the location payload of spec 2 §3)."
  input LocationInput {
    "breeder, home, other or shelter."
    businessType: String
    "What the owner typed."
    addressInput: String
    "The place's address as the place service formats it."
    formattedAddress: String
    "Longitude and latitude."
    lngLat: [Float!]
    "Name of the place."
    name: String
    "Identifier of the place at the place service."
    placeId: String
    "Kinds of place."
    types: [String!]
    "Neighbourhood of the place."
    vicinity: String
    "Phone number of the place."
    phone: String
    "Web site of the place."
    website: String
    "Parts of the address."
    addressComponents: [AddressComponentInput!]
  }

  "The dog's places to change: a place left out is unchanged, null removes it."
  input PetLocationsInput {
    "Where the dog lives."
    live: LocationInput
    "Where the dog comes from."
    from: LocationInput
    "Where the dog was born."
    born: LocationInput
  }

  "The dog's data settings to change; a flag left out is unchanged."
  input PetPreferencesInput {
    "Family members may see the care resources surveys."
    shareCareResourcesSurveys: Boolean
    "Family members may see the profile and results with the care resources."
    shareCareResourcesProfileAndResults: Boolean
  }

  extend type User {
    "Privacy given to dogs added to this account: public, public-private or private."
    defaultPetPrivacy: String!
  }

  extend type Pet {
    "The owner's story of the dog."
    story: String
    "Who may see the public profile: public, public-private (members only) or private."
    privacy: String!
    "Show and sport titles before the name."
    prefixTitles: [String!]!
    "Show and sport titles after the name."
    suffixTitles: [String!]!
    "Date of birth as day, month and year parts."
    dateOfBirthParts: DateParts!
    "Date of adoption as day, month and year parts."
    dateOfAdoptionParts: DateParts!
    "yes, no or null (not answered)."
    areBothParentsRegistered: String
    "The owner agreed that the dog's data is used for research."
    agreedToResearch: Boolean!
    "No more e-mails about this dog."
    optOutOfCommunications: Boolean!
    "The dog is left out of the breeder matchmaker."
    excludeFromMatchmaker: Boolean!
    "Links to the dog's pages on social networks."
    socialLinks: [PetSocialLink!]!
    "The dog's registrations with kennel clubs."
    registrations: [PetRegistration!]!
    "The breed the owner states for a purebred or designer dog."
    statedBreed: StatedBreed
  }

  extend type Mutation {
    "Changes the dog's profile (owners with edit permission only); nothing is saved when a field is refused."
    updatePet(updateFields: PetUpdateFields!, queryFields: PetQueryFields!): Pet!
    "Adds a dog owned by the signed-in account, with the account's default privacy."
    addNewPet(pet: NewPetInput!): Pet!
    "Deletes the dog: it and its media leave every list; its results stay for research only if the owner agreed."
    deletePet(petUuid: ID!): Boolean!
    "Sets the privacy given to dogs added to the account."
    updateDefaultPetPrivacy(privacy: String!): User!
    "Sets or removes the dog's born, from and live places."
    updatePetLocations(petUuid: ID!, locations: PetLocationsInput!): PetLocations!
    "Sets the dog's vet practice and whether we may contact it; a null practice resets both."
    updateVetPracticeDetails(petUuid: ID!, embarkMayContactVet: Boolean, practiceLocation: LocationInput): Pet!
    "Changes the dog's data settings."
    updatePetPreferences(petNum: Int!, preferences: PetPreferencesInput!): Pet!
  }
`;

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

export const petProfileSchema: SchemaModule = { typeDefs, resolvers };
