import type { Request, RequestHandler } from 'express';
import type { Db } from '../db/index.js';
import { HttpError } from '../auth/guards.js';
import { READ_ONLY_IMPERSONATION } from '../shared/messages.js';
import { recordImpersonatedWrite } from './audit.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isReadOnlyImpersonation(req: Request): boolean {
  return Boolean(req.impersonator && req.session.impersonationReadOnly);
}

/**
 * While impersonating, every state-changing form or REST call is refused for sub-admins and
 * audited for admins. GraphQL decides per operation (queries are POSTs too), see graphql/route.ts.
 */
export function guardImpersonatedWrites(db: Db): RequestHandler {
  return (req, res, next) => {
    if (!req.impersonator || SAFE_METHODS.has(req.method) || req.path === '/graphql') return next();
    if (isReadOnlyImpersonation(req)) return next(new HttpError(403, READ_ONLY_IMPERSONATION));
    res.on('finish', () => {
      recordImpersonatedWrite(db, req, { action: `${req.method} ${req.path}`, details: { status: res.statusCode } }).catch((error) =>
        console.error('audit log write failed', error),
      );
    });
    next();
  };
}

/** For the few writes the spec puts behind GET (chat deletion, media actions): same rule as above. */
export function guardImpersonatedGetWrite(db: Db, action: string): RequestHandler {
  return async (req, _res, next) => {
    if (!req.impersonator) return next();
    if (isReadOnlyImpersonation(req)) return next(new HttpError(403, READ_ONLY_IMPERSONATION));
    await recordImpersonatedWrite(db, req, { action });
    next();
  };
}
