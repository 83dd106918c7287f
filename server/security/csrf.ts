import csurf from 'csurf';
import Tokens from 'csrf';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { CSRF_MISMATCH } from '../shared/messages.js';
import { wantsJson } from '../http/negotiation.js';

/** Page scripts read the token (never the secret, which stays in the session) from this cookie. */
export const CSRF_COOKIE = 'XSRF-TOKEN';

// Session mode, and only the body field or the header: never the query string (DESIGN.md, known traps).
const protect = csurf({
  value: (req: Request) => {
    const fromBody = typeof req.body?._csrf === 'string' ? req.body._csrf : undefined;
    const fromHeader = req.get('x-csrf-token');
    return fromBody ?? fromHeader ?? '';
  },
});

const tokens = new Tokens();

export function csrfProtection(secureCookie: boolean): RequestHandler {
  return (req, res, next) => {
    protect(req, res, (error?: unknown) => {
      if (error) return next(error);
      const token = req.csrfToken();
      res.locals.csrfToken = token;
      // The cookie changes only when it no longer matches the session's secret (e.g. after sign-in).
      const secret = (req.session as { csrfSecret?: string }).csrfSecret;
      const cookieToken = req.cookies?.[CSRF_COOKIE];
      if (!secret || typeof cookieToken !== 'string' || !tokens.verify(secret, cookieToken)) {
        res.cookie(CSRF_COOKIE, token, { sameSite: 'lax', secure: secureCookie, httpOnly: false });
      }
      next();
    });
  };
}

export const csrfErrorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if ((error as { code?: string }).code !== 'EBADCSRFTOKEN') return next(error);
  res.status(403);
  if (wantsJson(req)) {
    res.json({ error: CSRF_MISMATCH, errors: [{ message: CSRF_MISMATCH }] });
  } else {
    res.type('text/plain').send(CSRF_MISMATCH);
  }
};
