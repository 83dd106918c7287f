import type { Db } from '../db/index.js';

export interface SurveyCategoryView {
  category: string;
  subtitle: string | null;
  surveys: { title: string; subtitle: string | null; progressPct: number; isCompleted: boolean }[];
}

/** Research surveys offered to a dog, by category priority then survey priority; admin-only ones for admins. */
export async function loadResearchSurveys(db: Db, petNum: number, isAdmin: boolean): Promise<SurveyCategoryView[]> {
  const query = db('surveys as s')
    .join('survey_categories as c', 'c.category', 's.category')
    .leftJoin('survey_responses as r', (j) => j.on('r.survey_id', 's.id').andOn('r.pet_num', db.raw('?', [petNum])))
    .where('s.is_shown_on_research_page', true)
    .where((q) => q.where('s.is_targeted', false).orWhereExists(db('survey_target_pets as t').whereRaw('t.survey_id = s.id').where('t.pet_num', petNum)))
    .orderBy('c.priority', 'desc')
    .orderBy('c.category')
    .orderBy('s.priority', 'desc')
    .orderBy('s.title')
    .select('c.category', 'c.subtitle as categorySubtitle', 's.title', 's.subtitle', 'r.progress_pct', 'r.status');
  if (!isAdmin) query.where('s.is_admin_only', false);
  const categories: SurveyCategoryView[] = [];
  for (const row of await query) {
    let category = categories.find((c) => c.category === row.category);
    if (!category) categories.push((category = { category: row.category, subtitle: row.categorySubtitle, surveys: [] }));
    category.surveys.push({ title: row.title, subtitle: row.subtitle, progressPct: row.progress_pct ?? 0, isCompleted: row.status === 'completed' });
  }
  return categories;
}

export interface CareResourceView {
  title: string;
  summary: string | null;
  url: string | null;
  categories: string[];
}

/** Published care resources whose targets match the dog's breeds, health calls or trait genotypes. */
export async function loadCareResources(db: Db, petNum: number): Promise<CareResourceView[]> {
  const rows = await db('care_resources as cr')
    .join('care_resource_targets as t', 't.care_resource_id', 'cr.id')
    .where('cr.is_published', true)
    .where((q) =>
      q
        .where((b) => b.where('t.category', 'breed').whereExists(db('breed_mix_rows as b').whereRaw('b.breed_id = t.breed_id').where('b.pet_num', petNum)))
        .orWhere((h) =>
          h.where('t.category', 'health').whereExists(
            db('health_results as h').whereRaw('h.health_condition_id = t.health_condition_id and (t.health_call is null or t.health_call = h.call)').where('h.pet_num', petNum),
          ),
        )
        .orWhere((tr) =>
          tr.where('t.category', 'trait').whereExists(
            db('trait_results as tr').whereRaw('tr.trait_locus_id = t.trait_locus_id and (t.trait_genotype is null or t.trait_genotype = tr.genotype)').where('tr.pet_num', petNum),
          ),
        ),
    )
    .orderBy('cr.priority', 'desc')
    .orderBy('cr.title')
    .select('cr.id', 'cr.title', 'cr.summary', 'cr.url', 't.category');
  const resources = new Map<number, CareResourceView>();
  for (const row of rows) {
    const resource: CareResourceView = resources.get(row.id) ?? { title: row.title, summary: row.summary, url: row.url, categories: [] as string[] };
    if (!resource.categories.includes(row.category)) resource.categories.push(row.category);
    resources.set(row.id, resource);
  }
  return [...resources.values()];
}
