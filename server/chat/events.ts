// Live chat updates. A write that changes what a user's inbox shows calls notifyChat inside its
// transaction: PostgreSQL's NOTIFY is delivered on commit (never for a rolled-back write) to every
// app process, each of which listens on one dedicated connection and passes the event on to the
// signed-in users' open event streams (GET /members/chat/events). On the embedded PGlite the same
// NOTIFY arrives in-process, through PGlite's own listener.
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from '../db/index.js';
import { logger } from '../logging/logger.js';

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
  /** Calls `listener` for each event of the user's conversations; returns the unsubscribe call. */
  subscribe(userId: number, listener: Listener): Promise<() => void>;
  /** Stops listening; open streams are ended by their routes (onClose). */
  close(): Promise<void>;
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

/**
 * Listens only while someone is subscribed, so an app (or a test) that never opens an event
 * stream never holds the extra connection.
 */
export function chatEvents(db: Db): ChatEvents {
  const listeners = new Map<number, Set<Listener>>();
  const closeCallbacks = new Set<() => void>();
  let stopListening: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;

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

  const start = async () => {
    const client = db.client as { pglite?: PGlite; config: { connection?: unknown } };
    if (client.pglite) {
      stopListening = await client.pglite.listen(CHAT_CHANNEL, dispatch);
      return;
    }
    const connection = new pg.Client(client.config.connection as string | pg.ClientConfig);
    connection.on('notification', (message) => dispatch(message.payload));
    // A lost connection (the database restarted, the network dropped) would leave every open stream
    // silent while its inbox believes it live: the streams end instead, so each inbox polls and its
    // browser opens the stream again, which listens again once the database answers.
    let lost = false;
    const connectionLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (error) logger.error({ err: error }, 'chat events connection lost');
      if (stopListening !== stop) return;
      stopListening = null;
      starting = null;
      endOpenStreams();
    };
    connection.on('error', connectionLost);
    connection.on('end', () => connectionLost());
    const stop = async () => {
      lost = true;
      await connection.end();
    };
    await connection.connect();
    await connection.query(`listen ${CHAT_CHANNEL}`);
    stopListening = stop;
  };

  const ensureListening = async () => {
    if (stopListening) return;
    starting ??= start().catch((error) => {
      starting = null;
      throw error;
    });
    await starting;
  };

  return {
    async subscribe(userId, listener) {
      await ensureListening();
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
      const stop = stopListening;
      stopListening = null;
      starting = null;
      await stop?.();
    },
    onClose(callback) {
      closeCallbacks.add(callback);
      return () => closeCallbacks.delete(callback);
    },
  };
}
