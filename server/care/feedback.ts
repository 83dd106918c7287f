import type { Db } from '../db/index.js';
import { CARE_FEEDBACK_QUIET_DAYS, type CareFeedbackInput } from './rules.js';

/** Asked again only when the user has not answered on that page in the last 90 days. */
export async function shouldShowCareResourcesFeedback(db: Db, userId: number, pageId: string): Promise<boolean> {
  const recent = await db('care_resources_feedback')
    .where({ user_id: userId, page_id: pageId })
    .where('created_at', '>', db.raw(`now() - interval '${CARE_FEEDBACK_QUIET_DAYS} days'`))
    .first(db.raw('1 as found'));
  return !recent;
}

/** Whether a care resource exists and is published (feedback may name one). */
export async function isPublishedCareResource(db: Db, id: number): Promise<boolean> {
  return Boolean(await db('care_resources').where({ id, is_published: true }).first('id'));
}

export async function addCareResourcesFeedback(db: Db, userId: number, input: CareFeedbackInput): Promise<number> {
  return db.transaction(async (trx) => {
    const [row] = await trx('care_resources_feedback')
      .insert({
        user_id: userId,
        pet_num: input.petNum ?? null,
        page_id: input.pageId,
        care_resource_id: input.careResourceId ?? null,
        is_helpful: input.isHelpful,
        selected_feedback: input.selectedFeedback,
        additional_text: input.additionalText,
      })
      .returning('id');
    return row.id as number;
  });
}
