import type { RequestHandler } from 'express';
import type { Db } from '../db/index.js';
import { findUserById } from '../users/queries.js';

/** Loads the signed-in account (and the impersonator, if any) once per request. */
export function loadCurrentUser(db: Db): RequestHandler {
  return async (req, _res, next) => {
    const { userId, impersonatorId } = req.session;
    if (!userId) return next();
    const [user, impersonator] = await Promise.all([
      findUserById(db, userId),
      impersonatorId ? findUserById(db, impersonatorId) : undefined,
    ]);
    if (!user) {
      // The account was removed while signed in.
      delete req.session.userId;
      delete req.session.impersonatorId;
      return next();
    }
    req.currentUser = user;
    if (impersonator) req.impersonator = impersonator;
    next();
  };
}
