import { z } from 'zod';
import { MAX_TARGET_PETS, SURVEY_COLOR, SURVEY_ICON, SURVEY_PRIORITY_LIMIT, SURVEY_SLUG, SURVEY_TEMPLATE_ID } from '../shared/survey-field-rules.js';

export { MAX_TARGET_PETS } from '../shared/survey-field-rules.js';

// spec 1 §3 Enumerations: survey category types (the migration's CHECK lists the same).
export const SURVEY_CATEGORY_TYPES = ['Breed', 'General', 'Health', 'LifeStage', 'Profile', 'Survey', 'Trait'] as const;
export type SurveyCategoryType = (typeof SURVEY_CATEGORY_TYPES)[number];

const title = z.string().trim().min(1).max(200);
const optionalText = z
  .string()
  .trim()
  .max(300)
  .nullish()
  .transform((text) => (text ? text : null));
const priority = z.number().int().min(-SURVEY_PRIORITY_LIMIT).max(SURVEY_PRIORITY_LIMIT);

const surveyFields = {
  slug: z.string().min(1).max(100).regex(SURVEY_SLUG),
  templateId: z.string().trim().min(1).max(100).regex(SURVEY_TEMPLATE_ID),
  category: z.enum(SURVEY_CATEGORY_TYPES),
  title,
  subtitle: optionalText,
  icon: z
    .string()
    .regex(SURVEY_ICON)
    .nullish(),
  color: z
    .string()
    .regex(SURVEY_COLOR)
    .nullish(),
  priority,
  isTargeted: z.boolean(),
  isAdminOnly: z.boolean(),
  isShownOnResearchPage: z.boolean(),
  targetPetNums: z.array(z.number().int().positive()).max(MAX_TARGET_PETS).nullish(),
};

export const newSurveySchema = z.object({
  ...surveyFields,
  priority: priority.nullish().transform((p) => p ?? 0),
  isTargeted: z.boolean().nullish().transform((b) => b ?? false),
  isAdminOnly: z.boolean().nullish().transform((b) => b ?? false),
  isShownOnResearchPage: z.boolean().nullish().transform((b) => b ?? true),
});

/** Every field optional; a null leaves the field as it is, except subtitle, icon and color, which it clears. */
export const surveyChangesSchema = z.object({
  slug: surveyFields.slug.nullish(),
  templateId: surveyFields.templateId.nullish(),
  category: surveyFields.category.nullish(),
  title: title.nullish(),
  subtitle: surveyFields.subtitle.optional(),
  icon: surveyFields.icon.optional(),
  color: surveyFields.color.optional(),
  priority: priority.nullish(),
  isTargeted: z.boolean().nullish(),
  isAdminOnly: z.boolean().nullish(),
  isShownOnResearchPage: z.boolean().nullish(),
  targetPetNums: surveyFields.targetPetNums,
});

export const newSurveyCategorySchema = z.object({
  category: z.enum(SURVEY_CATEGORY_TYPES),
  subtitle: optionalText,
  priority: priority.nullish().transform((p) => p ?? 0),
});

export const surveyCategoryChangesSchema = z.object({
  category: z.enum(SURVEY_CATEGORY_TYPES).nullish(),
  subtitle: optionalText.optional(),
  priority: priority.nullish(),
});

export const idSchema = z.number().int().positive();

export type NewSurvey = z.infer<typeof newSurveySchema>;
export type SurveyChanges = z.infer<typeof surveyChangesSchema>;
export type NewSurveyCategory = z.infer<typeof newSurveyCategorySchema>;
export type SurveyCategoryChanges = z.infer<typeof surveyCategoryChangesSchema>;

/** 'not_started' until a response exists. */
export type SurveyProgressStatus = 'not_started' | 'started' | 'completed';
