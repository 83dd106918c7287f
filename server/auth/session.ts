import session from 'express-session';
import { ConnectSessionKnexStore } from 'connect-session-knex';
import type { RequestHandler } from 'express';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';

const TWO_WEEKS_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'sid';

/**
 * Sessions last two weeks from sign-in. express-session would "touch" the stored row on every
 * request, a write per page view for nothing, since the cookie's expiry does not move either.
 */
class UntouchedSessionStore extends ConnectSessionKnexStore {
  override async touch(_sid: string, _session: unknown, callback?: () => void): Promise<void> {
    callback?.();
  }
}

/** Sessions live in PostgreSQL so any number of app processes can serve one user. */
export function sessionMiddleware(db: Db, settings: Settings): RequestHandler {
  const store = new UntouchedSessionStore({
    knex: db,
    tableName: 'sessions',
    createTable: false,
    cleanupInterval: settings.nodeEnv === 'test' ? 0 : 15 * 60 * 1000,
  });
  return session({
    name: SESSION_COOKIE,
    secret: settings.sessionSecret,
    store,
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
}
