// The existing admin mutations of surveys and categories (spec 1 §6, §7).
import { graphqlRequest } from '../shared/graphql';
import type { AdminSurvey, SurveyCategory } from '../../server/shared/survey-types';

const SURVEY_FIELDS = 'id slug templateId category title subtitle icon color priority isTargeted isAdminOnly isShownOnResearchPage targetPetNums';
const CATEGORY_FIELDS = 'id category subtitle priority';

export type SurveyFields = Omit<AdminSurvey, 'id'>;
export type CategoryFields = Omit<SurveyCategory, 'id'>;

export async function saveSurvey(id: number | null, survey: SurveyFields): Promise<AdminSurvey> {
  if (id === null) {
    const data = await graphqlRequest<{ addSurvey: AdminSurvey }>(`mutation ($survey: NewSurveyInput!) { addSurvey(survey: $survey) { ${SURVEY_FIELDS} } }`, { survey });
    return data.addSurvey;
  }
  const data = await graphqlRequest<{ updateSurvey: AdminSurvey }>(`mutation ($id: Int!, $changes: SurveyChangesInput!) { updateSurvey(id: $id, changes: $changes) { ${SURVEY_FIELDS} } }`, { id, changes: survey });
  return data.updateSurvey;
}

export async function saveCategory(id: number | null, category: CategoryFields): Promise<SurveyCategory> {
  if (id === null) {
    const data = await graphqlRequest<{ addSurveyCategory: SurveyCategory }>(`mutation ($category: NewSurveyCategoryInput!) { addSurveyCategory(category: $category) { ${CATEGORY_FIELDS} } }`, { category });
    return data.addSurveyCategory;
  }
  const data = await graphqlRequest<{ updateSurveyCategory: SurveyCategory }>(`mutation ($id: Int!, $changes: SurveyCategoryChangesInput!) { updateSurveyCategory(id: $id, changes: $changes) { ${CATEGORY_FIELDS} } }`, { id, changes: category });
  return data.updateSurveyCategory;
}
