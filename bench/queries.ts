// npx tsx bench/queries.ts: the SQL each benchmarked page sends (count, and each statement's
// EXPLAIN ANALYZE time with QUERY_PLANS=1), on the database of DATABASE_URL loaded by the bench.
import request from 'supertest';
import pg from 'pg';
import { createApp } from '../server/app.js';
import { loadSettings } from '../server/settings.js';
import { openDatabase } from '../server/db/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/demo/accounts.js';
import { demoDog } from './web.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the bench database');
const database = await openDatabase({ databaseUrl });
const explainer = new pg.Client({ connectionString: databaseUrl });
await explainer.connect();
const settings = { ...loadSettings({ NODE_ENV: 'production', SESSION_SECRET: 'bench', DATABASE_URL: databaseUrl, BASE_URL: 'http://127.0.0.1', PRODUCTION_HOSTNAME: '127.0.0.1' }), logLevel: 'silent' as const };
const app = createApp({ db: database.db, settings });
const { petNum, handle } = await demoDog(databaseUrl);
const agent = request.agent(app);
const token = (await agent.get('/login')).text.match(/name="csrf-token" content="([^"]+)"/)![1];
await agent.post('/login').type('form').send({ email: DEMO_ACCOUNTS.parent.email, password: DEMO_PASSWORD, _csrf: token }).expect(302);

let log: { sql: string; bindings: unknown[] }[] = [];
database.db.on('query', (q: { sql: string; bindings: unknown[] }) => log.push({ sql: q.sql, bindings: q.bindings }));
const pages = ['/members', `/members/results/summary?i=${petNum}`, `/members/results/breed-and-ancestry?i=${petNum}`, `/members/results/health?i=${petNum}`, `/members/results/traits?i=${petNum}`, `/members/results/relatives?i=${petNum}`, `/dog/${handle}`];
for (const page of pages) {
  const anonymous = page.startsWith('/dog/');
  await (anonymous ? request(app) : agent).get(page); // warm
  log = [];
  const response = await (anonymous ? request(app) : agent).get(page);
  console.log(`\n${page}: ${response.status}, ${response.text.length} bytes, ${log.length} queries`);
  for (const q of log) {
    let line = `  - ${q.sql.replace(/\s+/g, ' ').slice(0, Number(process.env.SQL_WIDTH ?? 160))}`;
    if (process.env.QUERY_PLANS && /^\s*select/i.test(q.sql)) {
      const { rows } = await explainer.query(`explain (analyze, format json) ${q.sql}`, q.bindings as unknown[]);
      const plan = rows[0]['QUERY PLAN'][0];
      line += `  [plan ${plan['Planning Time'].toFixed(2)} ms, exec ${plan['Execution Time'].toFixed(2)} ms]`;
    }
    console.log(line);
  }
}
await explainer.end();
await database.close();
process.exit(0);
