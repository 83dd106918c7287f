import type { Db } from '../db/index.js';

export async function storedPasswordHash(db: Db, userId: number): Promise<string | undefined> {
  const row = await db('users').where({ id: userId }).first('password_hash');
  return row?.password_hash;
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db('users').where({ id: userId }).update({ password_hash: passwordHash, updated_at: db.fn.now() });
}
