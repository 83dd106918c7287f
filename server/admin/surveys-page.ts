// /admin/surveys (issue 16 point 4): every survey and survey category, edited by the page's widget
// through the existing GraphQL mutations (server/surveys/schema.ts).
import { Router } from 'express';
import type { Db } from '../db/index.js';
import { requireAdmin } from '../auth/guards.js';
import { listSurveyCategories, listTargetPetNums, SURVEY_COLUMNS, type Survey } from '../surveys/queries.js';
import { SURVEY_CATEGORY_TYPES } from '../surveys/rules.js';
import type { AdminSurvey } from '../shared/survey-types.js';

export type { AdminSurvey } from '../shared/survey-types.js';

async function listAllSurveys(db: Db): Promise<AdminSurvey[]> {
  const surveys: Survey[] = await db('surveys as s').orderBy('s.category').orderBy('s.priority', 'desc').orderBy('s.title').select(SURVEY_COLUMNS);
  return Promise.all(surveys.map(async (survey) => ({ ...survey, targetPetNums: survey.isTargeted ? await listTargetPetNums(db, survey.id) : [] })));
}

export function surveysAdminRoutes(db: Db): Router {
  const router = Router();
  router.get('/admin/surveys', requireAdmin, async (_req, res) => {
    const [surveys, categories] = await Promise.all([listAllSurveys(db), listSurveyCategories(db)]);
    res.render('admin/surveys', { title: 'Surveys', surveys, categories, props: { surveys, categories, categoryTypes: SURVEY_CATEGORY_TYPES } });
  });
  return router;
}
