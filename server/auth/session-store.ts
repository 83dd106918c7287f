import session, { type SessionData } from 'express-session';
import type { Request } from 'express';
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import { prepared } from '../db/read-together.js';
import { toUser, type User, type UserRow } from '../users/queries.js';
import { AsyncLocalStorage } from 'node:async_hooks';
import { PET_SHELL_FACTS_SQL, petShellFactsOf, shellCountsColumnsOf, toShellCounts, type PetShellFacts, type PetShellFactsRow, type ShellCounts, type ShellCountsRow } from '../shell/counts.js';
import { petAccessColumns, petAccessFactsOf, type PetAccessFacts, type PetAccessRow } from '../pets/access.js';

/** The dog a page request is about (its `?i=`), read with its session (see session.ts). */
export const requestedPet = new AsyncLocalStorage<number | null>();

/**
 * What the session's query loaded along with it: the account, the impersonator, the shell's
 * counts and, for a page about a dog, what decides the account's access to it.
 */
export interface SessionAccount {
  user: User;
  impersonator?: User;
  shellCounts?: ShellCounts;
  requestedPet?: { petNum: number; facts: PetAccessFacts; shellFacts: PetShellFacts };
}

type StoredUserRow = Omit<UserRow, 'created_at'> & { created_at: string };

interface SessionRow extends Partial<ShellCountsRow>, Partial<PetAccessRow>, Partial<PetShellFactsRow> {
  sess: SessionData | string;
  expired: Date | string;
  user_row: StoredUserRow | null;
  impersonator_row: StoredUserRow | null;
}

const SID_PLACEHOLDER = '\u0000sid';
const PET_PLACEHOLDER = Number.MIN_SAFE_INTEGER + 32;
const ACCOUNT = Symbol('session account');
const STORED_EXPIRY = Symbol('stored expiry');
const REPLACES = Symbol('replaced session id');
type LoadedSession = SessionData & { [ACCOUNT]?: SessionAccount; [STORED_EXPIRY]?: number; [REPLACES]?: string };

const userOf = (row: StoredUserRow | null) => (row ? toUser({ ...row, created_at: new Date(row.created_at) }) : undefined);

/**
 * Sessions in the `sessions` table, written only when they change (express-session's resave:
 * false; touch does nothing). Reading one also loads its account, the impersonator and, for
 * page requests, the header's counts, all in one query, handed to the request by createSession.
 * A signed-in session's expiry rolls: used more than REFRESH_AFTER_MS after its last write, it is
 * marked changed, so it is written (and its cookie re-sent) at most that often. A signed-out
 * visitor's session, which only a form page starts to hold its CSRF token (security/csrf.ts),
 * lasts signedOutMaxAgeMs from its one write and never rolls.
 */
export class DatabaseSessionStore extends session.Store {
  constructor(
    private readonly db: Db,
    private readonly options: { withShellCounts: boolean; maxAgeMs: number; refreshAfterMs: number; signedOutMaxAgeMs: number },
  ) {
    super();
  }

  private readonly compiledLoads = new Map<boolean, { sql: string; bindings: readonly Knex.Value[] }>();
  /**
   * What each request's session object was last written as (its id and data; the cookie's expiry
   * moves by the milliseconds between). express-session writes a session whose id changed during the
   * request (regenerate) again when the response ends, even when the request saved it already
   * (startSessionAs does, before it redirects): the same session is not written twice.
   */
  private readonly written = new WeakMap<object, string>();

  /** The session's query, with or without a dog's access, compiled by knex once: it runs on every request. */
  private loadQuery(withPet: boolean) {
    const compiled = this.compiledLoads.get(withPet);
    if (compiled) return compiled;
    const { db } = this;
    // The account and the impersonator by primary key: as left joins, PostgreSQL scanned the users
    // table for a session without an impersonator while it was small enough to look cheap.
    const columns = [
      'sessions.sess',
      'sessions.expired',
      db.raw('(select row_to_json(users) from users where users.id = sessions.user_id) as user_row'),
      db.raw('(select row_to_json(impersonators) from users impersonators where impersonators.id = sessions.impersonator_id) as impersonator_row'),
    ];
    if (this.options.withShellCounts) {
      columns.push(shellCountsColumnsOf(db, 'sessions.user_id'));
    }
    if (withPet) {
      columns.push(petAccessColumns(db, PET_PLACEHOLDER, 'sessions.user_id'), db.raw(PET_SHELL_FACTS_SQL, [PET_PLACEHOLDER, PET_PLACEHOLDER, PET_PLACEHOLDER]));
    }
    const { sql, bindings } = db('sessions')
      .where('sessions.sid', SID_PLACEHOLDER)
      .andWhere('sessions.expired', '>', db.fn.now())
      .first(columns)
      .toSQL();
    const query = { sql, bindings };
    this.compiledLoads.set(withPet, query);
    return query;
  }

