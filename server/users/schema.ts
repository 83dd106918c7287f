import { z } from 'zod';
import type { GraphqlContext } from '../graphql/context.js';
import { requireSignedIn } from '../graphql/context.js';
import { invalidArguments, notAuthorized } from '../graphql/errors.js';
import type { User } from './queries.js';
import { countOwnedPets } from '../pets/queries.js';
import { listOwnedPets, PET_SORTS } from '../pets/list.js';
import { petAccessFor } from '../pets/access.js';
import { countUnreadMessages } from '../chat/unread.js';
import { orderKitUrl } from '../shared/shell-rules.js';

export const userTypeDefs = /* GraphQL */ `
  enum UserType {
    Breeder
    PetParent
    Vet
  }

  enum PetSort {
    NAME
    CREATED_AT
    PET_NUM
  }

  enum SortDirection {
    ASC
    DESC
  }

  "What the account may do."
  type UserPermissions {
    isBreeder: Boolean!
    isVet: Boolean!
    isAdmin: Boolean!
    "May impersonate other users (read-only) without being an admin."
    canImpersonateAsSubAdmin: Boolean!
    "May use the breeder matchmaker."
    showMatchMaker: Boolean!
  }

  "The staff member acting as this user, while impersonating."
  type Impersonator {
    name: String!
    email: String!
  }

  "The signed-in account."
  type User {
    id: ID!
    name: String!
    email: String!
    "Breeder, PetParent or Vet; vet takes precedence over breeder."
    userType: UserType!
    "Two-letter country code, US by default."
    countryCode: String!
    userGroup: String
    "Number of dogs the account owns."
    petCount: Int!
    "Kennel name shown as the header title for breeders."
    breederName: String
    "Messages from others not yet read."
    numUnreadMessages: Int!
    "Where this account orders kits."
    shopLink: String!
    "The general online shop."
    ecommLink: String!
    permissions: UserPermissions!
    "Features switched on for this account."
    featureFlags: [String!]!
    "Set while a staff member impersonates this account."
    impersonator: Impersonator
    howHeardAboutUs: String
    "The account's dogs; every filter, page and sort argument is optional."
    pets(
      petNum: Int
      petUuid: ID
      isHidden: Boolean
      isHealthReady: Boolean
      isNonhealthReady: Boolean
      limit: Int
      offset: Int
      sortBy: PetSort
      sortDirection: SortDirection
    ): [Pet!]!
    "One dog the user may see: owned, a patient of the user's practice, or any for admins."
    petByPetNum(petNum: Int!): Pet
  }

  type Query {
    "The signed-in account; errors with 'Please log in to continue' when signed out."
    me: User
  }
`;

export const MAX_PETS_PAGE = 200;

const petsArgs = z.object({
  petNum: z.number().int().positive().nullish(),
  petUuid: z.string().uuid().nullish(),
  isHidden: z.boolean().nullish(),
  isHealthReady: z.boolean().nullish(),
  isNonhealthReady: z.boolean().nullish(),
  limit: z.number().int().min(1).max(MAX_PETS_PAGE).nullish(),
  offset: z.number().int().min(0).nullish(),
  sortBy: z.enum(PET_SORTS).nullish(),
  sortDirection: z.enum(['ASC', 'DESC']).nullish(),
});

export const userResolvers = {
  Query: {
    me: (_root: unknown, _args: unknown, context: GraphqlContext) => requireSignedIn(context),
  },
  User: {
    petCount: (user: User, _args: unknown, { db }: GraphqlContext) => countOwnedPets(db, user.id),
    numUnreadMessages: (user: User, _args: unknown, { db }: GraphqlContext) => countUnreadMessages(db, user.id),
    shopLink: (user: User, _args: unknown, { settings }: GraphqlContext) => orderKitUrl(user.userType, settings.links),
    ecommLink: (_user: User, _args: unknown, { settings }: GraphqlContext) => settings.links.shop,
    permissions: (user: User) => user,
    featureFlags: () => [],
    impersonator: (_user: User, _args: unknown, { impersonator }: GraphqlContext) =>
      impersonator ? { name: impersonator.name, email: impersonator.email } : null,
    async pets(user: User, args: unknown, context: GraphqlContext) {
      const parsed = petsArgs.safeParse(args);
      if (!parsed.success) throw invalidArguments();
      const pets = await listOwnedPets(context.db, user.id, parsed.data);
      for (const pet of pets) context.loaders.petByNum.prime(pet.petNum, pet);
      for (const pet of pets) context.loaders.ownerPermission.prime(pet.petNum, pet.permission);
      return pets;
    },
    async petByPetNum(user: User, args: { petNum: number }, context: GraphqlContext) {
      if (!Number.isSafeInteger(args.petNum) || args.petNum <= 0) throw invalidArguments();
      const access = await petAccessFor(context.db, user, args.petNum);
      if (!access) throw notAuthorized();
      return access.pet;
    },
  },
};
