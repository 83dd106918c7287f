import { makeExecutableSchema } from '@graphql-tools/schema';
import { petResolvers, petTypeDefs } from '../pets/schema.js';
import { userResolvers, userTypeDefs } from '../users/schema.js';
import { catalogueResolvers, catalogueTypeDefs } from '../catalogue/schema.js';
import { resultsSchema } from '../results/schema.js';
import { feedbackSchema } from '../feedback/schema.js';
import { careSchema } from '../care/schema.js';
import { surveysSchema } from '../surveys/schema.js';
import { nutritionSchema } from '../nutrition/schema.js';
import { petProfileSchema } from '../pet-profile/schema.js';
import { accountSettingsSchema } from '../account-settings/schema.js';
import { activationSchema } from '../activation/schema.js';
import { breedersSchema } from '../breeders/schema.js';
import { vetsSchema } from '../vets/schema.js';
import { mediaSchema } from '../media/schema.js';
import { shellSchema } from '../shell/schema.js';
import type { SchemaModule } from './module.js';

const rootTypeDefs = /* GraphQL */ `
  type Mutation {
    "Answers true; feature modules add the real mutations."
    ping: Boolean!
  }
`;

const modules: SchemaModule[] = [
  { typeDefs: rootTypeDefs, resolvers: { Mutation: { ping: () => true } } },
  { typeDefs: userTypeDefs, resolvers: userResolvers },
  { typeDefs: petTypeDefs, resolvers: petResolvers },
  { typeDefs: catalogueTypeDefs, resolvers: catalogueResolvers },
  resultsSchema,
  feedbackSchema,
  careSchema,
  surveysSchema,
  nutritionSchema,
  petProfileSchema,
  accountSettingsSchema,
  activationSchema,
  breedersSchema,
  vetsSchema,
  mediaSchema,
  shellSchema,
];

/** One schema module per feature, merged here. */
export function buildSchema() {
  const used = modules.filter((module) => module.typeDefs.trim());
  return makeExecutableSchema({ typeDefs: used.map((m) => m.typeDefs), resolvers: used.map((m) => m.resolvers) as never });
}
