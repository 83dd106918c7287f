// An admin turns a user's matchmaker (permissions.showMatchMaker) on or off from the users table.
import type { Request } from 'express';
import type { Db } from '../db/index.js';

export const MATCHMAKER_PERMISSION_ACTIONS = { grant: 'grant matchmaker', revoke: 'revoke matchmaker' } as const;

/** Sets the user's showMatchMaker and records who did it, in one transaction. False when there is no such user. */
export async function setMatchmakerPermission(db: Db, req: Request, userId: number, allowed: boolean): Promise<boolean> {
  return db.transaction(async (trx) => {
    const updated = await trx('users').where({ id: userId }).update({ show_match_maker: allowed });
    if (updated === 0) return false;
    await trx('audit_log').insert({
      user_id: req.currentUser!.id,
      action: allowed ? MATCHMAKER_PERMISSION_ACTIONS.grant : MATCHMAKER_PERMISSION_ACTIONS.revoke,
      method: req.method,
      path: req.originalUrl.split('?')[0].slice(0, 500),
      details: JSON.stringify({ userId }),
    });
    return true;
  });
}
