import type { SchemaModule } from '../graphql/module.js';
import { requireSignedIn, type GraphqlContext } from '../graphql/context.js';
import { invalidArguments, notAuthorized } from '../graphql/errors.js';
import { petAccessFor } from '../pets/access.js';
import type { User } from '../users/queries.js';
import { addSurvey, addSurveyCategory, SurveyWriteRefused, updateSurvey, updateSurveyCategory } from './admin.js';
import { listSurveyCategories, listTargetPetNums, surveyProgressFor, type Survey } from './queries.js';
import { idSchema, newSurveyCategorySchema, newSurveySchema, surveyCategoryChangesSchema, surveyChangesSchema } from './rules.js';

const typeDefs = /* GraphQL */ `
  "spec 1 §3: the survey category types."
  enum SurveyCategoryType {
    Breed
    General
    Health
    LifeStage
    Profile
    Survey
    Trait
  }

  "A research survey owners answer about their dog."
  type Survey {
    id: Int!
    "URL-safe name, e.g. itchy-skin."
    slug: String!
    "The survey tool's template."
    templateId: String!
    category: SurveyCategoryType!
    title: String!
    subtitle: String
    icon: String
    "A #rrggbb colour."
    color: String
    "Higher comes first within its category."
    priority: Int!
    "Offered only to the dogs it targets."
    isTargeted: Boolean!
    "Seen by admins only."
    isAdminOnly: Boolean!
    "Listed on the research surveys page."
    isShownOnResearchPage: Boolean!
    "The dogs a targeted survey is offered to (admins only; empty for others)."
    targetPetNums: [Int!]!
  }

  "A group of surveys on the research page."
  type SurveyCategory {
    id: Int!
    category: SurveyCategoryType!
    subtitle: String
    "Higher comes first on the research page."
    priority: Int!
  }

  "How far a dog is through one survey."
  type SurveyProgress {
    survey: Survey!
    "not_started, started or completed."
    status: String!
    "0 to 100."
    progressPct: Int!
    startedAt: String
    completedAt: String
  }

  input NewSurveyInput {
    slug: String!
    templateId: String!
    category: SurveyCategoryType!
    title: String!
    subtitle: String
    icon: String
    color: String
    priority: Int
    isTargeted: Boolean
    isAdminOnly: Boolean
    isShownOnResearchPage: Boolean
    targetPetNums: [Int!]
  }

  "Fields left out stay as they are; null clears subtitle, icon or color; targetPetNums replaces the targets."
  input SurveyChangesInput {
    slug: String
    templateId: String
    category: SurveyCategoryType
    title: String
    subtitle: String
    icon: String
    color: String
    priority: Int
    isTargeted: Boolean
    isAdminOnly: Boolean
    isShownOnResearchPage: Boolean
    targetPetNums: [Int!]
  }

  input NewSurveyCategoryInput {
    category: SurveyCategoryType!
    subtitle: String
    priority: Int
  }

  input SurveyCategoryChangesInput {
    category: SurveyCategoryType
    subtitle: String
    priority: Int
  }

  extend type Query {
    "The surveys offered to a dog the user may see, with its progress: by category priority, then survey priority."
    surveyProgress(petNum: Int!): [SurveyProgress!]!
    "Every survey category, highest priority first (admins only)."
    surveyCategories: [SurveyCategory!]!
  }

  extend type Mutation {
    "Admins only."
    addSurvey(survey: NewSurveyInput!): Survey!
    "Admins only."
    updateSurvey(id: Int!, changes: SurveyChangesInput!): Survey!
    "Admins only."
    addSurveyCategory(category: NewSurveyCategoryInput!): SurveyCategory!
    "Admins only."
    updateSurveyCategory(id: Int!, changes: SurveyCategoryChangesInput!): SurveyCategory!
  }
`;

/** The real person must be an admin: impersonating an admin grants nothing (as requireAdmin). */
function requireAdmin(context: GraphqlContext): User {
  const user = requireSignedIn(context);
  if (!user.isAdmin || context.impersonator) throw notAuthorized();
  return user;
}

function parse<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidArguments();
  return parsed.data;
}

/** Runs an admin write; a refusal by the data, or a missing id, is 'Invalid Arguments'. */
async function adminWrite<T>(write: () => Promise<T | undefined>): Promise<T> {
  try {
    const result = await write();
    if (result === undefined) throw invalidArguments();
    return result;
  } catch (error) {
    if (error instanceof SurveyWriteRefused) throw invalidArguments();
    throw error;
  }
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export const surveysSchema: SchemaModule = {
  typeDefs,
  resolvers: {
    Query: {
      async surveyProgress(_root: unknown, args: { petNum: unknown }, context: GraphqlContext) {
        const user = requireSignedIn(context);
        const petNum = parse(idSchema, args.petNum);
        if (!(await petAccessFor(context.db, user, petNum))) throw notAuthorized();
        const rows = await surveyProgressFor(context.db, petNum, { isAdmin: user.isAdmin, researchPageOnly: false });
        return rows.map((row) => ({ ...row.progress, startedAt: iso(row.progress.startedAt), completedAt: iso(row.progress.completedAt) }));
      },
      surveyCategories(_root: unknown, _args: unknown, context: GraphqlContext) {
        requireAdmin(context);
        return listSurveyCategories(context.db);
      },
    },
    Mutation: {
      addSurvey(_root: unknown, args: { survey: unknown }, context: GraphqlContext) {
        requireAdmin(context);
        const input = parse(newSurveySchema, args.survey);
        return adminWrite(() => addSurvey(context.db, input));
      },
      updateSurvey(_root: unknown, args: { id: unknown; changes: unknown }, context: GraphqlContext) {
        requireAdmin(context);
        const id = parse(idSchema, args.id);
        const changes = parse(surveyChangesSchema, args.changes);
        return adminWrite(() => updateSurvey(context.db, id, changes));
      },
      addSurveyCategory(_root: unknown, args: { category: unknown }, context: GraphqlContext) {
        requireAdmin(context);
        const input = parse(newSurveyCategorySchema, args.category);
        return adminWrite(() => addSurveyCategory(context.db, input));
      },
      updateSurveyCategory(_root: unknown, args: { id: unknown; changes: unknown }, context: GraphqlContext) {
        requireAdmin(context);
        const id = parse(idSchema, args.id);
        const changes = parse(surveyCategoryChangesSchema, args.changes);
        return adminWrite(() => updateSurveyCategory(context.db, id, changes));
      },
    },
    Survey: {
      targetPetNums: (survey: Survey, _args: unknown, context: GraphqlContext) =>
        context.user?.isAdmin && !context.impersonator ? listTargetPetNums(context.db, survey.id) : [],
    },
  },
};
