// Live chat updates. A write that changes what a user's inbox shows calls notifyChat inside its
// transaction: PostgreSQL's NOTIFY is delivered on commit (never for a rolled-back write) to every
// app process, each of which listens on one connection kept by pg-listen (listen-postgres.ts) and
// passes the event on to the signed-in users' open event streams (GET /members/chat/events). On the
// embedded PGlite the same NOTIFY arrives in-process, through PGlite's own listener.
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from '../db/index.js';
import { listenOnPostgres, type Listening } from './listen-postgres.js';

export const CHAT_CHANNEL = 'chat_events';

/** What changed: a conversation of these users (a message, a read receipt, a block, a deletion). */
export interface ChatEvent {
  conversationId: number;
  userIds: number[];
}

/** Queues the event; it is sent when the transaction `trx` commits. */
export async function notifyChat(trx: Db, event: ChatEvent): Promise<void> {
  await trx.raw('select pg_notify(?, ?)', [CHAT_CHANNEL, JSON.stringify(event)]);
}

type Listener = (event: { conversationId: number }) => void;

export interface ChatEvents {
  /**
   * Calls `listener` for each event of the user's conversations; returns the unsubscribe call.
   * Resolves once events are heard: while the listening connection is lost, when it is back.
   */
  subscribe(userId: number, listener: Listener): Promise<() => void>;
  /** Stops listening; open streams are ended by their routes (onClose). */
  close(): Promise<void>;
  /**
   * Calls `callback` when open streams must end: on close, and when the listening connection is
   * lost, as events sent until it is back are never heard (the inbox polls meanwhile).
   */
  onClose(callback: () => void): () => void;
}

function parseEvent(payload: string | undefined): ChatEvent | null {
  try {
    const event = JSON.parse(payload ?? '') as ChatEvent;
    if (!Number.isSafeInteger(event.conversationId) || !Array.isArray(event.userIds)) return null;
    return event;
  } catch {
    return null;
  }
}

function listenOnPGlite(pglite: PGlite, notification: (payload: string) => void): Listening {
  const unlisten = pglite.listen(CHAT_CHANNEL, notification);
  return {
    ready: async () => {
      await unlisten;
    },
    close: async () => (await unlisten)(),
  };
}

/**
 * Listens only once someone subscribes, so an app (or a test) that never opens an event stream
 * never holds the extra connection; from then on until close, also across outages.
 */
export function chatEvents(db: Db): ChatEvents {
  const listeners = new Map<number, Set<Listener>>();
  const closeCallbacks = new Set<() => void>();
  let listening: Listening | null = null;

  const endOpenStreams = () => {
    for (const callback of [...closeCallbacks]) callback();
  };

  const dispatch = (payload: string | undefined) => {
    const event = parseEvent(payload);
    if (!event) return;
    for (const userId of new Set(event.userIds)) {
      for (const listener of listeners.get(userId) ?? []) listener({ conversationId: event.conversationId });
    }
  };

  const startListening = (): Listening => {
    const client = db.client as { pglite?: PGlite; config: { connection?: unknown } };
    if (client.pglite) return listenOnPGlite(client.pglite, dispatch);
    return listenOnPostgres(client.config.connection as string | pg.ClientConfig, CHAT_CHANNEL, { notification: dispatch, lost: endOpenStreams });
  };

  return {
    async subscribe(userId, listener) {
      listening ??= startListening();
      await listening.ready();
      let own = listeners.get(userId);
      if (!own) listeners.set(userId, (own = new Set()));
      own.add(listener);
      return () => {
        own.delete(listener);
        if (own.size === 0) listeners.delete(userId);
      };
    },
    async close() {
      endOpenStreams();
      listeners.clear();
      const stopping = listening;
      listening = null;
      await stopping?.close();
    },
    onClose(callback) {
      closeCallbacks.add(callback);
      return () => closeCallbacks.delete(callback);
    },
  };
}
