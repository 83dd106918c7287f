import type { SchemaModule } from '../graphql/module.js';
import { requireSignedIn, type GraphqlContext } from '../graphql/context.js';
import { invalidArguments, notAuthorized, UserFacingError } from '../graphql/errors.js';
import { petAccessFor } from '../pets/access.js';
import { NUTRITION_INPUTS_REQUIRED } from '../shared/messages.js';
import { latestNutritionRequest, loadNutritionInputs, saveNutritionInputs, submitNutritionRequest } from './queries.js';
import { nutritionInputSchema } from './rules.js';

const typeDefs = /* GraphQL */ `
  enum NutritionFoodType { dry wet raw fresh mixed }
  enum NutritionFeedingUnit { cups grams cans }
  enum NutritionActivityLevel { low moderate active very_active }
  enum NutritionHealthGoal { maintain_weight lose_weight gain_weight joint_support skin_and_coat digestive_health dental_health energy }

  "What the nutrition recommendation is based on."
  type NutritionInputs {
    "The food the dog eats now (brand and recipe)."
    currentFood: String!
    foodType: NutritionFoodType!
    "How much the dog eats a day, in feedingUnit."
    feedingAmount: Float!
    feedingUnit: NutritionFeedingUnit!
    mealsPerDay: Int!
    activityLevel: NutritionActivityLevel!
    "Body condition score, 1 (emaciated) to 9 (obese); 4 or 5 is ideal."
    bodyConditionScore: Int!
    "Current weight, in pounds."
    currentWeightLbs: Float!
    healthGoals: [NutritionHealthGoal!]!
    foodAllergies: String
    notes: String
  }

  input NutritionInputDataInput {
    currentFood: String!
    foodType: NutritionFoodType!
    feedingAmount: Float!
    feedingUnit: NutritionFeedingUnit!
    mealsPerDay: Int!
    activityLevel: NutritionActivityLevel!
    bodyConditionScore: Int!
    currentWeightLbs: Float!
    healthGoals: [NutritionHealthGoal!]!
    foodAllergies: String
    notes: String
  }

  "The inputs saved for a dog."
  type NutritionInputData {
    petNum: Int!
    inputs: NutritionInputs!
    updatedAt: String!
  }

  "A request for a nutrition recommendation."
  type NutritionRecommendationRequest {
    id: Int!
    petNum: Int!
    "requested, processing, delivered or failed."
    status: String!
    "The inputs as they were when requested."
    inputs: NutritionInputs!
    createdAt: String!
    deliveredAt: String
  }

  extend type Query {
    "The nutrition inputs saved for a dog the user may see, or null."
    nutritionInputData(petNum: Int!): NutritionInputData
    "The dog's latest nutrition recommendation request, or null."
    nutritionRecommendationRequest(petNum: Int!): NutritionRecommendationRequest
  }

  extend type Mutation {
    "Saves the dog's nutrition inputs (owners with edit permission only)."
    saveNutritionInputData(petNum: Int!, input: NutritionInputDataInput!): NutritionInputData!
    "Requests a recommendation from the saved inputs (owners with edit permission only); refused until inputs are saved."
    submitNutritionRecommendationRequest(petNum: Int!): NutritionRecommendationRequest!
  }
`;

async function readablePet(context: GraphqlContext, petNum: unknown) {
  const user = requireSignedIn(context);
  if (typeof petNum !== 'number' || !Number.isSafeInteger(petNum) || petNum <= 0) throw invalidArguments();
  const access = await petAccessFor(context.db, user, petNum);
  if (!access) throw notAuthorized();
  return { user, access };
}

async function editablePet(context: GraphqlContext, petNum: unknown) {
  const found = await readablePet(context, petNum);
  if (!found.access.isEditable) throw notAuthorized();
  return found;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export const nutritionSchema: SchemaModule = {
  typeDefs,
  resolvers: {
    Query: {
      async nutritionInputData(_root: unknown, args: { petNum: unknown }, context: GraphqlContext) {
        const { access } = await readablePet(context, args.petNum);
        const saved = await loadNutritionInputs(context.db, access.pet.petNum);
        return saved && { ...saved, updatedAt: iso(saved.updatedAt) };
      },
      async nutritionRecommendationRequest(_root: unknown, args: { petNum: unknown }, context: GraphqlContext) {
        const { access } = await readablePet(context, args.petNum);
        const request = await latestNutritionRequest(context.db, access.pet.petNum);
        return request && { ...request, createdAt: iso(request.createdAt), deliveredAt: iso(request.deliveredAt) };
      },
    },
    Mutation: {
      async saveNutritionInputData(_root: unknown, args: { petNum: unknown; input: unknown }, context: GraphqlContext) {
        const { user, access } = await editablePet(context, args.petNum);
        const parsed = nutritionInputSchema.safeParse(args.input);
        if (!parsed.success) throw invalidArguments();
        const saved = await saveNutritionInputs(context.db, access.pet.petNum, user.id, parsed.data);
        return { ...saved, updatedAt: iso(saved.updatedAt) };
      },
      async submitNutritionRecommendationRequest(_root: unknown, args: { petNum: unknown }, context: GraphqlContext) {
        const { user, access } = await editablePet(context, args.petNum);
        const request = await submitNutritionRequest(context.db, access.pet.petNum, user.id);
        if (!request) throw new UserFacingError(NUTRITION_INPUTS_REQUIRED, 'BAD_USER_INPUT');
        return { ...request, createdAt: iso(request.createdAt), deliveredAt: iso(request.deliveredAt) };
      },
    },
  },
};
