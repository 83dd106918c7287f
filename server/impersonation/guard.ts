import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Db } from '../db/index.js';
import { wantsJson } from '../http/negotiation.js';
import { logger } from '../logging/logger.js';
import { READ_ONLY_IMPERSONATION } from '../shared/messages.js';
import { recordImpersonatedWrite } from './audit.js';

export const READ_ONLY_ACCOUNT_PAGE = '/members/forbidden/read-only-account';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * The staff member's own acts, not writes to the viewed account: choosing whom to view (routes.ts
 * records it: a sub-admin may switch from one impersonation to another, and a refused choice gets
 * the form's message rather than the read-only page), and signing out.
 */
const STAFF_OWN_PATHS = new Set(['/cs/impersonate', '/logout']);

export function isReadOnlyImpersonation(req: Request): boolean {
  return Boolean(req.impersonator && req.session.impersonationReadOnly);
}

/** A sub-admin's write goes to the read-only page (a JSON client gets 403 with the reason and that page). */
function refuseReadOnlyWrite(req: Request, res: Response): void {
  if (wantsJson(req)) {
    res.status(403).json({ error: READ_ONLY_IMPERSONATION, redirect: READ_ONLY_ACCOUNT_PAGE });
    return;
  }
  res.redirect(303, READ_ONLY_ACCOUNT_PAGE);
}

/**
 * While impersonating, every state-changing form or REST call is refused for sub-admins and
 * audited for admins. GraphQL decides per operation (queries are POSTs too), see graphql/route.ts.
 */
export function guardImpersonatedWrites(db: Db): RequestHandler {
  return (req, res, next) => {
    if (!req.impersonator || SAFE_METHODS.has(req.method) || req.path === '/graphql' || STAFF_OWN_PATHS.has(req.path)) return next();
    if (isReadOnlyImpersonation(req)) return refuseReadOnlyWrite(req, res);
    res.on('finish', () => {
      recordImpersonatedWrite(db, req, { action: `${req.method} ${req.path}`, details: { status: res.statusCode } }).catch((error) =>
        logger.error({ err: error, reqId: req.id }, 'audit log write failed'),
      );
    });
    next();
  };
}

/** For the few writes the spec puts behind GET (chat deletion, media actions): same rule as above. */
export function guardImpersonatedGetWrite(db: Db, action: string): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!req.impersonator) return next();
    if (isReadOnlyImpersonation(req)) return refuseReadOnlyWrite(req, res);
    await recordImpersonatedWrite(db, req, { action });
    next();
  };
}
