import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { ChangeClock } from '../db/change-clock.js';
import type { User } from '../users/queries.js';
import type { CsrfProtection } from '../security/csrf.js';
import { sessionIdOfCookie } from '../auth/session.js';

// Rendered with these in place of the request's CSP nonce and CSRF token, then swapped for them.
// Random per process, so no text a visitor or a dog owner writes can contain them; letters and
// digits only, so escaping leaves them (and the base64 nonce and token put in their place) as they are.
const NONCE_MARK = `n${randomBytes(16).toString('hex')}`;
const TOKEN_MARK = `t${randomBytes(16).toString('hex')}`;

const TTL_MS = 60_000; // ages, life stages and "time ago" follow the calendar
const MAX_BYTES = 64 * 1024 * 1024;
const SPLIT = new RegExp(`(${NONCE_MARK}|${TOKEN_MARK})`);
// Stand-ins for the marks among a kept page's parts, compared by identity.
const NONCE = Buffer.alloc(0);
const TOKEN = Buffer.alloc(0);

interface Entry {
  tick: number;
  expires: number;
  /** Signed in: the accounts the session named and when it ends, as they were when the page was made; none for what every signed-out visitor sees. */
  viewer?: { user: User; impersonator?: User; sessionEnds: number };
  /** The page cut at its nonce and token marks: text, mark, text, mark, …, text (UTF-8, sent as is). */
  parts: Buffer[];
  bytes: number;
  onView?: ViewHook;
}

/** What a view of a kept page does besides sending it (count the view, drop a cookie, set a header). */
export type ViewHook = (req: Request, res: Response) => void;

/**
 * The HTML of pages, kept per session and address (signed out: per address) while nothing in the
 * database has changed (issue 18: a repeat view of /members or a results page sent the same page
 * again after two to five queries). Same session, same address and no committed write since
 * (ChangeClock) means the page's handler, its guards and the shell would produce the same HTML,
 * so `serve` answers before them; the per-view parts (CSP nonce, CSRF token) are filled in on
 * every view. Routes opt in by rendering with `render`, only where the page depends on nothing
 * else (per-view work and headers go in its `onView`); any other status, or a session changed by
 * the view (it is written, which moves the clock), keeps nothing.
 */
export class KeptPages {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** The clock when a request that may keep its page began, before its handler read anything. */
  private readonly ticks = new WeakMap<Response, number>();

  constructor(private readonly clock: ChangeClock) {}

  /** Answers a GET from a kept page; otherwise notes the clock for `render` and passes on. */
  readonly serve: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' || !this.usable(req)) return next();
    const entry = this.current(keyOf(req), req.session?.userId ?? null);
    if (entry) return this.send(entry, req, res);
    if (!this.ticks.has(res)) this.ticks.set(res, this.clock.tick); // serveBeforeSession notes it first in the app
    next();
  };

  /**
   * Answers a GET from a kept page before the session and the account are read: without a
   * session cookie from the page every signed-out visitor sees, with one from the page kept for
   * the session its signed value names. Such an entry stands for the session and its accounts: it
   * was made in this session, and no write (a sign-out, a changed account or session) has been
   * committed since. Otherwise notes the clock, before the session is read: a page made from it
   * is good only while nothing has changed since.
   */
  serveBeforeSession(sessionCookie: string, sessionSecret: string, csrf: CsrfProtection): RequestHandler {
    return (req, res, next) => {
      if (req.method !== 'GET' || !this.usable(req)) return next();
      const cookie: unknown = req.cookies?.[sessionCookie];
      const sessionId = typeof cookie === 'string' ? sessionIdOfCookie(cookie, sessionSecret) : undefined;
      const entry = cookie === undefined ? this.current(`\n${req.originalUrl}`, null) : sessionId ? this.current(`${sessionId}\n${req.originalUrl}`) : undefined;
      const viewer = entry?.viewer;
      if (!entry || (cookie !== undefined && !(viewer && viewer.sessionEnds > Date.now()))) {
        this.ticks.set(res, this.clock.tick);
        return next();
      }
      if (viewer) {
        req.currentUser = viewer.user;
        if (viewer.impersonator) req.impersonator = viewer.impersonator;
      }
      // a page with no form gives no token (and sets no cookie)
      if (entry.parts.includes(TOKEN)) csrf.giveToken(req, res, sessionId ?? null);
      this.send(entry, req, res);
    };
  }

  /** The entry kept for `key` while nothing has changed, for `userId` when given; a stale one is dropped. */
  private current(key: string, userId?: number | null): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.tick === this.clock.tick && entry.expires > Date.now() && (userId === undefined || (entry.viewer?.user.id ?? null) === userId)) return entry;
    if (entry) this.forget(key, entry);
    return undefined;
  }

  private send(entry: Entry, req: Request, res: Response) {
    entry.onView?.(req, res);
    res.type('html').send(this.fill(entry.parts, res));
  }

  /**
   * res.render, keeping the page for the session's next view of the same address. `onView` runs
   * on this view and on every view served from the kept page.
   */
  async render(req: Request, res: Response, view: string, locals: Record<string, unknown>, onView?: ViewHook): Promise<void> {
    onView?.(req, res);
    const tick = this.ticks.get(res);
    if (tick === undefined || !this.usable(req) || res.statusCode !== 200) return res.render(view, locals);
    // A page whose route gives no token (onView may drop it) is kept without one.
    const html = await renderToString(res, view, { ...locals, cspNonce: NONCE_MARK, csrfToken: res.locals.csrfToken ? TOKEN_MARK : '' });
    const parts = html.split(SPLIT).map((part) => (part === NONCE_MARK ? NONCE : part === TOKEN_MARK ? TOKEN : Buffer.from(part)));
    const bytes = parts.reduce((sum, part) => sum + part.length, 0);
    this.keep(keyOf(req), { tick, expires: Date.now() + TTL_MS, viewer: viewerOf(req), parts, bytes, onView });
    res.type('html').send(this.fill(parts, res));
  }

  private usable(req: Request): boolean {
    return this.clock.live && req.app.enabled('view cache');
  }

  private fill(parts: Buffer[], res: Response): Buffer {
    const nonce = Buffer.from(String(res.locals.cspNonce ?? ''));
    const token = Buffer.from(String(res.locals.csrfToken ?? ''));
    return Buffer.concat(parts.map((part) => (part === NONCE ? nonce : part === TOKEN ? token : part)));
  }

  private keep(key: string, entry: Entry) {
    const old = this.entries.get(key);
    if (old) this.forget(key, old);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes <= MAX_BYTES) break;
      this.forget(oldestKey, oldest);
    }
  }

  private forget(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

function viewerOf(req: Request): Entry['viewer'] {
  const user = req.currentUser;
  if (!req.session?.userId || user?.id !== req.session.userId) return undefined;
  return { user, impersonator: req.impersonator, sessionEnds: req.session.cookie.expires?.getTime() ?? Infinity };
}

const keyOf = (req: Request) => (req.session?.userId ? `${req.sessionID}\n${req.originalUrl}` : `\n${req.originalUrl}`);

function renderToString(res: Response, view: string, locals: Record<string, unknown>): Promise<string> {
  return new Promise((resolve, reject) => res.render(view, locals, (error: Error | null, html: string) => (error ? reject(error) : resolve(html))));
}
