import { expect } from 'chai';
import type { Express } from 'express';
import { csrfToken, signIn, testApp, type Agent } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';

async function post(agent: Agent, body: unknown) {
  const token = await csrfToken(agent, '/help');
  return agent.post('/graphql').set('x-csrf-token', token).set('accept', 'application/json').set('content-type', 'application/json').send(JSON.stringify(body));
}

describe('GraphQL request errors', () => {
  let app: Express;
  let agent: Agent;

  before(async () => {
    const db = await testDb();
    await resetDatabase(db);
    await createUser(db, { email: 'caller@example.test' });
    app = await testApp();
    agent = await signIn(app, 'caller@example.test', TEST_PASSWORD);
  });

  const cases: [string, unknown, RegExp][] = [
    ['no query', { variables: {} }, /Missing query/],
    ['a query that is not a string', { query: 42 }, /Invalid query/],
    ['variables as a string', { query: '{ me { name } }', variables: '{"a":1}' }, /Invalid variables/],
    ['a batched array of operations', [{ query: '{ me { name } }' }, { query: '{ me { email } }' }], /Batched operations are not supported/],
    ['an operationName the document does not have', { query: 'query a { me { name } }', operationName: 'zzz' }, /^Unknown operation named "zzz"\.$/],
    ['two operations and no operationName', { query: 'query a { me { name } } query b { me { email } }' }, /^Must provide operation name if query contains multiple operations\.$/],
  ];
  for (const [what, body, reason] of cases) {
    it(`answers ${what} with 400 and the reason`, async () => {
      const response = await post(agent, body);
      expect(response.status).to.equal(400);
      expect(response.body.errors[0].message).to.match(reason);
    });
  }

  it('answers a body that is not JSON (a form, text, none) with 415 and what to send, not an empty answer', async () => {
    const token = await csrfToken(agent, '/help');
    for (const [type, body] of [['application/x-www-form-urlencoded', 'query=%7B+me+%7B+name+%7D+%7D'], ['text/plain', '{"query":"{ me { name } }"}'], [undefined, undefined]] as const) {
      const request = agent.post('/graphql').set('x-csrf-token', token).set('accept', 'application/json');
      if (type) request.set('content-type', type);
      const response = await (body === undefined ? request : request.send(body));
      expect(response.status, type).to.equal(415);
      expect(response.body.errors[0].message, type).to.equal('Send the operation as JSON (Content-Type: application/json)');
    }
  });

  const nestedFragments = (count: number) => {
    const name = (i: number) => `F${i.toString(36)}`;
    const fragments = Array.from({ length: count }, (_, i) => `fragment ${name(i)} on User{${i === count - 1 ? 'name' : `...${name(i + 1)}`}}`).join(' ');
    return `{me{...F0}} ${fragments}`;
  };

  it('refuses 4,000 nested fragments (over the 100 kB body limit) with 413, without exhausting the stack', async () => {
    const response = await post(agent, { query: nestedFragments(4000) });
    expect(response.status).to.equal(413);
  });

  it('refuses 3,000 nested fragments that fit in the body at the token limit, before validating them', async () => {
    const response = await post(agent, { query: nestedFragments(3000) });
    expect(response.status).to.equal(400);
    expect(response.body.errors[0].message).to.match(/Document contains more th\w+ 5000 tokens/);
  });

  it('refuses 4,000 nested selections', async () => {
    const response = await post(agent, { query: `${'{ me '.repeat(4000)}${'}'.repeat(4000)}` });
    expect(response.status).to.be.below(500);
    expect(response.body.errors[0].message).to.not.equal('Internal Server Error');
  });

  it('answers a body over the size limit with 413, not a server error', async () => {
    const response = await post(agent, { query: `{ me { name } } # ${'x'.repeat(200_000)}` });
    expect(response.status).to.equal(413);
  });

  it('refuses a fragment cycle with a validation error', async () => {
    const response = await post(agent, { query: '{ me { ...A } } fragment A on User { ...B } fragment B on User { ...A }' });
    expect(response.body.errors[0].message).to.match(/Cannot spread fragment/);
  });

  it('suggests field names in development', async () => {
    const response = await post(agent, { query: '{ me { nam } }' });
    expect(response.body.errors[0].message).to.match(/Did you mean "name"/);
  });

  it('never suggests field names in production, for validation and argument errors alike', async () => {
    const production = await testApp({ isProduction: true, nodeEnv: 'production' });
    const caller = await signIn(production, 'caller@example.test', TEST_PASSWORD);
    const field = await post(caller, { query: '{ me { nam } }' });
    expect(field.body.errors[0].message).to.equal('Cannot query field "nam" on type "User".');
    const argument = await post(caller, { query: '{ me { pets(limt: 1) { name } } }' });
    expect(JSON.stringify(argument.body)).to.not.match(/Did you mean/);
  });
});
