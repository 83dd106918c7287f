// The PostgreSQL side of the live chat updates: one connection per app process LISTENs on a channel.
// pg-listen keeps it: when the database restarts or the network drops, it connects again by itself
// and LISTENs again on the new connection; this module turns its events into "listening" and "lost".
import type pg from 'pg';
import pgListen from 'pg-listen';
import { logger } from '../logging/logger.js';

/** The listening connection's name in pg_stat_activity, so operators (and tests) can tell it apart. */
export const LISTENER_APPLICATION_NAME = 'embark-chat-events';

/** pg-listen is CommonJS with `exports.default`: Node's own loader hands over the module object, tsx the function. */
const createSubscriber = (pgListen as unknown as { default?: typeof pgListen }).default ?? pgListen;

/** Waits between attempts to connect again: quick after a blip, at most 5 s while the database is down. */
const retryInterval = (failures: number) => Math.min(250 * 2 ** failures, 5_000);

export interface Listening {
  /** Resolves while notifications are heard; while the connection is lost, once it is back. Rejects after close. */
  ready(): Promise<void>;
  /** Ends the connection, or the attempts to get it back, and resolves when neither is left. */
  close(): Promise<void>;
}

export interface ListeningHandlers {
  notification(payload: string | undefined): void;
  /** The connection was lost: what is sent until ready() resolves again is never heard. */
  lost(): void;
}

interface Deferred {
  promise: Promise<void>;
  settled: boolean;
  resolve(): void;
  reject(error: Error): void;
}

function deferred(): Deferred {
  const own = { settled: false } as Deferred;
  own.promise = new Promise<void>((resolve, reject) => {
    own.resolve = () => {
      own.settled = true;
      resolve();
    };
    own.reject = (error) => {
      own.settled = true;
      reject(error);
    };
  });
  own.promise.catch(() => {}); // a rejection nobody waits for is no error
  return own;
}

export function listenOnPostgres(connection: string | pg.ClientConfig, channel: string, handlers: ListeningHandlers): Listening {
  const config = typeof connection === 'string' ? { connectionString: connection } : connection;
  const subscriber = createSubscriber(
    // A connection string naming its own application_name keeps it. An attempt at a host that does
    // not answer fails after 10 s (not the system's minutes of TCP retries) and the next one starts.
    { application_name: LISTENER_APPLICATION_NAME, connectionTimeoutMillis: 10_000, ...config },
    {
      // pg-listen gives up after 3 s by default, sooner than a restarting database answers (andywer/pg-listen#56)
      retryTimeout: Number.POSITIVE_INFINITY,
      retryInterval,
      // the payload reaches the handler as sent; the chat events check it themselves
      parse: (payload) => payload,
    },
  );
  let closed = false;
  let listening = deferred();
  /** Settles when pg-listen's attempts to connect again end (connected, failed, or stopped by close). */
  let reconnecting: Deferred | null = null;

  subscriber.events.on('notification', ({ channel: from, payload }) => {
    if (from === channel) handlers.notification(payload as string | undefined);
  });
  subscriber.events.on('reconnect', (attempt) => {
    // pg-listen's close() does not stop its attempts (andywer/pg-listen#61); a throw here does: the
    // attempt is not made, and the error event below reports the end of them.
    if (closed) throw new Error('chat events closed');
    if (attempt !== 1) return;
    logger.warn({ channel }, 'chat events connection lost, connecting again');
    reconnecting ??= deferred();
    // waiters of a first connection that failed go on waiting
    if (listening.settled) listening = deferred();
    handlers.lost();
  });
  subscriber.events.on('connected', () => {
    const attempts = reconnecting;
    reconnecting = null;
    if (closed) {
      // an attempt under way when close was called succeeded: that connection goes too
      void subscriber
        .close()
        .catch(() => {})
        .then(() => attempts?.resolve());
      return;
    }
    attempts?.resolve();
    // After the first connection (made by connect(), or by pg-listen's own attempts when that
    // failed) the channel is listened to here; on later ones pg-listen has listened again already.
    const listenNow = subscriber.listenTo(channel);
    const heard = listening;
    void Promise.resolve(listenNow).then(
      () => heard.resolve(),
      (error: unknown) => logger.warn({ err: error, channel }, 'chat events LISTEN failed; pg-listen connects again'),
    );
  });
  subscriber.events.on('error', (error) => {
    reconnecting?.resolve();
    reconnecting = null;
    if (!closed) logger.error({ err: error, channel }, 'chat events connection');
  });

  subscriber.connect().catch((error: unknown) => {
    // pg-listen tries again by itself: ready() waits for it
    logger.error({ err: error, channel }, 'chat events could not connect');
  });

  return {
    ready: () => listening.promise,
    async close() {
      if (closed) return;
      closed = true;
      listening.reject(new Error('chat events closed'));
      await subscriber.close();
      await reconnecting?.promise;
    },
  };
}
