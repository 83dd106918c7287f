import type { Db } from '../db/index.js';
import type { SurveyProgressStatus } from './rules.js';
import type { Survey, SurveyCategory } from '../shared/survey-types.js';

export type { Survey, SurveyCategory } from '../shared/survey-types.js';

export interface SurveyProgress {
  survey: Survey;
  status: SurveyProgressStatus;
  progressPct: number;
  startedAt: Date | null;
  completedAt: Date | null;
}

export const SURVEY_COLUMNS = {
  id: 's.id',
  slug: 's.slug',
  templateId: 's.template_id',
  category: 's.category',
  title: 's.title',
  subtitle: 's.subtitle',
  icon: 's.icon',
  color: 's.color',
  priority: 's.priority',
  isTargeted: 's.is_targeted',
  isAdminOnly: 's.is_admin_only',
  isShownOnResearchPage: 's.is_shown_on_research_page',
} as const;

export const CATEGORY_COLUMNS = { id: 'id', category: 'category', subtitle: 'subtitle', priority: 'priority' } as const;

export interface Visibility {
  isAdmin: boolean;
  /** Leave out surveys not shown on the research page. */
  researchPageOnly: boolean;
}

/**
 * Surveys offered to a dog with its progress, by category priority then survey priority (highest
 * first): admin-only surveys for admins alone, targeted surveys only for their target dogs.
 */
export async function surveyProgressFor(db: Db, petNum: number, { isAdmin, researchPageOnly }: Visibility) {
  const query = db('surveys as s')
    .join('survey_categories as c', 'c.category', 's.category')
    .leftJoin('survey_responses as r', (j) => j.on('r.survey_id', 's.id').andOn('r.pet_num', db.raw('?', [petNum])))
    .where((q) => q.where('s.is_targeted', false).orWhereExists(db('survey_target_pets as t').whereRaw('t.survey_id = s.id').where('t.pet_num', petNum)))
    .orderBy('c.priority', 'desc')
    .orderBy('c.category')
    .orderBy('s.priority', 'desc')
    .orderBy('s.title')
    .select({ ...SURVEY_COLUMNS, categorySubtitle: 'c.subtitle', status: 'r.status', progressPct: 'r.progress_pct', startedAt: 'r.started_at', completedAt: 'r.completed_at' });
  if (!isAdmin) query.where('s.is_admin_only', false);
  if (researchPageOnly) query.where('s.is_shown_on_research_page', true);
  const rows = await query;
  return rows.map(({ categorySubtitle, status, progressPct, startedAt, completedAt, ...survey }) => ({
    categorySubtitle: categorySubtitle as string | null,
    progress: {
      survey: survey as Survey,
      status: (status ?? 'not_started') as SurveyProgressStatus,
      progressPct: status === 'completed' ? 100 : (progressPct ?? 0),
      startedAt: startedAt ?? null,
      completedAt: completedAt ?? null,
    } satisfies SurveyProgress,
  }));
}

export async function findSurvey(db: Db, id: number): Promise<Survey | undefined> {
  return db('surveys as s').where('s.id', id).first(SURVEY_COLUMNS);
}

export async function findSurveyCategory(db: Db, id: number): Promise<SurveyCategory | undefined> {
  return db('survey_categories').where({ id }).first(CATEGORY_COLUMNS);
}

export async function listSurveyCategories(db: Db): Promise<SurveyCategory[]> {
  return db('survey_categories').orderBy('priority', 'desc').orderBy('category').select(CATEGORY_COLUMNS);
}

export async function listTargetPetNums(db: Db, surveyId: number): Promise<number[]> {
  const rows = await db('survey_target_pets').where({ survey_id: surveyId }).orderBy('pet_num').select('pet_num');
  return rows.map((row: { pet_num: number }) => row.pet_num);
}
