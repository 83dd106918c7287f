/** A feature's part of the GraphQL schema: SDL (may extend Query, Mutation, Pet…) and its resolvers. */
export interface SchemaModule {
  typeDefs: string;
  resolvers: Record<string, unknown>;
}

/** A feature that adds nothing yet. */
export const EMPTY_MODULE: SchemaModule = { typeDefs: '', resolvers: {} };
