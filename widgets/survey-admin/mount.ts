import type { SurveyAdminProps } from './SurveyAdmin';

export { default } from './SurveyAdmin';

export function parseProps(raw: Record<string, unknown>): SurveyAdminProps {
  if (!Array.isArray(raw.surveys) || !Array.isArray(raw.categories) || !Array.isArray(raw.categoryTypes)) throw new Error('survey-admin needs surveys and categories');
  return raw as unknown as SurveyAdminProps;
}
