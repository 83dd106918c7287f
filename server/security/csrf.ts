import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { CSRF_MISMATCH } from '../shared/messages.js';
import { wantsJson } from '../http/negotiation.js';
import { HttpError } from '../auth/guards.js';

/** Page scripts read the token from this cookie and send it back in the `x-csrf-token` header. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Stateless tokens, so a visitor who only reads pages costs no session row: a token is
 * `nonce.mac`, the mac an HMAC with SESSION_SECRET of the nonce and what the token is bound to.
 * Signed in, it is bound to the session id (which changes at every sign-in), so nobody else can
 * make one. Signed out there is no session, so it is a signed double-submit token: the posted
 * token must also equal the `XSRF-TOKEN` cookie, which another site can neither read nor set.
 */
export type CsrfProtection = RequestHandler & {
  /** What the middleware does on a GET, for a page answered before the session (id, or null signed out) is read. */
  giveToken(req: Request, res: Response, sessionId: string | null): void;
};

export function csrfProtection(sessionSecret: string, secureCookie: boolean): CsrfProtection {
  const mac = (binding: string, nonce: string) => createHmac('sha256', sessionSecret).update(`${binding}\n${nonce}`).digest('base64url');

  // Tokens found valid, so a session's every page view does not compute its HMAC again. Only valid
  // pairs are kept: a guess still meets the HMAC and the constant-time comparison.
  const valid = new Set<string>();
  const isValidFor = (binding: string, token: unknown): token is string => {
    if (typeof token !== 'string' || token.length > 200) return false;
    if (valid.has(`${binding}\n${token}`)) return true;
    if (!checkMac(binding, token)) return false;
    if (valid.size >= 10_000) valid.clear();
    valid.add(`${binding}\n${token}`);
    return true;
  };
  const checkMac = (binding: string, token: string) => {
    const [nonce, given, ...rest] = token.split('.');
    if (!nonce || !given || rest.length > 0) return false;
    const expected = Buffer.from(mac(binding, nonce));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };

  const acceptsFor = (req: Request, binding: string) => {
    const cookieToken: unknown = req.cookies?.[CSRF_COOKIE];
    return (sent: unknown) => isValidFor(binding, sent) && (binding !== ANONYMOUS || sent === cookieToken);
  };
  // One token per session (or per anonymous browser) keeps the cookie and the pages' tokens in step.
  const giveToken = (req: Request, res: Response, binding: string) => {
    const cookieToken: unknown = req.cookies?.[CSRF_COOKIE];
    const token = isValidFor(binding, cookieToken) ? cookieToken : newToken(binding);
    if (token !== cookieToken) setTokenCookie(res, token, secureCookie);
    res.locals.csrfToken = token;
  };

  const middleware: RequestHandler = (req, res, next) => {
    const binding = bindingOf(req);
    const accepts = acceptsFor(req, binding);
    res.locals.acceptsCsrfToken = accepts;
    if (!SAFE_METHODS.has(req.method) && !accepts(submittedToken(req))) return next(csrfError());
    giveToken(req, res, binding);
    next();
  };
  return Object.assign(middleware, {
    giveToken(req: Request, res: Response, sessionId: string | null) {
      const binding = sessionId === null ? ANONYMOUS : sessionBinding(sessionId);
      res.locals.acceptsCsrfToken = acceptsFor(req, binding);
      giveToken(req, res, binding);
    },
  });

  function newToken(binding: string): string {
    const nonce = randomBytes(18).toString('base64url');
    return `${nonce}.${mac(binding, nonce)}`;
  }
}

const ANONYMOUS = 'anonymous';

const sessionBinding = (sessionId: string) => `session:${sessionId}`;

function bindingOf(req: Request): string {
  return req.session?.userId ? sessionBinding(req.sessionID) : ANONYMOUS;
}

// Only the body field or the header: never the query string (DESIGN.md, known traps).
function submittedToken(req: Request): unknown {
  const fromBody = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>)._csrf : undefined;
  return typeof fromBody === 'string' ? fromBody : req.get(CSRF_HEADER);
}

function setTokenCookie(res: Response, token: string, secure: boolean) {
  res.cookie(CSRF_COOKIE, token, { sameSite: 'lax', secure, httpOnly: false, path: '/' });
}

function csrfError(): HttpError {
  return Object.assign(new HttpError(403, CSRF_MISMATCH), { code: 'EBADCSRFTOKEN' });
}

/** For the rare GET that changes something (the spec's chat deletion): the header must carry the token. */
export const requireCsrfHeader: RequestHandler = (req, res, next) => {
  next(res.locals.acceptsCsrfToken?.(req.get(CSRF_HEADER)) ? undefined : csrfError());
};

export const csrfErrorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if ((error as { code?: string }).code !== 'EBADCSRFTOKEN') return next(error);
  res.status(403);
  if (wantsJson(req)) {
    res.json({ error: CSRF_MISMATCH, errors: [{ message: CSRF_MISMATCH }] });
  } else {
    res.type('text/plain').send(CSRF_MISMATCH);
  }
};
