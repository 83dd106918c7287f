import session, { type SessionData } from 'express-session';
import type { Request } from 'express';
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import type { ChangeClock } from '../db/change-clock.js';
import { toUser, type User, type UserRow } from '../users/queries.js';
import { shellCountsColumnsOf, toShellCounts, type ShellCounts, type ShellCountsRow } from '../shell/counts.js';

/** What the session's query loaded along with it: the account, the impersonator, the shell's counts. */
export interface SessionAccount {
  user: User;
  impersonator?: User;
  shellCounts?: ShellCounts;
  /** The database's page-data generation when the session was read (results/page-data-cache.ts). */
  pageDataGeneration?: string;
}

type StoredUserRow = Omit<UserRow, 'created_at'> & { created_at: string };

interface SessionRow extends Partial<ShellCountsRow> {
  sess: SessionData | string;
  expired: Date | string;
  user_row: StoredUserRow | null;
  impersonator_row: StoredUserRow | null;
  page_data_generation?: string;
}

const SID_PLACEHOLDER = '\u0000sid';
const ACCOUNT = Symbol('session account');
const STORED_EXPIRY = Symbol('stored expiry');
type LoadedSession = SessionData & { [ACCOUNT]?: SessionAccount; [STORED_EXPIRY]?: number };

const KEPT_MS = 60_000;
const MAX_KEPT = 10_000;

/** A session as read, kept while the database is unchanged (ChangeClock) for at most KEPT_MS. */
interface KeptSession {
  tick: number;
  until: number;
  sess: string;
  account: SessionAccount;
  storedExpiry: number;
}

const userOf = (row: StoredUserRow | null) => (row ? toUser({ ...row, created_at: new Date(row.created_at) }) : undefined);

/**
 * Sessions in the `sessions` table, written only when they change (express-session's resave:
 * false; touch does nothing). Reading one also loads its account, the impersonator and, for
 * page requests, the header's counts, all in one query, handed to the request by createSession.
 * Expiry rolls: a session used more than REFRESH_AFTER_MS after its last write is marked changed,
 * so it is written (and its cookie re-sent) at most that often.
 */
export class DatabaseSessionStore extends session.Store {
  constructor(
    private readonly db: Db,
    private readonly options: { withShellCounts: boolean; maxAgeMs: number; refreshAfterMs: number },
    private readonly clock?: ChangeClock,
  ) {
    super();
  }

  private readonly kept = new Map<string, KeptSession>();

  private compiledLoad?: { sql: string; bindings: readonly Knex.Value[] };

  /** The session's query, compiled by knex once: it runs on every request. */
  private loadQuery() {
    if (this.compiledLoad) return this.compiledLoad;
    const { db } = this;
    const columns = [
      'sessions.sess',
      'sessions.expired',
      db.raw('row_to_json(users) as user_row'),
      db.raw('row_to_json(impersonators) as impersonator_row'),
    ];
    if (this.options.withShellCounts) {
      columns.push(shellCountsColumnsOf(db, 'sessions.user_id'), db.raw('(select last_value::text from page_data_generation) as page_data_generation'));
    }
    const { sql, bindings } = db('sessions')
      .leftJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('users as impersonators', 'impersonators.id', 'sessions.impersonator_id')
      .where('sessions.sid', SID_PLACEHOLDER)
      .andWhere('sessions.expired', '>', db.fn.now())
      .first(columns)
      .toSQL();
    return (this.compiledLoad = { sql, bindings });
  }

  override get(sid: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    this.loadRow(sid).then((found) => callback(null, found), callback);
  }

  /** Sessions (with their account and counts) are read once per change of the database, not on every request. */
  private async loadRow(sid: string): Promise<LoadedSession | null> {
    const { clock } = this;
    if (!clock?.live) return this.readRow(sid);
    const now = Date.now();
    const kept = this.kept.get(sid);
    if (kept && kept.tick === clock.tick && kept.until > now && kept.storedExpiry > now) {
      return Object.assign(JSON.parse(kept.sess) as LoadedSession, { [ACCOUNT]: kept.account, [STORED_EXPIRY]: kept.storedExpiry });
    }
    this.kept.delete(sid);
    const tick = clock.tick;
    const sess = await this.readRow(sid);
    if (sess) {
      if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(sid, { tick, until: now + KEPT_MS, sess: JSON.stringify(sess), account: sess[ACCOUNT]!, storedExpiry: sess[STORED_EXPIRY]! });
    }
    return sess;
  }

  private async readRow(sid: string): Promise<LoadedSession | null> {
    const { sql, bindings } = this.loadQuery();
    const { rows } = await this.db.raw<{ rows: SessionRow[] }>(sql, bindings.map((value) => (value === SID_PLACEHOLDER ? sid : value)));
    const row = rows[0];
    const user = userOf(row?.user_row ?? null);
    if (!row || !user) return null;
    const sess: LoadedSession = typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess;
    sess[ACCOUNT] = {
      user,
      impersonator: userOf(row.impersonator_row),
      shellCounts: row.shell_pets === undefined ? undefined : toShellCounts(row as ShellCountsRow),
      pageDataGeneration: row.page_data_generation,
    };
    sess[STORED_EXPIRY] = new Date(row.expired).getTime();
    return sess;
  }

  override createSession(req: Request, sess: SessionData): session.Session & SessionData {
    const loaded = sess as LoadedSession;
    const created = super.createSession(req, sess);
    req.sessionAccount = loaded[ACCOUNT];
    const storedExpiry = loaded[STORED_EXPIRY];
    if (storedExpiry !== undefined && storedExpiry < Date.now() + this.options.maxAgeMs - this.options.refreshAfterMs) {
      created.refreshedAt = Date.now();
    }
    return created;
  }

  override set(sid: string, sess: SessionData, callback?: (error?: unknown) => void): void {
    this.save(sid, sess).then(() => callback?.(), (error) => callback?.(error));
  }

  private async save(sid: string, sess: SessionData): Promise<void> {
    this.kept.delete(sid);
    const expires = sess.cookie?.expires ? new Date(sess.cookie.expires) : new Date(Date.now() + this.options.maxAgeMs);
    const row = {
      sid,
      sess: JSON.stringify(sess),
      expired: expires,
      user_id: sess.userId ?? null,
      impersonator_id: sess.impersonatorId ?? null,
    };
    if (row.user_id === null) return this.destroyRow(sid); // only signed-in visitors have sessions
    await this.db.transaction(async (trx) => {
      await trx('sessions').insert(row).onConflict('sid').merge();
      // Sign-ins are rare next to page views, so expired rows go here instead of on a timer.
      await trx('sessions').where('expired', '<=', trx.fn.now()).delete();
    });
  }

  override destroy(sid: string, callback?: (error?: unknown) => void): void {
    this.destroyRow(sid).then(() => callback?.(), (error) => callback?.(error));
  }

  private async destroyRow(sid: string): Promise<void> {
    this.kept.delete(sid);
    await this.db('sessions').where({ sid }).delete();
  }

  override touch(_sid: string, _sess: SessionData, callback?: () => void): void {
    callback?.();
  }
}
