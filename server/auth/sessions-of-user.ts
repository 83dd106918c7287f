import type { Db } from '../db/index.js';

/**
 * Ends every session of an account except (optionally) the one in use, e.g. after a password
 * reset. A session belongs to the account when the account is signed in there or is the person
 * behind the keyboard impersonating someone else. Returns how many sessions ended.
 */
export async function endOtherSessions(db: Db, userId: number, exceptSessionId?: string): Promise<number> {
  const query = db('sessions').where((where) => where.where('user_id', userId).orWhere('impersonator_id', userId));
  if (exceptSessionId) query.whereNot('sid', exceptSessionId);
  // The ended rows' ids, not the driver's affected-row count, which PGlite does not report through knex.
  const ended = await query.delete().returning('sid');
  return ended.length;
}
