import { createHmac, timingSafeEqual } from 'node:crypto';
import session from 'express-session';
import type { RequestHandler } from 'express';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { DatabaseSessionStore } from './session-store.js';
import { changeClockOf } from '../db/change-clock.js';

const TWO_WEEKS_MS = 14 * 24 * 60 * 60 * 1000;
const REFRESH_AFTER_MS = 10 * 60 * 1000;
export const SESSION_COOKIE = 'sid';

// Calls answered with data, not pages: they need the account but not the header and footer.
const DATA_CALLS = /^\/(api|graphql)(\/|$)/;

/**
 * Sessions live in PostgreSQL so any number of app processes can serve one user. They last two
 * weeks from the last visit. Page requests load the header's counts with the session.
 */
export function sessionMiddleware(db: Db, settings: Settings): RequestHandler {
  const clock = changeClockOf(db);
  const options = (withShellCounts: boolean): session.SessionOptions => ({
    name: SESSION_COOKIE,
    secret: settings.sessionSecret,
    store: new DatabaseSessionStore(db, { withShellCounts, maxAgeMs: TWO_WEEKS_MS, refreshAfterMs: REFRESH_AFTER_MS }, clock),
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
  return (req, res, next) => (req.method === 'GET' && !DATA_CALLS.test(req.path) ? forPages : forData)(req, res, next);
}

/**
 * The session id in a session cookie's value (`s:<id>.<signature>`, as express-session signs it),
 * or undefined when it is not one this secret signed.
 */
export function sessionIdOfCookie(value: string, secret: string): string | undefined {
  const dot = value.lastIndexOf('.');
  if (!value.startsWith('s:') || dot < 3) return undefined;
  const sessionId = value.slice(2, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(sessionId).digest('base64').replace(/=+$/, ''));
  return given.length === expected.length && timingSafeEqual(given, expected) ? sessionId : undefined;
}
