import type { Db } from '../db/index.js';
import { CARE_FEEDBACK_QUIET_DAYS, carePageId, type CareFeedbackInput } from './rules.js';
import { pgArray, type PetRead } from '../pets/reads.js';

/** The pages of `pageIds` where `userId` answered in the last 90 days: they are not asked again there. */
const recentlyAnswered = (db: Db, userId: number, pageIds: readonly string[]) =>
  db('care_resources_feedback')
    .where('user_id', userId)
    .whereRaw('page_id = any(?::text[])', [pgArray(pageIds)])
    .where('created_at', '>', db.raw(`now() - interval '${CARE_FEEDBACK_QUIET_DAYS} days'`))
    .distinct({ pageId: 'page_id' });

export async function shouldShowCareResourcesFeedback(db: Db, userId: number, pageId: string): Promise<boolean> {
  return (await recentlyAnswered(db, userId, [pageId])).length === 0;
}

/** Whether `userId` is asked for feedback on each dog's care page. */
export function careFeedbackAsked(userId: number): PetRead<boolean> {
  return {
    queries: (db, petNums) => ({ recent: recentlyAnswered(db, userId, petNums.map(carePageId)) }),
    assemble({ recent }, petNums) {
      const answered = new Set(recent.map((row) => row.pageId));
      return new Map(petNums.map((petNum) => [petNum, !answered.has(carePageId(petNum))]));
    },
    missing: () => true,
  };
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
