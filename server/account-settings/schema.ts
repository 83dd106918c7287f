import type { SchemaModule } from '../graphql/module.js';
import { requireSignedIn, type GraphqlContext } from '../graphql/context.js';
import { invalidArguments, notAuthorized } from '../graphql/errors.js';
import type { User } from '../users/queries.js';
import { loadEmailPreferences, saveEmailPreferences } from './queries.js';
import { emailPreferenceChanges } from './rules.js';

const typeDefs = /* GraphQL */ `
  "Which e-mails the account receives (spec 1 §3). Breeder and vet variants apply to breeders and vets."
  type EmailPreferences {
    "New chat messages from other dog owners."
    chat: Boolean!
    "Dogs like mine: dogs that share the account's dogs' breeds."
    dogsLikeMine: Boolean!
    "New relatives found for the account's dogs."
    relativeFinder: Boolean!
    "Care resources for the account's dogs."
    careResources: Boolean!
    "Invitations to research surveys."
    researchSurveys: Boolean!
    "Newsletters."
    newsletters: Boolean!
    "Promotions and sales (off unless chosen)."
    promotionsAndSales: Boolean!
    "Product updates."
    productUpdates: Boolean!
    "Breeder newsletters (breeders only)."
    breederNewsletters: Boolean!
    "Breeder promotions and sales (breeders only)."
    breederPromotionsAndSales: Boolean!
    "Breeder product updates (breeders only)."
    breederProductUpdates: Boolean!
    "Vet newsletters (vets only)."
    vetNewsletters: Boolean!
    "Vet promotions and sales (vets only)."
    vetPromotionsAndSales: Boolean!
    "Vet product updates (vets only)."
    vetProductUpdates: Boolean!
  }

  "The flags to change; a left-out flag stays as it is. Breeder and vet variants only for breeders and vets."
  input EmailPreferencesInput {
    chat: Boolean
    dogsLikeMine: Boolean
    relativeFinder: Boolean
    careResources: Boolean
    researchSurveys: Boolean
    newsletters: Boolean
    promotionsAndSales: Boolean
    productUpdates: Boolean
    breederNewsletters: Boolean
    breederPromotionsAndSales: Boolean
    breederProductUpdates: Boolean
    vetNewsletters: Boolean
    vetPromotionsAndSales: Boolean
    vetProductUpdates: Boolean
  }

  extend type User {
    "Which e-mails the account receives; the defaults until the account changes one."
    emailPreferences: EmailPreferences!
  }

  extend type Mutation {
    "Changes the signed-in account's e-mail preferences and answers all of them. Refused for read-only accounts."
    updateUserEmailPreferences(preferences: EmailPreferencesInput!): EmailPreferences!
  }
`;

export const accountSettingsSchema: SchemaModule = {
  typeDefs,
  resolvers: {
    User: {
      // Only the signed-in account's own preferences, whichever field hands out a User.
      emailPreferences(user: User, _args: unknown, context: GraphqlContext) {
        if (requireSignedIn(context).id !== user.id) throw notAuthorized();
        return loadEmailPreferences(context.db, user.id);
      },
    },
    Mutation: {
      async updateUserEmailPreferences(_root: unknown, args: { preferences: unknown }, context: GraphqlContext) {
        const user = requireSignedIn(context);
        if (user.isReadOnly) throw notAuthorized();
        const changes = emailPreferenceChanges(args.preferences, user);
        if (!changes) throw invalidArguments();
        return saveEmailPreferences(context.db, user.id, changes);
      },
    },
  },
};
