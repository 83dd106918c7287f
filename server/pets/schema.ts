import type { GraphqlContext } from '../graphql/context.js';
import { isReadOnlyImpersonation } from '../impersonation/guard.js';
import type { Pet } from './queries.js';
import { profileImageUrl } from './images.js';
import { isUpgradeAvailable } from '../results/current-swab.js';

export const petTypeDefs = /* GraphQL */ `
  "What the signed-in user may do with a dog."
  type PetPermissions {
    "The user may change the dog's details and media."
    isEditable: Boolean!
    "The user may only look at the dog."
    isReadOnly: Boolean!
  }

  "A dog, tested or waiting for its kit."
  type Pet {
    "Number of the dog in page addresses (i=…)."
    petNum: Int!
    "Stable identifier of the dog."
    id: ID!
    "The dog's registered or everyday name."
    name: String!
    "The name the dog answers to, if different."
    callName: String
    "Name shown on pages: the call name when set, else the name."
    displayName: String!
    "Unique handle of the public profile (/dog/{handle})."
    handle: String!
    "m or f."
    sex: String
    "Date of birth (YYYY-MM-DD)."
    dateOfBirth: String
    "True when the owner only knows the month or year of birth."
    isDateOfBirthEstimated: Boolean!
    "URL of the profile picture, if one is set."
    profileImageUrl: String
    "Colour (1–9) of the avatar shown when there is no picture."
    avatarColorIndex: Int!
    "Unguessable token of the dog's vet report link (/members/reports/print-vet-report-pdf/{hashPetId}); null for anyone but an owner."
    hashPetId: String
    "i = not neutered/spayed, f = neutered/spayed."
    intact: String
    "purebred, designer, mixed, village, unknown or notShared."
    breedType: String
    "The primary owner is the dog's breeder."
    isPrimaryOwnerBreeder: Boolean!
    "The dog takes part in the age test study."
    isPartOfAgeTestStudy: Boolean!
    "The dog may be offered pet insurance."
    isEligibleForInsurance: Boolean!
    "Where the insurance offer lives."
    insuranceUrl: String
    "Show the link to the dog's OFA report."
    showOfaReport: Boolean!
    "The owner lets us contact the dog's vet (null when no practice is chosen)."
    embarkMayContactVet: Boolean
    "The relatives page is available for this dog."
    showRelativeFinder: Boolean!
    "The care resources page is available for this dog."
    shouldShowCareResources: Boolean!
    "The owner hid the dog from every public list."
    isHidden: Boolean!
    "The dog has passed away."
    isDeceased: Boolean!
    "The dog's current swab is BreedAndAncestry and its comprehensive (health) upgrade has not been bought."
    isUpgradeAvailable: Boolean!
    "What the signed-in user may do with this dog."
    permissions: PetPermissions!
  }
`;

export const petResolvers = {
  Pet: {
    displayName: (pet: Pet) => pet.callName || pet.name,
    profileImageUrl: (pet: Pet) => profileImageUrl(pet),
    isUpgradeAvailable: async (pet: Pet, _args: unknown, context: GraphqlContext) => isUpgradeAvailable(await context.loaders.swabs.load(pet.petNum)),
    async permissions(pet: Pet, _args: unknown, context: GraphqlContext) {
      const permission = await context.loaders.ownerPermission.load(pet.petNum);
      // a sub-admin looking through the account changes nothing: no widget offers an edit
      const isEditable = permission === 'edit' && !context.user?.isReadOnly && !isReadOnlyImpersonation(context.req);
      return { isEditable, isReadOnly: !isEditable };
    },
  },
};
