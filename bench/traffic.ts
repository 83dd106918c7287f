// Real traffic (issue 32): many signed-in owners reading their own dogs' pages, anonymous visitors
// reading many public profiles, and writes going on at the same time (chat messages, wags,
// sign-ins), against a bare Express route in the same run. PostgreSQL, production settings, one
// process. Nothing is measured on one page read over and over.
import autocannon from 'autocannon';
import { loadavg } from 'node:os';
import request from 'supertest';
import { openDatabase } from '../server/db/index.js';
import { createApp } from '../server/app.js';
import { loadSettings } from '../server/settings.js';
import { DEMO_PASSWORD } from '../server/demo/accounts.js';
import { startApp, startHello } from './web.js';

const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 15);
const READERS = Number(process.env.BENCH_OWNERS ?? 40);
const CHATS_PER_S = 10;
const WAGS_PER_S = 2;
const SIGN_INS_PER_S = 1;
const LOAD_USERS = 200;
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const LOAD_WRITE_EVERY_MS = 4_000;
// What a browser accepts: pages go compressed, as they would to members.
const BROWSER_ENCODINGS = 'gzip, deflate, br';
const RESULTS_PAGES = ['summary', 'breed-and-ancestry', 'health', 'traits', 'relatives', 'profile'];

interface Owner {
  email: string;
  dogs: { petNum: number; handle: string }[];
}

interface Session {
  owner: Owner;
  cookie: string;
  token: string;
}

