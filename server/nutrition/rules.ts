import { z } from 'zod';

// What the nutrition recommendation asks for; one copy for the page, GraphQL and the tests.
export const FOOD_TYPES = { dry: 'Dry kibble', wet: 'Wet (canned)', raw: 'Raw', fresh: 'Fresh cooked', mixed: 'A mix' } as const;
export const FEEDING_UNITS = { cups: 'cups', grams: 'grams', cans: 'cans' } as const;
export const ACTIVITY_LEVELS = {
  low: 'Low: short walks, mostly resting',
  moderate: 'Moderate: an hour or so of walks and play a day',
  active: 'Active: long walks, runs or hikes most days',
  very_active: 'Very active: working, sport or agility training',
} as const;
export const HEALTH_GOALS = {
  maintain_weight: 'Keep a healthy weight',
  lose_weight: 'Lose weight',
  gain_weight: 'Gain weight',
  joint_support: 'Joint support',
  skin_and_coat: 'Skin and coat',
  digestive_health: 'Digestive health',
  dental_health: 'Dental health',
  energy: 'Energy and stamina',
} as const;
// Body condition score, 1 (emaciated) to 9 (obese); 4–5 is ideal.
export const BODY_CONDITION_LABELS: Record<number, string> = {
  1: '1: Emaciated',
  2: '2: Very thin',
  3: '3: Thin',
  4: '4: Ideal, lean',
  5: '5: Ideal',
  6: '6: Slightly overweight',
  7: '7: Overweight',
  8: '8: Obese',
  9: '9: Severely obese',
};

const keys = <T extends Record<string, string>>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]];

export const nutritionInputSchema = z.object({
  currentFood: z.string({ message: 'Please tell us what your dog eats now' }).trim().min(1, 'Please tell us what your dog eats now').max(200, 'The food name can be at most 200 characters'),
  foodType: z.enum(keys(FOOD_TYPES), { message: 'Please choose the type of food' }),
  feedingAmount: z
    .number({ message: 'Please enter the daily amount as a number' })
    .positive('The daily amount must be more than 0')
    .max(5000, 'The daily amount looks too large; please check it'),
  feedingUnit: z.enum(keys(FEEDING_UNITS), { message: 'Please choose a unit for the daily amount' }),
  mealsPerDay: z.number({ message: 'Meals per day must be a whole number from 1 to 6' }).int('Meals per day must be a whole number from 1 to 6').min(1, 'Meals per day must be a whole number from 1 to 6').max(6, 'Meals per day must be a whole number from 1 to 6'),
  activityLevel: z.enum(keys(ACTIVITY_LEVELS), { message: 'Please choose an activity level' }),
  bodyConditionScore: z.number({ message: 'Body condition must be a whole number from 1 to 9' }).int('Body condition must be a whole number from 1 to 9').min(1, 'Body condition must be a whole number from 1 to 9').max(9, 'Body condition must be a whole number from 1 to 9'),
  currentWeightLbs: z.number({ message: 'Please enter the weight in pounds as a number' }).min(1, 'The weight must be between 1 and 350 pounds').max(350, 'The weight must be between 1 and 350 pounds'),
  healthGoals: z
    .array(z.enum(keys(HEALTH_GOALS)), { message: 'Please choose at least one health goal' })
    .min(1, 'Please choose at least one health goal')
    .transform((goals) => [...new Set(goals)]),
  foodAllergies: z
    .string()
    .trim()
    .max(300, 'Allergies can be at most 300 characters')
    .nullish()
    .transform((text) => text || null),
  notes: z
    .string()
    .trim()
    .max(500, 'Notes can be at most 500 characters')
    .nullish()
    .transform((text) => text || null),
});

export type NutritionInputs = z.infer<typeof nutritionInputSchema>;
export type NutritionField = keyof NutritionInputs;

/** The first message for each field that failed. */
export function fieldErrors(error: z.ZodError): Partial<Record<NutritionField, string>> {
  const errors: Partial<Record<NutritionField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as NutritionField;
    errors[field] ??= issue.message;
  }
  return errors;
}

const number = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Form fields (all strings) as the typed input; what cannot be read stays undefined or NaN and fails validation. */
export function inputsFromForm(body: Record<string, unknown>): Record<string, unknown> {
  const goals = body.healthGoals === undefined ? [] : Array.isArray(body.healthGoals) ? body.healthGoals : [body.healthGoals];
  return {
    currentFood: text(body.currentFood) ?? '',
    foodType: text(body.foodType),
    feedingAmount: number(body.feedingAmount),
    feedingUnit: text(body.feedingUnit),
    mealsPerDay: number(body.mealsPerDay),
    activityLevel: text(body.activityLevel),
    bodyConditionScore: number(body.bodyConditionScore),
    currentWeightLbs: number(body.currentWeightLbs),
    healthGoals: goals.filter((goal): goal is string => typeof goal === 'string'),
    foodAllergies: text(body.foodAllergies),
    notes: text(body.notes),
  };
}
