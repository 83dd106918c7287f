import type { Db } from '../db/index.js';
import type { NutritionInputs } from './rules.js';

export interface SavedNutritionInputs {
  petNum: number;
  inputs: NutritionInputs;
  updatedAt: Date;
}

/** requested → processing → delivered, or failed (migration 0008). */
export interface NutritionRequest {
  id: number;
  petNum: number;
  status: string;
  inputs: NutritionInputs;
  createdAt: Date;
  deliveredAt: Date | null;
}

export const REQUEST_STATUS_TEXT: Record<string, string> = {
  requested: 'Requested: our nutrition team will start on it soon.',
  processing: 'Being prepared by our nutrition team.',
  delivered: 'Delivered.',
  failed: 'We could not prepare a recommendation; please contact support.',
};

export async function loadNutritionInputs(db: Db, petNum: number): Promise<SavedNutritionInputs | null> {
  const row = await db('nutrition_input_data').where({ pet_num: petNum }).first('pet_num', 'inputs', 'updated_at');
  return row ? { petNum: row.pet_num, inputs: row.inputs, updatedAt: row.updated_at } : null;
}

/** Replaces the dog's saved inputs (one row per dog). */
export async function saveNutritionInputs(db: Db, petNum: number, userId: number, inputs: NutritionInputs): Promise<SavedNutritionInputs> {
  return db.transaction(async (trx) => {
    const [row] = await trx('nutrition_input_data')
      .insert({ pet_num: petNum, inputs: JSON.stringify(inputs), updated_by_user_id: userId })
      .onConflict('pet_num')
      .merge({ inputs: JSON.stringify(inputs), updated_by_user_id: userId, updated_at: trx.fn.now() })
      .returning(['pet_num', 'inputs', 'updated_at']);
    return { petNum: row.pet_num, inputs: row.inputs, updatedAt: row.updated_at };
  });
}

function toRequest(row: Record<string, unknown>): NutritionRequest {
  return {
    id: row.id as number,
    petNum: row.pet_num as number,
    status: row.status as string,
    inputs: row.inputs as NutritionInputs,
    createdAt: row.created_at as Date,
    deliveredAt: (row.delivered_at as Date | null) ?? null,
  };
}

export async function latestNutritionRequest(db: Db, petNum: number): Promise<NutritionRequest | null> {
  const row = await db('nutrition_recommendation_requests').where({ pet_num: petNum }).orderBy('created_at', 'desc').orderBy('id', 'desc').first();
  return row ? toRequest(row) : null;
}

/**
 * Requests a recommendation from the saved inputs; null when none are saved. A request not yet
 * picked up (status requested) takes the latest inputs instead of a second request being made.
 */
export async function submitNutritionRequest(db: Db, petNum: number, userId: number): Promise<NutritionRequest | null> {
  return db.transaction(async (trx) => {
    const saved = await trx('nutrition_input_data').where({ pet_num: petNum }).forUpdate().first('inputs');
    if (!saved) return null;
    const inputs = JSON.stringify(saved.inputs);
    const open = await trx('nutrition_recommendation_requests').where({ pet_num: petNum, status: 'requested' }).orderBy('id', 'desc').first('id');
    const [row] = open
      ? await trx('nutrition_recommendation_requests').where({ id: open.id }).update({ inputs, requested_by_user_id: userId, updated_at: trx.fn.now() }).returning('*')
      : await trx('nutrition_recommendation_requests').insert({ pet_num: petNum, requested_by_user_id: userId, inputs, status: 'requested' }).returning('*');
    return toRequest(row);
  });
}
