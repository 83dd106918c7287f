// The research and care pages' data, from the surveys and care features.
import type { Db } from '../db/index.js';
import { surveyProgressFor } from '../surveys/queries.js';

export { type CareResource as CareResourceView } from '../care/queries.js';

export interface SurveyCategoryView {
  category: string;
  subtitle: string | null;
  surveys: { slug: string; title: string; subtitle: string | null; color: string | null; progressPct: number; isStarted: boolean; isCompleted: boolean }[];
}

/** Research surveys offered to a dog, by category priority then survey priority; admin-only ones for admins. */
export async function loadResearchSurveys(db: Db, petNum: number, isAdmin: boolean): Promise<SurveyCategoryView[]> {
  const categories: SurveyCategoryView[] = [];
  for (const { categorySubtitle, progress } of await surveyProgressFor(db, petNum, { isAdmin, researchPageOnly: true })) {
    const { survey } = progress;
    let category = categories.find((c) => c.category === survey.category);
    if (!category) categories.push((category = { category: survey.category, subtitle: categorySubtitle, surveys: [] }));
    category.surveys.push({
      slug: survey.slug,
      title: survey.title,
      subtitle: survey.subtitle,
      color: survey.color && /^#[0-9a-fA-F]{6}$/.test(survey.color) ? survey.color : null,
      progressPct: progress.progressPct,
      isStarted: progress.status === 'started',
      isCompleted: progress.status === 'completed',
    });
  }
  return categories;
}
