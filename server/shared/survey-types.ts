// Surveys and survey categories (spec 1 §3) as the server reads them and the survey-admin widget edits them.

/** spec 1 §3 Survey. */
export interface Survey {
  id: number;
  slug: string;
  templateId: string;
  category: string;
  title: string;
  subtitle: string | null;
  icon: string | null;
  color: string | null;
  priority: number;
  isTargeted: boolean;
  isAdminOnly: boolean;
  isShownOnResearchPage: boolean;
}

/** spec 1 §3 Survey category. */
export interface SurveyCategory {
  id: number;
  category: string;
  subtitle: string | null;
  priority: number;
}

/** A survey as /admin/surveys lists it, with the dogs it targets. */
export interface AdminSurvey extends Survey {
  targetPetNums: number[];
}