const load = () => `load ${loadavg()[0].toFixed(1)}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Community owners with at least one dog with results, the dogs anyone may see, and public photos to wag. */
async function population(databaseUrl: string, owners: number) {
  const database = await openDatabase({ databaseUrl });
  try {
    const { db } = database;
    const rows = await db('users')
      .join('pet_owners', 'pet_owners.user_id', 'users.id')
      .join('pets', 'pets.pet_num', 'pet_owners.pet_num')
      .join('breed_mix_summaries as s', 's.pet_num', 'pets.pet_num')
      .where('users.email', 'like', '%@community.demo.test')
      .whereNull('pets.deleted_at')
      .orderBy('users.id')
      .orderBy('pets.pet_num')
      .select('users.email', 'pets.pet_num', 'pets.handle');
    const byEmail = new Map<string, Owner>();
    for (const row of rows) {
      if (!byEmail.has(row.email)) byEmail.set(row.email, { email: row.email, dogs: [] });
      byEmail.get(row.email)!.dogs.push({ petNum: Number(row.pet_num), handle: row.handle });
    }
    const publicDogs: { handle: string; email: string }[] = await db('pets')
      .join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num')
      .join('users', 'users.id', 'pet_owners.user_id')
      .where({ 'pets.privacy': 'public', 'pets.is_hidden': false })
      .whereNull('pets.deleted_at')
      .orderBy('pets.pet_num')
      .limit(400)
      .select('pets.handle', 'users.email');
    const photos: string[] = await db('media').join('pets', 'pets.pet_num', 'media.pet_num').where({ 'pets.privacy': 'public', 'media.media_type': 'image' }).limit(200).pluck('media.public_id');
    await db.raw('analyze');
    return { owners: [...byEmail.values()].slice(0, owners), publicDogs, photos };
  } finally {
    await database.close();
  }
}

/** The app's count of a dog's results read from memory or from the database (GET /healthz). */
async function resultsCache(base: string): Promise<{ hits: number; misses: number; entries: number }> {
  return ((await (await fetch(`${base}/healthz`)).json()) as { resultsCache: { hits: number; misses: number; entries: number } }).resultsCache;
}

/** Signs in through the form, as a browser does; the page's CSRF token comes with the session. */
async function signIn(base: string, email: string): Promise<{ cookie: string; token: string }> {
  const login = await fetch(`${base}/login`);
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  const formToken = (await login.text()).match(/name="csrf-token" content="([^"]+)"/)![1];
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.join('; ') },
    body: new URLSearchParams({ email, password: DEMO_PASSWORD, _csrf: formToken }),
  });
  if (response.status !== 302) throw new Error(`sign-in of ${email} answered ${response.status}`);
  const merged = new Map(cookies.map((c) => [c.slice(0, c.indexOf('=')), c]));
  for (const c of response.headers.getSetCookie().map((value) => value.split(';')[0])) merged.set(c.slice(0, c.indexOf('=')), c);
  const cookie = [...merged.values()].join('; ');
  const page = await fetch(`${base}/members`, { headers: { cookie } });
  const token = (await page.text()).match(/name="csrf-token" content="([^"]+)"/)![1];
  return { cookie, token };
}

/** The pages an owner reads, in the order a visit goes through them. */
const ownerPages = (owner: Owner) => ['/members', ...owner.dogs.flatMap((dog) => RESULTS_PAGES.map((page) => `/members/results/${page}?i=${dog.petNum}`)), '/members/messages'];

/** Writes at a steady rate while `running()`: chat messages, wags and sign-ins, as members make them. */
function writeTraffic(base: string, sessions: Session[], publicDogs: { handle: string; email: string }[], photos: string[], rates: { chats: number; wags: number; signIns: number }) {
  const counts = { chats: 0, wags: 0, signIns: 0, failed: 0 };
  let stopped = false;
  const every = (perSecond: number, write: (n: number) => Promise<Response | void>) =>
    (async () => {
      if (perSecond <= 0) return;
      const gap = 1000 / perSecond;
      for (let n = 0; !stopped; n++) {
        const started = Date.now();
        write(n)
          .then((response) => {
            if (response && !response.ok && response.status !== 302) counts.failed++;
          })
          .catch(() => counts.failed++);
        await pause(Math.max(0, gap - (Date.now() - started)));
      }
    })();
  const post = (session: Session, path: string, body: unknown) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { cookie: session.cookie, 'x-csrf-token': session.token, 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
  const runs = [
    every(rates.chats, (n) => {
      counts.chats++;
      // each user in turn: with 200 users at 50 a second, each sends one every 4 s
      const from = sessions[n % sessions.length];
      const others = publicDogs.filter((dog) => dog.email !== from.owner.email);
      const to = others[(n * 7) % others.length].handle;
      return post(from, '/members/chat/send-message', { conversationId: -1, startNewConversationTo: to, body: `Hello from the traffic bench, message ${n}` });
    }),
    every(rates.wags, (n) => {
      if (photos.length === 0) return Promise.resolve();
      counts.wags++;
      const session = sessions[n % sessions.length];
      const action = Math.floor(n / sessions.length) % 2 === 0 ? 'add' : 'delete';
      return fetch(`${base}/api/media-likes/${action}/image?publicId=${encodeURIComponent(photos[n % photos.length])}`, { headers: { cookie: session.cookie, 'x-csrf-token': session.token } });
    }),
    every(rates.signIns, (n) => {
      counts.signIns++;
      return signIn(base, sessions[n % sessions.length].owner.email).then(() => undefined);
    }),
  ];
  return {
    counts,
    async stop() {
      stopped = true;
      await Promise.all(runs);
    },
  };
}

/** Owners' sessions cycle through their own pages; every `anonymousEvery`th connection is a visitor reading public profiles. */
function readTraffic(base: string, sessions: Session[], publicHandles: string[], connections: number, durationS: number, anonymousEvery: number) {
  let next = 0;
  return autocannon({
    url: base,
    connections,
    duration: durationS,
    // A saturated Node process accepts one new connection per turn of its event loop: see web.ts.
    timeout: 30,
    setupClient: (client) => {
      const n = next++;
      if (anonymousEvery > 0 && n % anonymousEvery === anonymousEvery - 1) {
        const start = (n * 37) % publicHandles.length;
        const handles = [...publicHandles.slice(start), ...publicHandles.slice(0, start)];
        client.setRequests(handles.map((handle) => ({ method: 'GET', path: `/dog/${handle}`, headers: { 'accept-encoding': BROWSER_ENCODINGS } })));
      } else {
        const session = sessions[n % sessions.length];
        client.setRequests(ownerPages(session.owner).map((path) => ({ method: 'GET', path, headers: { cookie: session.cookie, 'accept-encoding': BROWSER_ENCODINGS } })));
      }
    },
  });
}

/** The SQL statements one view of each kind of page sends, counted in-process on the same database. */
async function statementsPerPage(databaseUrl: string, owner: Owner, handle: string): Promise<string> {
  const database = await openDatabase({ databaseUrl });
  try {
    const settings = { ...loadSettings({ NODE_ENV: 'production', SESSION_SECRET: 'bench', DATABASE_URL: databaseUrl, BASE_URL: 'http://127.0.0.1', PRODUCTION_HOSTNAME: '127.0.0.1' }), logLevel: 'silent' as const };
    const app = createApp({ db: database.db, settings });
    const agent = request.agent(app);
    const token = (await agent.get('/login')).text.match(/name="csrf-token" content="([^"]+)"/)![1];
    await agent.post('/login').type('form').send({ email: owner.email, password: DEMO_PASSWORD, _csrf: token }).expect(302);
    let count = 0;
    database.db.on('query', () => count++);
    const pages = [...ownerPages(owner).slice(0, 1 + RESULTS_PAGES.length), '/members/messages'];
    const parts: string[] = [];
    for (const path of [...pages, `/dog/${handle}`]) {
      const client = path.startsWith('/dog/') ? request(app) : agent;
      count = 0;
      const response = await client.get(path);
      parts.push(`${path.replace(/\?.*/, '').replace(/^\/members\/results\//, '').replace(/^\/dog\/.*/, 'public profile (anonymous)')} ${count}${response.status === 200 ? '' : ` (answered ${response.status})`}`);
    }
    return parts.join(', ');
  } finally {
    await database.close();
  }
}