  override get(sid: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    const petNum = this.options.withShellCounts ? requestedPet.getStore() ?? null : null;
    this.readRow(sid, petNum).then((found) => callback(null, found), callback);
  }

  private async readRow(sid: string, petNum: number | null): Promise<LoadedSession | null> {
    const { sql, bindings } = this.loadQuery(petNum !== null);
    const values = bindings.map((value) => (value === SID_PLACEHOLDER ? sid : value === PET_PLACEHOLDER ? petNum : value));
    const { rows } = await prepared<{ rows: SessionRow[] }>(this.db, sql, values);
    const row = rows[0];
    if (!row) return null;
    const sess: LoadedSession = typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess;
    const user = userOf(row.user_row);
    if (!user) return sess.userId === undefined ? sess : null;
    sess[ACCOUNT] = {
      user,
      impersonator: userOf(row.impersonator_row),
      shellCounts: row.shell_pets === undefined ? undefined : toShellCounts(row as ShellCountsRow),
      requestedPet: petNum === null ? undefined : { petNum, facts: petAccessFactsOf(row as PetAccessRow), shellFacts: petShellFactsOf(row as PetShellFactsRow) },
    };
    sess[STORED_EXPIRY] = new Date(row.expired).getTime();
    return sess;
  }

  override createSession(req: Request, sess: SessionData): session.Session & SessionData {
    const loaded = sess as LoadedSession;
    const created = super.createSession(req, sess);
    req.sessionAccount = loaded[ACCOUNT];
    const storedExpiry = loaded[STORED_EXPIRY];
    if (loaded.userId !== undefined && storedExpiry !== undefined && storedExpiry < Date.now() + this.options.maxAgeMs - this.options.refreshAfterMs) {
      created.refreshedAt = Date.now();
    }
    return created;
  }

  override set(sid: string, sess: SessionData, callback?: (error?: unknown) => void): void {
    this.save(sid, sess).then(() => callback?.(), (error) => callback?.(error));
  }

  private async save(sid: string, sess: LoadedSession): Promise<void> {
    const signedIn = sess.userId !== undefined;
    const expires = sess.cookie?.expires ? new Date(sess.cookie.expires) : new Date(Date.now() + this.options.maxAgeMs);
    const row = {
      sid,
      sess: JSON.stringify(sess),
      expired: signedIn ? expires : new Date(Math.min(expires.getTime(), Date.now() + this.options.signedOutMaxAgeMs)),
      user_id: sess.userId ?? null,
      impersonator_id: sess.impersonatorId ?? null,
    };
    const { cookie: _cookie, ...data } = sess;
    const written = `${sid}\n${JSON.stringify(data)}`;
    if (this.written.get(sess) === written) return;
    // One statement: the session is written, and (sign-ins being rare next to page views) the
    // expired rows of everyone go with it instead of on a timer, and so does the session this one
    // replaces (regenerate), so a sign-in writes once.
    const upsert = this.db('sessions').insert(row).onConflict('sid').merge();
    const replaced = sess[REPLACES] ?? sid;
    await this.db.raw('with expired as (delete from sessions where (expired <= now() or sid = ?) and sid <> ?) ?', [replaced, sid, upsert]);
    this.written.set(sess, written);
  }

  /** A new id and an empty session; the old row is deleted with the new one's first write (save). */
  override regenerate(req: Request, callback: (error?: unknown) => void): void {
    const replaced = req.sessionID;
    (this as unknown as { generate(req: Request): void }).generate(req);
    (req.session as LoadedSession)[REPLACES] = replaced;
    callback();
  }

  override destroy(sid: string, callback?: (error?: unknown) => void): void {
    this.destroyRow(sid).then(() => callback?.(), (error) => callback?.(error));
  }

  private async destroyRow(sid: string): Promise<void> {
    await this.db('sessions').where({ sid }).delete();
  }

  override touch(_sid: string, _sess: SessionData, callback?: () => void): void {
    callback?.();
  }
}
