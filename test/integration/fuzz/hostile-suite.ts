import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, testApp, type Agent } from '../../support/app.js';
import { testDb } from '../../support/database.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { createPet, createUser } from '../../support/factories.js';
import type { Db } from '../../../server/db/index.js';
import { buildSchema } from '../../../server/graphql/schema.js';
import { asText, wellFormed, bodyFor, graphqlOperations, pathFor, queryFor, restRoutes, variants, type RestRoute, type Variant } from './targets.js';

// Routes that end the role being tested (sign-out, leaving an impersonation) or never end (the chat's
// event stream); they have their own tests.
const SKIPPED = new Set(['GET /logout', 'POST /logout', 'GET /members/unimpersonate', 'GET /members/chat/events']);
// Bookkeeping any visit writes: sessions, rate limit counts (sign-in attempts), the staff audit log, page views.
const BOOKKEEPING = new Set(['sessions', 'rate_limits', 'audit_log', 'usage_events', 'page_views', 'knex_migrations', 'knex_migrations_lock']);

interface Victim {
  userId: number;
  petNum: number;
  petUuid: string;
  handle: string;
}

async function tableHashes(db: Db, where?: { column: string; value: number }): Promise<Record<string, string>> {
  const { rows } = await db.raw<{ rows: { table_name: string }[] }>(
    where
      ? "select table_name from information_schema.columns where table_schema = 'public' and column_name = ? order by table_name"
      : "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
    where ? [where.column] : [],
  );
  const hashes: Record<string, string> = {};
  for (const { table_name: table } of rows) {
    const filter = where ? ` where t."${where.column}" = ${Number(where.value)}` : '';
    const result = await db.raw<{ rows: { hash: string | null; count: number }[] }>(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from "${table}" t${filter}`);
    hashes[table] = result.rows[0].hash ?? '';
  }
  return hashes;
}

/** Everything that is the victim's: their account, their dogs and every row naming either. */
async function victimSnapshot(db: Db, victim: Victim) {
  return {
    byUser: await tableHashes(db, { column: 'user_id', value: victim.userId }),
    byPet: await tableHashes(db, { column: 'pet_num', value: victim.petNum }),
    account: JSON.stringify(await db('users').where({ id: victim.userId }).first()),
  };
}

const changedTables = (before: Record<string, string>, after: Record<string, string>) => Object.keys(after).filter((table) => before[table] !== after[table]);

interface Failure {
  what: string;
  status: number;
  detail: string;
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

export type FuzzRole = 'anonymous' | 'pet parent' | 'vet' | 'breeder' | 'admin' | 'read-only sub-admin impersonating';

/**
 * The fuzz of hostile values to every route and GraphQL operation, as the roles named (every role
 * over the files that call it, split so that parallel workers share the work).
 */
export function describeHostileValues(fuzzedRoles: FuzzRole[]): void {
  describe(`fuzz: hostile values to every route and GraphQL operation, as ${fuzzedRoles.join(', ')}`, function () {
    this.timeout(300_000);
    let app: Express;
    let db: Db;
    let victim: Victim;
    let routes: RestRoute[];
    let hostile: Variant[];
    const operations = graphqlOperations(buildSchema());

    before(async () => {
      await resetToDemoData();
      db = await testDb();
      app = await testApp();
      const user = await createUser(db, { email: 'victim@example.test', name: 'Victor Victim' });
      const petNum = await createPet(db, user.id, { name: 'Untouchable' });
      const pet = await db('pets').where({ pet_num: petNum }).first('id', 'handle');
      victim = { userId: user.id, petNum, petUuid: pet.id, handle: pet.handle };
      routes = restRoutes(app).filter((route) => !SKIPPED.has(`${route.method} ${route.path}`));
      hostile = variants(victim);
    });

    if (fuzzedRoles.includes('anonymous')) it('finds the routes and operations to fuzz', () => {
      expect(routes.length).to.be.above(40);
      expect(routes.map((r) => `${r.method} ${r.path}`)).to.include.members(['POST /signup', 'POST /members/chat/send-message', 'GET /members/pet/:petNum/raw-data']);
      expect(operations.map((o) => o.field)).to.include.members(['updatePet', 'addNewPet', 'updateVetPracticeDetails', 'updatePetLocations', 'addFeedback', 'saveNutritionInputData']);
    });

    // Each role sends each route and operation a share of the values, turn by turn, so that across
    // the roles every value reaches every route while a run stays a few thousand requests.
    const shareOf = <T>(items: T[], roleIndex: number, key: number) => items.filter((_, i) => (i + key + roleIndex) % roles.length === 0 || (i + key + roleIndex) % roles.length === 3);

    async function fuzz(agent: Agent, roleIndex: number): Promise<Failure[]> {
      // signed out, the token comes from the sign-in form's page (a page that is only read gives none)
      const token = await csrfToken(agent, '/help').catch(() => csrfToken(agent, '/login'));
      const failures: Failure[] = [];
      const check = (what: string, response: request.Response) => {
        const text = response.text ?? '';
        if (response.status >= 500 || text.includes('INTERNAL_SERVER_ERROR')) failures.push({ what, status: response.status, detail: text.slice(0, 300) });
      };
      // each variant's bodies are encoded once, not once a route (a 1 MB value fills every field)
      const bodies = new Map(
        hostile.map((variant) => [
          variant,
          {
            json: JSON.stringify({ ...bodyFor(variant), _csrf: token }),
            form: new URLSearchParams({ ...Object.fromEntries(Object.keys(bodyFor(variant)).map((k) => [k, wellFormed(asText(variant))])), _csrf: token }).toString(),
            query: variant.label === '1 MB string' ? 'i=1' : queryFor(variant),
          },
        ]),
      );
      const restCalls = routes.flatMap((route, r) => shareOf(hostile, roleIndex, r).map((variant) => ({ route, variant })));
      await inBatches(restCalls, 6, async ({ route, variant }) => {
        const body = bodies.get(variant)!;
        const url = `${pathFor(route.path, variant)}?${body.query}`;
        const what = `${route.method} ${route.path} [${variant.label}]`;
        const call = agent[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](url).set('x-csrf-token', token).timeout(30_000);
        if (route.method === 'GET' || route.method === 'HEAD') return check(what, await call);
        check(`${what} json`, await call.set('accept', 'application/json').type('json').send(body.json));
        const form = agent[route.method.toLowerCase() as 'post' | 'put' | 'delete'](pathFor(route.path, variant)).type('form');
        check(`${what} form`, await form.send(body.form));
      });
      const graphqlCalls = operations.flatMap((operation, o) => shareOf(hostile, roleIndex, o).map((variant) => ({ operation, variant })));
      await inBatches(graphqlCalls, 6, async ({ operation, variant }) => {
        const response = await agent
          .post('/graphql')
          .set('x-csrf-token', token)
          .set('accept', 'application/json')
          .send({ query: operation.document, variables: operation.variables(variant) });
        check(`graphql ${operation.field} [${variant.label}]`, response);
      });
      return failures;
    }

    const roles: [FuzzRole, (app: Express) => Promise<Agent>][] = [
      ['anonymous', async (app) => request.agent(app)],
      ['pet parent', (app) => signInAsDemo(app, 'parent')],
      ['vet', (app) => signInAsDemo(app, 'vet')],
      ['breeder', (app) => signInAsDemo(app, 'breeder')],
      ['admin', (app) => signInAsDemo(app, 'admin')],
      [
        'read-only sub-admin impersonating',
        async (app) => {
          const agent = await signInAsDemo(app, 'subadmin');
          const token = await csrfToken(agent, '/cs/impersonate');
          await agent.post('/cs/impersonate').type('form').send({ email: 'parent@demo.test', _csrf: token }).expect(302);
          return agent;
        },
      ],
    ];

    for (const [roleIndex, [role, signInAs]] of roles.entries()) {
      if (!fuzzedRoles.includes(role)) continue;
      it(`answers every hostile request as ${role} without a server error, leaving the victim's data alone`, async () => {
        const agent = await signInAs(app);
        const victimBefore = await victimSnapshot(db, victim);
        const everythingBefore = role.startsWith('read-only') ? await tableHashes(db) : null;
        const failures = await fuzz(agent, roleIndex);
        expect(failures, failures.map((f) => `${f.what} -> ${f.status} ${f.detail}`).slice(0, 20).join('\n')).to.deep.equal([]);
        expect(await victimSnapshot(db, victim)).to.deep.equal(victimBefore);
        if (everythingBefore) {
          const changed = changedTables(everythingBefore, await tableHashes(db)).filter((table) => !BOOKKEEPING.has(table));
          expect(changed, 'tables a read-only impersonation changed').to.deep.equal([]);
        }
      });
    }
  });
}
