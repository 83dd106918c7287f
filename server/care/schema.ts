import type { SchemaModule } from '../graphql/module.js';
import { requireSignedIn, type GraphqlContext } from '../graphql/context.js';
import { invalidArguments, notAuthorized } from '../graphql/errors.js';
import { petAccessFor } from '../pets/access.js';
import { addCareResourcesFeedback, isPublishedCareResource, shouldShowCareResourcesFeedback } from './feedback.js';
import { careFeedbackSchema, pageIdSchema } from './rules.js';

const typeDefs = /* GraphQL */ `
  extend type Query {
    "Whether to ask the signed-in user for care resources feedback on this page (not answered there in the last 90 days)."
    shouldShowCareResourcesFeedback(pageId: String!): Boolean!
  }

  "What a user thought of care resources, for a page and optionally one dog and one resource."
  input CareResourcesFeedbackInput {
    "The page the feedback is about, e.g. care-resources:123."
    pageId: String!
    "The dog whose care resources were shown; the user must be allowed to see it."
    petNum: Int
    "One care resource the feedback is about."
    careResourceId: Int
    "Yes (helpful) or No."
    isHelpful: Boolean!
    "Chips chosen from the offered list."
    selectedFeedback: [String!]
    "Free text, at most 500 characters."
    additionalText: String
  }

  extend type Mutation {
    "Stores care resources feedback; answers true once stored."
    addCareResourcesFeedback(feedback: CareResourcesFeedbackInput!): Boolean!
  }
`;

export const careSchema: SchemaModule = {
  typeDefs,
  resolvers: {
    Query: {
      async shouldShowCareResourcesFeedback(_root: unknown, args: { pageId: unknown }, context: GraphqlContext) {
        const user = requireSignedIn(context);
        const pageId = pageIdSchema.safeParse(args.pageId);
        if (!pageId.success) throw invalidArguments();
        return shouldShowCareResourcesFeedback(context.db, user.id, pageId.data);
      },
    },
    Mutation: {
      async addCareResourcesFeedback(_root: unknown, args: { feedback: unknown }, context: GraphqlContext) {
        const user = requireSignedIn(context);
        const parsed = careFeedbackSchema.safeParse(args.feedback);
        if (!parsed.success) throw invalidArguments();
        const input = parsed.data;
        if (input.petNum != null && !(await petAccessFor(context.db, user, input.petNum))) throw notAuthorized();
        if (input.careResourceId != null && !(await isPublishedCareResource(context.db, input.careResourceId))) throw invalidArguments();
        await addCareResourcesFeedback(context.db, user.id, input);
        return true;
      },
    },
  },
};
