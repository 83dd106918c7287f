import { makeExecutableSchema } from '@graphql-tools/schema';
import { petResolvers, petTypeDefs } from '../pets/schema.js';
import { userResolvers, userTypeDefs } from '../users/schema.js';
import { catalogueResolvers, catalogueTypeDefs } from '../catalogue/schema.js';

const rootTypeDefs = /* GraphQL */ `
  type Mutation {
    "Answers true; feature modules add the real mutations."
    ping: Boolean!
  }
`;

/** One schema module per feature, merged here. */
export function buildSchema() {
  return makeExecutableSchema({
    typeDefs: [rootTypeDefs, userTypeDefs, petTypeDefs, catalogueTypeDefs],
    resolvers: [{ Mutation: { ping: () => true } }, userResolvers, petResolvers, catalogueResolvers],
  });
}
