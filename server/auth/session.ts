import session from 'express-session';
import type { RequestHandler } from 'express';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { DatabaseSessionStore, requestedPet } from './session-store.js';
import { parseId } from '../http/ids.js';

const TWO_WEEKS_MS = 14 * 24 * 60 * 60 * 1000;
const REFRESH_AFTER_MS = 10 * 60 * 1000;
// A signed-out visitor's session only holds the CSRF token of a sign-in (or sign-up, password
// reset) form: a day is long enough to fill one in, and keeps what crawlers of /login leave small.
const SIGNED_OUT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'sid';

// Calls answered with data, not pages: they need the account but not the header and footer.
const DATA_CALLS = /^\/(api|graphql)(\/|$)/;

/**
 * Sessions live in PostgreSQL so any number of app processes can serve one user. They last two
 * weeks from the last visit. Page requests load the header's counts with the session.
 */
export function sessionMiddleware(db: Db, settings: Settings): RequestHandler {
  const options = (withShellCounts: boolean): session.SessionOptions => ({
    name: SESSION_COOKIE,
    secret: settings.sessionSecret,
    store: new DatabaseSessionStore(db, { withShellCounts, maxAgeMs: TWO_WEEKS_MS, refreshAfterMs: REFRESH_AFTER_MS, signedOutMaxAgeMs: SIGNED_OUT_MAX_AGE_MS }),
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: settings.trustProxy !== false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: settings.secureCookies,
      maxAge: TWO_WEEKS_MS,
    },
  });
  const forPages = session(options(true));
  const forData = session(options(false));
  return (req, res, next) => {
    if (req.method !== 'GET' || DATA_CALLS.test(req.path)) return forData(req, res, next);
    // A page about a dog (`?i=`) reads the account's access to it with the session (session-store.ts).
    requestedPet.run(parseId(req.query.i), () => forPages(req, res, next));
  };
}
