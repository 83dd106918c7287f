import { z } from 'zod';
import type { SchemaModule } from '../graphql/module.js';
import { requireSignedIn, type GraphqlContext } from '../graphql/context.js';
import { invalidArguments, notAuthorized } from '../graphql/errors.js';
import { petAccessFor } from '../pets/access.js';
import { FEEDBACK_NAME_PATTERN, isFeedbackValid } from '../shared/feedback-rules.js';
import { acknowledgeNotification, hasGivenFeedback, insertFeedback, petNumByUuid, type FeedbackRow } from './queries.js';

const typeDefs = /* GraphQL */ `
  "A name and value describing what the page showed when feedback was given (e.g. a filter)."
  input FeedbackPageVariableInput {
    name: String!
    value: String!
  }

  "A name and value of the page the feedback was given on."
  type FeedbackPageVariable {
    name: String!
    value: String!
  }

  "A reader's answer to 'Was this helpful?' on a page (spec 2 §3 Feedback)."
  type Feedback {
    id: ID!
    "The page the banner was on, e.g. summary, health or traits."
    page: String!
    "Which version of the page or banner, 'default' unless a page has several."
    variant: String!
    "The dog whose results the page showed, if any."
    petUuid: ID
    isHelpful: Boolean!
    "The chips chosen, from the default chips of the answer (spec 2 §9)."
    selectedFeedback: [String!]!
    "Free text, at most 500 characters."
    additionalText: String
    pageVariables: [FeedbackPageVariable!]!
    createdAt: String!
  }

  extend type Query {
    "Whether the feedback banner shows for this page, variant and dog: true until the signed-in user answers it."
    shouldShowFeedback(page: String!, variant: String, petUuid: ID): Boolean!
  }

  extend type Mutation {
    "Stores the signed-in user's feedback on a page; chips must be the answer's default chips and the text at most 500 characters."
    addFeedback(
      page: String!
      variant: String
      petUuid: ID
      isHelpful: Boolean!
      selectedFeedback: [String!]
      additionalText: String
      pageVariables: [FeedbackPageVariableInput!]
    ): Feedback!
    "Records that the signed-in user acknowledged (dismissed) the notification with this key; answers true."
    addUserNotificationAcknowledged(notificationKey: String!): Boolean!
  }
`;

const name = z.string().regex(FEEDBACK_NAME_PATTERN);
const placeArgs = {
  page: name,
  variant: name.nullish().transform((variant) => variant ?? 'default'),
  petUuid: z.string().uuid().nullish().transform((uuid) => uuid?.toLowerCase() ?? null),
};
const shouldShowArgs = z.object(placeArgs);
const addFeedbackArgs = z.object({
  ...placeArgs,
  isHelpful: z.boolean(),
  selectedFeedback: z.array(z.string()).max(20).nullish().transform((chips) => chips ?? []),
  // Blank text is no text; the length rule is isFeedbackValid's.
  additionalText: z
    .string()
    .nullish()
    .transform((text) => (text?.trim() ? text.trim() : '')),
  pageVariables: z
    .array(z.object({ name: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/), value: z.string().max(200) }))
    .max(20)
    .nullish()
    .transform((pairs) => Object.fromEntries((pairs ?? []).map((pair) => [pair.name, pair.value]))),
});
const notificationKey = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/);

/** A dog the user may read (owner, its vet practice, admin), by uuid; null when there is none. */
async function canReadPet(context: GraphqlContext, petUuid: string): Promise<boolean> {
  const user = requireSignedIn(context);
  const petNum = await petNumByUuid(context.db, petUuid);
  return petNum !== null && (await petAccessFor(context.db, user, petNum)) !== null;
}

const resolvers = {
  Query: {
    async shouldShowFeedback(_root: unknown, args: unknown, context: GraphqlContext): Promise<boolean> {
      const user = requireSignedIn(context);
      const parsed = shouldShowArgs.safeParse(args);
      if (!parsed.success) throw invalidArguments();
      // Staff acting as the user do not answer for them.
      if (context.impersonator) return false;
      const { page, variant, petUuid } = parsed.data;
      if (petUuid && !(await canReadPet(context, petUuid))) return false;
      return !(await hasGivenFeedback(context.db, { userId: user.id, page, variant, petUuid }));
    },
  },
  Mutation: {
    async addFeedback(_root: unknown, args: unknown, context: GraphqlContext): Promise<FeedbackRow> {
      const user = requireSignedIn(context);
      const parsed = addFeedbackArgs.safeParse(args);
      if (!parsed.success || !isFeedbackValid(parsed.data)) throw invalidArguments();
      if (context.impersonator) throw notAuthorized();
      const { petUuid, additionalText, ...feedback } = parsed.data;
      if (petUuid && !(await canReadPet(context, petUuid))) throw notAuthorized();
      return insertFeedback(context.db, { ...feedback, petUuid, userId: user.id, additionalText: additionalText || null });
    },
    async addUserNotificationAcknowledged(_root: unknown, args: { notificationKey?: unknown }, context: GraphqlContext): Promise<boolean> {
      const user = requireSignedIn(context);
      const parsed = notificationKey.safeParse(args.notificationKey);
      if (!parsed.success) throw invalidArguments();
      await acknowledgeNotification(context.db, user.id, parsed.data);
      return true;
    },
  },
  Feedback: {
    pageVariables: (row: FeedbackRow) => Object.entries(row.pageVariables ?? {}).map(([key, value]) => ({ name: key, value: String(value) })),
    createdAt: (row: FeedbackRow) => new Date(row.createdAt).toISOString(),
  },
};

export const feedbackSchema: SchemaModule = { typeDefs, resolvers };
