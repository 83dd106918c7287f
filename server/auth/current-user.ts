import type { RequestHandler } from 'express';
import type { Db } from '../db/index.js';
import { findUserById, type User } from '../users/queries.js';
import { loadUserWithShellCounts } from '../shell/counts.js';

// Calls answered with data, not pages: they need the account but not the header and footer.
const DATA_CALLS = /^\/(api|graphql)(\/|$)/;

/**
 * Loads the signed-in account (and the impersonator, if any) once per request. A page request
 * gets the shell's counts in the same query, which saves a round trip on every page.
 */
export function loadCurrentUser(db: Db): RequestHandler {
  return async (req, _res, next) => {
    const { userId, impersonatorId } = req.session;
    if (!userId) return next();
    const withShell = req.method === 'GET' && !DATA_CALLS.test(req.path);
    const [user, impersonator] = await Promise.all([
      withShell ? loadUserWithShellCounts(db, userId).then((found): User | undefined => {
        if (found) req.shellCounts = found.shellCounts;
        return found?.user;
      }) : findUserById(db, userId),
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
