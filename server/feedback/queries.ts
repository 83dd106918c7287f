import type { Db } from '../db/index.js';

export interface FeedbackRow {
  id: string;
  userId: number | null;
  page: string;
  variant: string;
  petUuid: string | null;
  isHelpful: boolean;
  selectedFeedback: string[];
  additionalText: string | null;
  pageVariables: Record<string, string>;
  createdAt: Date;
}

interface StoredFeedback {
  id: string | number;
  user_id: number | null;
  page: string;
  variant: string;
  pet_uuid: string | null;
  is_helpful: boolean;
  selected_feedback: string[];
  additional_text: string | null;
  page_variables: Record<string, string>;
  created_at: Date;
}

function toFeedback(row: StoredFeedback): FeedbackRow {
  return {
    id: String(row.id),
    userId: row.user_id,
    page: row.page,
    variant: row.variant,
    petUuid: row.pet_uuid,
    isHelpful: row.is_helpful,
    selectedFeedback: row.selected_feedback,
    additionalText: row.additional_text,
    pageVariables: row.page_variables,
    createdAt: row.created_at,
  };
}

export interface FeedbackKey {
  userId: number;
  page: string;
  variant: string;
  petUuid: string | null;
}

/** The pet number of the dog with this uuid, if there is one. */
export async function petNumByUuid(db: Db, petUuid: string): Promise<number | null> {
  const row = await db('pets').where({ id: petUuid }).first('pet_num');
  return row ? Number(row.pet_num) : null;
}

/** Whether the user already answered for this page, variant and dog. */
export async function hasGivenFeedback(db: Db, key: FeedbackKey): Promise<boolean> {
  const row = await db('feedback')
    .where({ user_id: key.userId, page: key.page, variant: key.variant })
    .andWhere((query) => (key.petUuid ? query.where('pet_uuid', key.petUuid) : query.whereNull('pet_uuid')))
    .first(db.raw('1 as found'));
  return Boolean(row);
}

export interface NewFeedback extends FeedbackKey {
  isHelpful: boolean;
  selectedFeedback: string[];
  additionalText: string | null;
  pageVariables: Record<string, string>;
}

export async function insertFeedback(db: Db, feedback: NewFeedback): Promise<FeedbackRow> {
  const [row] = await db('feedback')
    .insert({
      user_id: feedback.userId,
      page: feedback.page,
      variant: feedback.variant,
      pet_uuid: feedback.petUuid,
      is_helpful: feedback.isHelpful,
      selected_feedback: feedback.selectedFeedback,
      additional_text: feedback.additionalText,
      page_variables: JSON.stringify(feedback.pageVariables),
    })
    .returning('*');
  return toFeedback(row as StoredFeedback);
}

/** Records that the user saw and dismissed a notification; acknowledging again keeps the first time. */
export async function acknowledgeNotification(db: Db, userId: number, notificationKey: string): Promise<void> {
  await db('user_notification_acknowledgements').insert({ user_id: userId, notification_key: notificationKey }).onConflict(['user_id', 'notification_key']).ignore();
}
