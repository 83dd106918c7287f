// A TCP proxy in front of PostgreSQL, for tests of lost connections: it can end every connection
// through it and refuse new ones (the network drops, or the database restarts) until let up again,
// and it tells when the server confirmed a LISTEN through it.
import net from 'node:net';
import { EventEmitter, once } from 'node:events';

export interface TcpProxy {
  /** A connection string like `databaseUrl`, through the proxy. */
  url: string;
  /** Ends every connection through the proxy, and refuses new ones until up(). */
  down(): void;
  up(): void;
  /** Connections refused while down so far. */
  readonly refusals: number;
  /** Resolves once `count` connections in all have been refused. */
  refused(count: number): Promise<void>;
  /** Resolves when the server next answers a LISTEN through the proxy: notifications reach it from then on. */
  nextListen(): Promise<void>;
  /** The local ports of the proxy's connections to the server (pg_stat_activity.client_port). */
  serverSidePorts(): number[];
  /** Connections through the proxy now open. */
  readonly open: number;
  close(): Promise<void>;
}

export async function tcpProxy(databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  const events = new EventEmitter();
  const pairs = new Set<{ client: net.Socket; server: net.Socket }>();
  let isDown = false;
  let refusals = 0;

  const proxy = net.createServer((client) => {
    if (isDown) {
      client.destroy();
      refusals++;
      events.emit('refused');
      return;
    }
    const server = net.connect(Number(target.port || 5432), target.hostname);
    const pair = { client, server };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    for (const socket of [client, server]) socket.on('error', end).on('close', end);
    // the tag of the CommandComplete message the server sends when a LISTEN took effect
    server.on('data', (chunk: Buffer) => {
      if (chunk.includes('LISTEN\0')) events.emit('listen');
    });
    client.pipe(server);
    server.pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));

  const down = () => {
    isDown = true;
    for (const { client, server } of pairs) {
      client.destroy();
      server.destroy();
    }
    pairs.clear();
  };

  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((proxy.address() as net.AddressInfo).port);

  return {
    url: url.toString(),
    down,
    up() {
      isDown = false;
    },
    get refusals() {
      return refusals;
    },
    async refused(count) {
      while (refusals < count) await once(events, 'refused');
    },
    async nextListen() {
      await once(events, 'listen');
    },
    serverSidePorts: () => [...pairs].flatMap(({ server }) => (server.localPort === undefined ? [] : [server.localPort])),
    get open() {
      return pairs.size;
    },
    async close() {
      down();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
