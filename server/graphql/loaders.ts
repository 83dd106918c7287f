import type { Db } from '../db/index.js';

export async function loadOwnerPermissions(db: Db, userId: number, petNums: readonly number[]): Promise<('edit' | 'read' | null)[]> {
  const rows: { pet_num: number; permission: 'edit' | 'read' }[] = await db('pet_owners')
    .where('user_id', userId)
    .whereIn('pet_num', petNums)
    .select('pet_num', 'permission');
  const byNum = new Map(rows.map((row) => [row.pet_num, row.permission]));
  return petNums.map((num) => byNum.get(num) ?? null);
}
