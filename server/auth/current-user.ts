import type { RequestHandler } from 'express';
import type { Db } from '../db/index.js';
import { findUserById } from '../users/queries.js';
import { petAccessOf } from '../pets/access.js';

/**
 * The signed-in account (and the impersonator, if any) for the request. The session store loads
 * them with the session in one query (see session-store.ts); a session created or reloaded
 * during this request falls back to reading the accounts.
 */
export function loadCurrentUser(db: Db): RequestHandler {
  return async (req, _res, next) => {
    const { userId, impersonatorId } = req.session;
    if (!userId) return next();
    const loaded = req.sessionAccount?.user.id === userId ? req.sessionAccount : undefined;
    const [user, impersonator] = loaded
      ? [loaded.user, loaded.impersonator]
      : await Promise.all([findUserById(db, userId), impersonatorId ? findUserById(db, impersonatorId) : undefined]);
    if (!user) return next();
    req.currentUser = user;
    if (impersonator) req.impersonator = impersonator;
    if (loaded?.shellCounts) req.shellCounts = loaded.shellCounts;
    const asked = loaded?.requestedPet;
    if (asked) req.requestedPet = { petNum: asked.petNum, access: petAccessOf(user, asked.facts), shellFacts: asked.shellFacts };
    next();
  };
}
