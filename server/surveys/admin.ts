// Admin writes of surveys and survey categories (spec 1 §6, §7); each in one transaction.
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import { findSurvey, findSurveyCategory, type Survey, type SurveyCategory } from './queries.js';
import type { NewSurvey, NewSurveyCategory, SurveyCategoryChanges, SurveyChanges } from './rules.js';
import { isUniqueViolation } from '../db/unique-violation.js';

/** A write the data refuses (unknown category, duplicate slug, missing pet…): nothing was changed. */
export class SurveyWriteRefused extends Error {}

/**
 * The unique indexes decide what the checks before a write cannot: a slug or a category another
 * admin's write (or the same form sent twice) took meanwhile is a refusal like any taken one.
 */
function refusedWhenTaken(error: unknown): never {
  if (isUniqueViolation(error, 'surveys_slug_unique')) throw new SurveyWriteRefused('slug taken');
  if (isUniqueViolation(error, 'survey_categories_category_unique')) throw new SurveyWriteRefused('category exists');
  throw error;
}

function surveyRow(fields: Partial<NewSurvey> | SurveyChanges): Record<string, unknown> {
  const columns: Record<string, string> = {
    slug: 'slug',
    templateId: 'template_id',
    category: 'category',
    title: 'title',
    subtitle: 'subtitle',
    icon: 'icon',
    color: 'color',
    priority: 'priority',
    isTargeted: 'is_targeted',
    isAdminOnly: 'is_admin_only',
    isShownOnResearchPage: 'is_shown_on_research_page',
  };
  const nullable = new Set(['subtitle', 'icon', 'color']);
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns)) {
    const value = (fields as Record<string, unknown>)[field];
    if (value === undefined || (value === null && !nullable.has(field))) continue;
    row[column] = value;
  }
  return row;
}

async function checkCategory(trx: Knex.Transaction, category: string | null | undefined) {
  if (category && !(await trx('survey_categories').where({ category }).first('id'))) throw new SurveyWriteRefused('unknown category');
}

async function checkSlugFree(trx: Knex.Transaction, slug: string | null | undefined, exceptId?: number) {
  if (!slug) return;
  const taken = await trx('surveys').where({ slug }).modify((q) => (exceptId ? q.whereNot({ id: exceptId }) : q)).first('id');
  if (taken) throw new SurveyWriteRefused('slug taken');
}

async function replaceTargets(trx: Knex.Transaction, surveyId: number, petNums: number[]) {
  const unique = [...new Set(petNums)];
  const found = unique.length ? await trx('pets').whereIn('pet_num', unique).whereNull('deleted_at').pluck('pet_num') : [];
  if (found.length !== unique.length) throw new SurveyWriteRefused('unknown pet');
  await trx('survey_target_pets').where({ survey_id: surveyId }).delete();
  if (unique.length) await trx('survey_target_pets').insert(unique.map((petNum) => ({ survey_id: surveyId, pet_num: petNum })));
}

export async function addSurvey(db: Db, input: NewSurvey): Promise<Survey> {
  return db.transaction(async (trx) => {
    await checkCategory(trx, input.category);
    await checkSlugFree(trx, input.slug);
    const [{ id }] = await trx('surveys').insert(surveyRow(input)).returning('id');
    if (input.targetPetNums) await replaceTargets(trx, id, input.targetPetNums);
    return (await findSurvey(trx, id))!;
  }).catch(refusedWhenTaken);
}

/** Answers undefined when no survey has that id. */
export async function updateSurvey(db: Db, id: number, changes: SurveyChanges): Promise<Survey | undefined> {
  return db.transaction(async (trx) => {
    if (!(await trx('surveys').where({ id }).forUpdate().first('id'))) return undefined;
    await checkCategory(trx, changes.category);
    await checkSlugFree(trx, changes.slug, id);
    const row = surveyRow(changes);
    if (Object.keys(row).length) await trx('surveys').where({ id }).update({ ...row, updated_at: trx.fn.now() });
    if (changes.targetPetNums) await replaceTargets(trx, id, changes.targetPetNums);
    return findSurvey(trx, id);
  }).catch(refusedWhenTaken);
}

export async function addSurveyCategory(db: Db, input: NewSurveyCategory): Promise<SurveyCategory> {
  return db.transaction(async (trx) => {
    // One statement decides, so two admins adding the same category at once get a refusal, not a 500.
    const inserted = await trx('survey_categories').insert({ category: input.category, subtitle: input.subtitle, priority: input.priority }).onConflict('category').ignore().returning('id');
    if (inserted.length === 0) throw new SurveyWriteRefused('category exists');
    return (await findSurveyCategory(trx, inserted[0].id))!;
  });
}

/** Renaming a category carries its surveys along (ON UPDATE CASCADE). */
export async function updateSurveyCategory(db: Db, id: number, changes: SurveyCategoryChanges): Promise<SurveyCategory | undefined> {
  return db.transaction(async (trx) => {
    if (!(await trx('survey_categories').where({ id }).forUpdate().first('id'))) return undefined;
    if (changes.category && (await trx('survey_categories').where({ category: changes.category }).whereNot({ id }).first('id'))) {
      throw new SurveyWriteRefused('category exists');
    }
    const row: Record<string, unknown> = {};
    if (changes.category) row.category = changes.category;
    if (changes.subtitle !== undefined) row.subtitle = changes.subtitle;
    if (changes.priority != null) row.priority = changes.priority;
    if (Object.keys(row).length) await trx('survey_categories').where({ id }).update({ ...row, updated_at: trx.fn.now() });
    return findSurveyCategory(trx, id);
  }).catch(refusedWhenTaken);
}
