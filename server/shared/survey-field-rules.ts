// The shapes of a survey's fields (spec 1 §3), shared by the GraphQL schema's checks (server/surveys/rules.ts) and
// the admin forms, which name the field at fault before sending instead of a bare 'Invalid Arguments'.

export const SURVEY_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SURVEY_TEMPLATE_ID = /^[A-Za-z0-9_-]+$/;
export const SURVEY_ICON = /^[a-z0-9-]{1,50}$/;
export const SURVEY_COLOR = /^#[0-9a-fA-F]{6}$/;
export const SURVEY_PRIORITY_LIMIT = 1000;
export const MAX_TARGET_PETS = 1000;

export interface SurveyFormText {
  title: string;
  slug: string;
  templateId: string;
  category: string;
  icon: string;
  color: string;
  priority: string;
  targetPetNums: string;
}

/** Pet numbers as typed (commas or spaces between them), or null when one is not a whole number above 0. */
export function parseTargetPetNums(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  return parts.every((part) => /^\d{1,9}$/.test(part) && Number(part) > 0) ? parts.map(Number) : null;
}

/**
 * The first field of a survey form the server would refuse, as a sentence for the admin, or null.
 * `categories` are the categories that exist; `takenSlugs` the other surveys' slugs.
 */
export function surveyFormProblem(form: SurveyFormText, context: { categories: readonly string[]; takenSlugs: readonly string[] }): string | null {
  const priority = form.priority.trim();
  const targets = parseTargetPetNums(form.targetPetNums);
  if (form.title.trim() === '') return 'Give the survey a title.';
  if (!SURVEY_SLUG.test(form.slug.trim())) return 'The slug takes lower-case letters and digits, words joined by single dashes (e.g. senior-dog-cognition).';
  if (context.takenSlugs.includes(form.slug.trim())) return 'Another survey already has this slug.';
  if (!SURVEY_TEMPLATE_ID.test(form.templateId.trim())) return 'The template id takes letters, digits, dashes and underscores.';
  if (!context.categories.includes(form.category)) return 'Choose one of the categories listed above (add the category first).';
  if (form.icon.trim() !== '' && !SURVEY_ICON.test(form.icon.trim())) return 'The icon is a lower-case name: letters, digits and dashes.';
  if (form.color.trim() !== '' && !SURVEY_COLOR.test(form.color.trim())) return 'The colour is written #rrggbb, e.g. #d35400.';
  if (!/^-?\d{1,4}$/.test(priority) || Math.abs(Number(priority)) > SURVEY_PRIORITY_LIMIT) return `The priority is a whole number from -${SURVEY_PRIORITY_LIMIT} to ${SURVEY_PRIORITY_LIMIT}.`;
  if (targets === null) return 'Target pet numbers are whole numbers above 0, separated by commas.';
  if (targets.length > MAX_TARGET_PETS) return `A survey targets at most ${MAX_TARGET_PETS} dogs.`;
  return null;
}
