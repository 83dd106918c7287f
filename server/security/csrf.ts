import { csrfSync } from 'csrf-sync';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { CSRF_MISMATCH } from '../shared/messages.js';
import { wantsJson } from '../http/negotiation.js';

/** Page scripts read the token from this cookie and send it back in the `x-csrf-token` header. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-csrf-token';
/** The hidden field every form posts (views, and widgets/startup/csrf-inputs.ts for the rest). */
export const CSRF_FIELD = '_csrf';

// Only the body field or the header: never the query string (DESIGN.md, known traps).
function submittedToken(req: Request): string | undefined {
  const fromBody = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>)[CSRF_FIELD] : undefined;
  return typeof fromBody === 'string' ? fromBody : req.get(CSRF_HEADER);
}

/**
 * csrf-sync's synchroniser tokens (DESIGN.md asks for csurf in session mode; csrf-sync is its
 * maintained successor): one random token per session, kept in the session (`csrfToken`), which
 * every POST, PUT and DELETE must send back. 32 random bytes, not the default 128: the token is in
 * every page, form and call.
 */
const tokens = csrfSync({ getTokenFromRequest: submittedToken, size: 32, errorConfig: { message: CSRF_MISMATCH } });
const headerTokens = csrfSync({ getTokenFromRequest: (req) => req.get(CSRF_HEADER) });

/**
 * Checks the token of every request that changes something, and hands the session's token to the
 * page (`res.locals.csrfToken`, the `XSRF-TOKEN` cookie). A signed-in session always has one (sign-in
 * makes it, see auth/session-helpers.ts). A signed-out visitor has none, so reading pages stores no
 * session; a page with a form for them (sign-in, sign-up, password reset, vet sign-up) calls
 * `req.csrfToken()` (`giveCsrfToken`), which starts their session with the token in it.
 */
export function csrfProtection({ secureCookie }: { secureCookie: boolean }): RequestHandler {
  return (req, res, next) => {
    tokens.csrfSynchronisedProtection(req, res, (refused?: unknown) => {
      req.csrfToken = (overwrite?: boolean) => {
        const token = tokens.generateToken(req, overwrite);
        showToken(req, res, token, secureCookie);
        return token;
      };
      // a session of before csrf-sync has no token yet
      if (req.session.userId !== undefined) req.csrfToken();
      else showToken(req, res, tokens.getTokenFromState(req), secureCookie);
      next(refused);
    });
  };
}

/** The token to pages, and to scripts in a cookie, which follows the session's token (none when it has none). */
function showToken(req: Request, res: Response, token: string | null | undefined, secure: boolean) {
  res.locals.csrfToken = token ?? '';
  const cookieToken: unknown = req.cookies?.[CSRF_COOKIE];
  if (token && token !== cookieToken) res.cookie(CSRF_COOKIE, token, { sameSite: 'lax', secure, httpOnly: false, path: '/' });
  else if (!token && cookieToken !== undefined) res.clearCookie(CSRF_COOKIE, { sameSite: 'lax', secure, httpOnly: false, path: '/' });
}

/** For the GET of a page whose form signed-out visitors post: their session starts here, holding the token. */
export const giveCsrfToken: RequestHandler = (req, _res, next) => {
  req.csrfToken?.();
  next();
};

/**
 * For the rare GET that changes something (the spec's chat deletion): the header must carry the
 * token. Answered here, not passed on as an error: the routers that use it answer their own errors.
 */
export const requireCsrfHeader: RequestHandler = (req, res, next) => {
  if (headerTokens.isRequestValid(req)) return next();
  refuse(req, res);
};

export const csrfErrorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if ((error as { code?: unknown } | undefined)?.code !== 'EBADCSRFTOKEN') return next(error);
  refuse(req, res);
};

function refuse(req: Request, res: Response) {
  res.status(403);
  if (wantsJson(req)) {
    res.json({ error: CSRF_MISMATCH, errors: [{ message: CSRF_MISMATCH }] });
  } else {
    res.type('text/plain').send(CSRF_MISMATCH);
  }
}
