import type { Request, RequestHandler } from 'express';
import type { User } from '../users/queries.js';
import { NOT_AUTHORIZED, PLEASE_LOG_IN } from '../shared/messages.js';
import { wantsJson } from '../http/negotiation.js';
import { HttpError } from '../http/http-error.js';
import { canImpersonate } from '../users/rules.js';


export function signedInUser(req: Request): User {
  if (!req.currentUser) throw new HttpError(401, PLEASE_LOG_IN);
  return req.currentUser;
}

/** Signed-out visitors of members pages go home; API callers get the spec's error. */
export const requireUser: RequestHandler = (req, res, next) => {
  if (req.currentUser) return next();
  if (wantsJson(req)) {
    res.status(401).json({ error: PLEASE_LOG_IN });
    return;
  }
  // the page opens once the visitor signs in (see returnPath); signed-out visitors have no session to keep it in
  if (req.method === 'GET' && isReturnPath(req.originalUrl)) {
    res.cookie(RETURN_COOKIE, req.originalUrl, { httpOnly: true, sameSite: 'lax', secure: req.secure, maxAge: RETURN_WITHIN_MS, path: '/' });
  }
  res.redirect('/');
};

/** The members page a signed-out visitor asked for (a link in an e-mail), opened after signing in. */
export const RETURN_COOKIE = 'return_to';
/** How long after asking for a page signing in still leads to it. */
const RETURN_WITHIN_MS = 30 * 60 * 1000;

// a path on this site: one leading slash, not "//host" or "/\\host", which browsers read as another site
export const isReturnPath = (path: string) => /^\/(?![/\\])[^\s]{0,2000}$/.test(path);

/** The members page a signed-out visitor asked for within the last half hour, if any. */
function wantedPath(req: Request): string | null {
  const wanted: unknown = req.cookies?.[RETURN_COOKIE];
  return typeof wanted === 'string' && isReturnPath(wanted) ? wanted : null;
}

/** Where signing in leads: the page the visitor asked for, else /members. */
export const returnPath = (req: Request): string => wantedPath(req) ?? '/members';

/** What the home and sign-in pages tell a visitor a members link sent there (spec 1 §8's words), else null. */
export const signInNotice = (req: Request): string | null => (wantedPath(req) ? PLEASE_LOG_IN : null);

function requireAccount(allowed: (user: User, req: Request) => boolean): RequestHandler {
  return (req, res, next) => {
    if (!req.currentUser) return requireUser(req, res, next);
    if (allowed(req.currentUser, req)) return next();
    next(new HttpError(403, NOT_AUTHORIZED));
  };
}

/** Admin pages check the real person behind the keyboard, so impersonating an admin grants nothing. */
export const requireAdmin = requireAccount((user, req) => user.isAdmin && !req.impersonator);

export const requireStaff = requireAccount((user, req) => (user.isAdmin || user.isStaff) && !req.impersonator);

/** The person who may impersonate is the impersonator while impersonating, else the user. */
export const requireImpersonationRight = requireAccount((user, req) => canImpersonate(req.impersonator ?? user));