function line(label: string, result: autocannon.Result, bare?: autocannon.Result) {
  const errors = result.errors + result.non2xx;
  const ratio = bare ? ` = ${((result.requests.average / bare.requests.average) * 100).toFixed(1)}% of the bare route` : '';
  return `  ${label}: ${result.requests.average.toFixed(0)} req/s${ratio}, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${errors} errors or non-2xx (${load()})`;
}

export async function benchTraffic(databaseUrl: string | undefined): Promise<string[]> {
  if (!databaseUrl) return ['real traffic: skipped (measured on PostgreSQL: set DATABASE_URL to a scratch database)'];
  const lines = [`Real traffic, on PostgreSQL in production mode, one process: ${CONNECTIONS} connections for ${DURATION_S} s; owners read their own dogs' pages, visitors public profiles`];
  const hello = await startHello();
  // 1,000 dogs have 200 community owners: each of the 200 users below is an account of its own.
  process.env.DEMO_POPULATION_SIZE ??= '1000';
  const app = await startApp(databaseUrl, 1);
  try {
    const { owners, publicDogs, photos } = await population(databaseUrl, LOAD_USERS);
    const publicHandles = publicDogs.map((dog) => dog.handle);
    if (owners.length < READERS) throw new Error(`only ${owners.length} community owners have a dog with results`);
    lines.push(`  statements per page view: ${await statementsPerPage(databaseUrl, owners[0], publicHandles[0])}`);
    // One session per owner; past the number of owners, owners sign in a second time (another browser).
    const sessions: Session[] = [];
    for (let n = 0; n < Math.max(LOAD_USERS, READERS); n++) sessions.push({ owner: owners[n % owners.length], ...(await signIn(app.base, owners[n % owners.length].email)) });
    const readers = sessions.slice(0, READERS);

    await readTraffic(app.base, readers, publicHandles, CONNECTIONS, 3, 4); // warm-up
    const bare = await autocannon({ url: hello.url, connections: CONNECTIONS, duration: DURATION_S });
    lines.push(line('bare Express route', bare));
    const readsOnly = await readTraffic(app.base, readers, publicHandles, CONNECTIONS, DURATION_S, 4);
    lines.push(line(`${READERS} owners + visitors, no writes`, readsOnly, bare));
    const cacheBefore = await resultsCache(app.base);
    const writes = writeTraffic(app.base, readers, publicDogs, photos, { chats: CHATS_PER_S, wags: WAGS_PER_S, signIns: SIGN_INS_PER_S });
    const withWrites = await readTraffic(app.base, readers, publicHandles, CONNECTIONS, DURATION_S, 4);
    await writes.stop();
    const cacheAfter = await resultsCache(app.base);
    lines.push(line(`the same with ${CHATS_PER_S} chat messages, ${WAGS_PER_S} wags and ${SIGN_INS_PER_S} sign-in a second`, withWrites, bare));
    lines.push(`    writes sent: ${writes.counts.chats} chat messages, ${writes.counts.wags} wags, ${writes.counts.signIns} sign-ins; ${writes.counts.failed} failed`);
    const hits = cacheAfter.hits - cacheBefore.hits;
    const misses = cacheAfter.misses - cacheBefore.misses;
    lines.push(`    dogs' results read from memory under writes: ${hits} of ${hits + misses} reads (${((hits / Math.max(1, hits + misses)) * 100).toFixed(1)}%), ${cacheAfter.entries} kept`);
    const budget = withWrites.requests.average / bare.requests.average >= 0.08 && withWrites.latency.p99 < 100 && withWrites.errors + withWrites.non2xx === 0 && writes.counts.failed === 0;
    lines.push(`    budget (>= 8% of the bare route, aim 15%; p99 < 100 ms; no errors): ${budget ? 'PASS' : 'FAIL'}`);

    const users = sessions.slice(0, LOAD_USERS);
    const loadWrites = writeTraffic(app.base, users, publicDogs, photos, { chats: (users.length * 1000) / LOAD_WRITE_EVERY_MS, wags: 0, signIns: 0 });
    const crowd = await readTraffic(app.base, users, publicHandles, users.length, LOAD_SECONDS, 0);
    await loadWrites.stop();
    lines.push(line(`${users.length} signed-in users (${Math.min(owners.length, users.length)} owners) for ${LOAD_SECONDS} s, each sending a chat message every ${LOAD_WRITE_EVERY_MS / 1000} s`, crowd));
    lines.push(`    writes sent: ${loadWrites.counts.chats} chat messages; ${loadWrites.counts.failed} failed`);
    lines.push(`    budget (p99 < 500 ms, no errors): ${crowd.latency.p99 < 500 && crowd.errors + crowd.non2xx === 0 && loadWrites.counts.failed === 0 ? 'PASS' : 'FAIL'}`);
  } finally {
    await app.stop();
    hello.stop();
  }
  return lines;
}
