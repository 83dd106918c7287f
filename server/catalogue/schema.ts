import { z } from 'zod';
import type { GraphqlContext } from '../graphql/context.js';
import { invalidArguments } from '../graphql/errors.js';
import { findHealthConditions, listBreeds, listRegistrationOrganizations } from './queries.js';

export const catalogueTypeDefs = /* GraphQL */ `
  "A dog breed of the catalogue."
  type Breed {
    id: Int!
    name: String!
    slug: String!
    "AKC-style group, e.g. Sporting or Herding."
    breedGroup: String
    "Small, Medium, Large or Giant, as in the life-stage table."
    sizeClass: String
    "Typical adult weight range, in pounds."
    weightMinLbs: Float
    weightMaxLbs: Float
    "Our breed mix can recognise this breed."
    isIdentifiable: Boolean!
    "A deliberate cross of recognised breeds, named after its parents."
    isDesigner: Boolean!
    "Offered to breeders when they describe their dogs."
    isBreederFacing: Boolean!
  }

  "A reference for a health condition."
  type Citation {
    citation: String!
    url: String
  }

  "A genetic health condition we test for."
  type HealthConditionDetails {
    id: Int!
    slug: String!
    name: String!
    gene: String!
    variant: String
    "autosomal_recessive, autosomal_dominant, autosomal_incomplete_dominance or x_linked_recessive."
    moi: String!
    "low, moderate or high."
    severity: String!
    description: String!
    isBeta: Boolean!
    references: [Citation!]!
    "Breeds in which the condition is known."
    breedSlugs: [String!]!
  }

  input HealthConditionFilters {
    ids: [Int!]
    slugs: [String!]
    breedSlug: String
    nameContains: String
    gene: String
  }

  "A kennel club that registers dogs."
  type RegistrationOrganization {
    id: Int!
    name: String!
    abbreviation: String
    countryCode: String
    url: String
  }

  extend type Query {
    "Every breed of the catalogue."
    allBreeds: [Breed!]!
    "Breeds our breed mix can recognise."
    identifiableBreeds: [Breed!]!
    "Designer crosses (Labradoodle, Goldendoodle...)."
    designerBreeds: [Breed!]!
    "Breeds offered to breeders."
    breederFacingBreeds: [Breed!]!
    "Health conditions of the panel, optionally filtered."
    healthConditionDetails(filters: HealthConditionFilters): [HealthConditionDetails!]!
    "Kennel clubs a dog can be registered with."
    allRegistrationOrganizations: [RegistrationOrganization!]!
  }
`;

const healthFilters = z
  .object({
    ids: z.array(z.number().int().positive()).max(500).nullish(),
    slugs: z.array(z.string().max(100)).max(500).nullish(),
    breedSlug: z.string().max(100).nullish(),
    nameContains: z.string().trim().max(100).nullish(),
    gene: z.string().trim().max(50).nullish(),
  })
  .nullish();

export const catalogueResolvers = {
  Query: {
    allBreeds: (_root: unknown, _args: unknown, { db }: GraphqlContext) => listBreeds(db, 'all'),
    identifiableBreeds: (_root: unknown, _args: unknown, { db }: GraphqlContext) => listBreeds(db, 'identifiable'),
    designerBreeds: (_root: unknown, _args: unknown, { db }: GraphqlContext) => listBreeds(db, 'designer'),
    breederFacingBreeds: (_root: unknown, _args: unknown, { db }: GraphqlContext) => listBreeds(db, 'breederFacing'),
    healthConditionDetails(_root: unknown, args: { filters?: unknown }, { db }: GraphqlContext) {
      const parsed = healthFilters.safeParse(args.filters);
      if (!parsed.success) throw invalidArguments();
      return findHealthConditions(db, parsed.data ?? {});
    },
    allRegistrationOrganizations: (_root: unknown, _args: unknown, { db }: GraphqlContext) => listRegistrationOrganizations(db),
  },
  HealthConditionDetails: {
    moi: (row: { modeOfInheritance: string }) => row.modeOfInheritance,
    references: (row: { citations: unknown }) => row.citations,
  },
};
