// The chat events' listening connection on PostgreSQL (server/chat/listen-postgres.ts): pg-listen
// connects again by itself when the database drops the connection, the network fails or the
// database is down for a while, and listens again. The app listens through a TCP proxy that can
// cut it off, and tells when the server confirmed a LISTEN.
import { expect } from 'chai';
import knexFactory from 'knex';
import { testSettings } from '../../support/app.js';
import { testDb } from '../../support/database.js';
import { tcpProxy, type TcpProxy } from '../../support/tcp-proxy.js';
import type { Db } from '../../../server/db/index.js';
import { configureLogger } from '../../../server/logging/logger.js';
import { chatEvents, notifyChat, type ChatEvents } from '../../../server/chat/events.js';
import { LISTENER_APPLICATION_NAME } from '../../../server/chat/listen-postgres.js';

/** What one subscriber heard, and a way to wait for more. */
function subscriber() {
  const heard: number[] = [];
  let wake = () => {};
  return {
    heard,
    listener: ({ conversationId }: { conversationId: number }) => {
      heard.push(conversationId);
      wake();
    },
    async waitFor(count: number) {
      while (heard.length < count) await new Promise<void>((resolve) => (wake = resolve));
    },
  };
}

describe('chat events on PostgreSQL: the listening connection comes back by itself', () => {
  let db: Db;
  let proxy: TcpProxy;
  let viaProxy: Db;
  let events: ChatEvents;
  /** Resolves when the open streams are told to end (a lost connection, or close). */
  let streamsEnded: Promise<void>;

  before(function () {
    // PGlite listens in-process: there is no connection to lose
    if (!process.env.DATABASE_URL) this.skip();
    // as an app does: quiet under NODE_ENV=test
    configureLogger(testSettings());
  });

  beforeEach(async () => {
    db = await testDb();
    proxy = await tcpProxy(process.env.DATABASE_URL!);
    viaProxy = knexFactory({ client: 'pg', connection: proxy.url, pool: { min: 0, max: 1 } });
    events = chatEvents(viaProxy);
    streamsEnded = new Promise((resolve) => events.onClose(resolve));
  });

  afterEach(async () => {
    await events?.close();
    await viaProxy?.destroy();
    await proxy?.close();
  });

  const notify = (conversationId: number, userIds: number[]) => db.transaction((trx) => notifyChat(trx, { conversationId, userIds }));

  it('hears new messages after the listening backend is terminated, with no one subscribing again', async () => {
    const bob = subscriber();
    await events.subscribe(7, bob.listener);
    const backends = await db.raw<{ rows: { pid: number }[] }>('select pid from pg_stat_activity where application_name = ? and client_port = any(?)', [
      LISTENER_APPLICATION_NAME,
      proxy.serverSidePorts(),
    ]);
    expect(backends.rows, 'one listening connection, named in pg_stat_activity').to.have.length(1);
    const listensAgain = proxy.nextListen();
    // what a restart of PostgreSQL, or an administrator, does to the connection
    await db.raw('select pg_terminate_backend(?)', [backends.rows[0].pid]);
    await streamsEnded; // pg-listen reported the loss: open streams end, their inboxes poll
    await listensAgain; // pg-listen connected again and listened on the new connection
    expect(proxy.open).to.equal(1);
    await notify(11, [7]);
    await bob.waitFor(1);
    expect(bob.heard).to.deep.equal([11]);
  });

  it('keeps trying while the database is down, past the 3 s after which pg-listen gives up by default, and listens once it answers', async () => {
    const bob = subscriber();
    await events.subscribe(7, bob.listener);
    proxy.down(); // the network drops, or the database restarts
    await streamsEnded;
    // a stream opened meanwhile waits for the connection (the browser waits, its inbox polls)
    const carol = subscriber();
    let carolSubscribed = false;
    const carolSubscribing = events.subscribe(8, carol.listener).then(() => (carolSubscribed = true));
    // attempts 0, 0.25, 0.75 and 1.75 s after the loss are refused; by default pg-listen would stop
    // after the fourth (its retryTimeout is 3 s), the fifth comes at 3.75 s
    await proxy.refused(4);
    expect(carolSubscribed).to.equal(false);
    const listensAgain = proxy.nextListen();
    proxy.up();
    await listensAgain;
    await carolSubscribing;
    await notify(12, [7, 8]);
    await Promise.all([bob.waitFor(1), carol.waitFor(1)]);
    expect([bob.heard, carol.heard]).to.deep.equal([[12], [12]]);
  });

  it('waits, when the database does not answer the first subscribe, until it does', async () => {
    proxy.down();
    const bob = subscriber();
    const subscribing = events.subscribe(7, bob.listener);
    await proxy.refused(2); // the first connection, then pg-listen's own attempt
    proxy.up();
    await subscribing;
    await notify(13, [7]);
    await bob.waitFor(1);
    expect(bob.heard).to.deep.equal([13]);
  });

  it('on close during an outage, stops the attempts and refuses the waiting subscribes', async () => {
    const bob = subscriber();
    await events.subscribe(7, bob.listener);
    proxy.down();
    await streamsEnded;
    const subscribing = events.subscribe(8, () => {}).then(
      () => 'subscribed',
      (error: Error) => error.message,
    );
    await proxy.refused(2);
    await events.close(); // resolves once pg-listen's attempts have ended
    expect(await subscribing).to.equal('chat events closed');
    expect(proxy.open).to.equal(0);
  });
});
