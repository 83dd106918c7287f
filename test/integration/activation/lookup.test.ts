// activateBoxKeyOrSwabCode (issue 15): normalised lookup, every refusal, the wrong-code limit.
import { expect } from 'chai';
import type { Express } from 'express';
import request from 'supertest';
import { csrfToken, testApp, signIn } from '../../support/app.js';
import { testDb } from '../../support/database.js';
import { DEMO_ACCOUNTS, resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import * as messages from '../../../server/shared/messages.js';
import { DEMO_EXTRA_KITS } from '../../../server/demo/accounts.js';
import { MAX_WRONG_CODES_PER_HOUR } from '../../../server/activation/rules.js';
import { WRONG_CODES } from '../../../server/activation/queries.js';
import { RATE_LIMITS_TABLE } from '../../../server/db/rate-limits.js';
import { endWindows, pointsUsed } from '../../support/rate-limits.js';
import { call, errorOf, LOOK_UP } from './helpers.js';

async function rowCounts() {
  const db = await testDb();
  const count = async (table: string) => Number((await db(table).count('* as c'))[0].c);
  // wrong codes counted against every account
  const [{ attempts }] = await db(RATE_LIMITS_TABLE).where('key', 'like', `${WRONG_CODES.keyPrefix}:%`).select(db.raw('coalesce(sum(points), 0)::int as attempts'));
  return { activations: await count('kit_activations'), attempts, activatedKits: Number((await db('kits').where({ state: 'activated' }).count('* as c'))[0].c) };
}

describe('activateBoxKeyOrSwabCode', function () {
  this.timeout(60_000);
  let app: Express;

  beforeEach(async () => {
    await resetToDemoData();
    app = await testApp();
  });

  it('finds the kit by its box key whatever the case, spaces and dashes, and starts at choosing a dog', async () => {
    const agent = await signInAsDemo(app, 'newbie');
    const { data, error } = await call(agent, LOOK_UP, { code: '  em demo–0001 ' });
    expect(error).to.equal(null);
    expect(data.activateBoxKeyOrSwabCode).to.deep.include({
      boxKeyOrSwabCode: 'EMDEMO0001',
      step: 'selectDog',
      productType: 'BreedAndAncestry',
      productName: 'Breed + Ancestry DNA test',
      kind: 'dna',
      boxKey: 'EM-DEMO-0001',
      practice: null,
      petNum: null,
    });
    expect(data.activateBoxKeyOrSwabCode.swabCodes).to.deep.equal(['DEMONEWBIE0001']);
    const open = await call(agent, '{ me { kitActivationInProgress { boxKeyOrSwabCode step } } }', {});
    expect(open.data.me.kitActivationInProgress).to.deep.equal({ boxKeyOrSwabCode: 'EMDEMO0001', step: 'selectDog' });
    const parent = await signInAsDemo(app, 'parent');
    expect((await call(parent, '{ me { kitActivationInProgress { step } } }', {})).data.me.kitActivationInProgress, 'another account has none').to.equal(null);
  });

  it('finds the same kit by its swab code, and resumes the open activation instead of starting another', async () => {
    const agent = await signInAsDemo(app, 'newbie');
    await call(agent, LOOK_UP, { code: 'EM-DEMO-0001' });
    const { data } = await call(agent, LOOK_UP, { code: 'demo-newbie-0001' });
    expect(data.activateBoxKeyOrSwabCode).to.include({ boxKeyOrSwabCode: 'DEMONEWBIE0001', boxKey: 'EM-DEMO-0001' });
    expect((await rowCounts()).activations).to.equal(1);
  });

  it('names the product of age-test, microbiome and vet-ordered kits, with the practice', async () => {
    const agent = await signInAsDemo(app, 'newbie');
    expect((await call(agent, LOOK_UP, { code: DEMO_EXTRA_KITS.ageTest })).data.activateBoxKeyOrSwabCode).to.include({ kind: 'age', productType: 'Age', productName: 'Dog Age Test' });
    expect((await call(agent, LOOK_UP, { code: DEMO_EXTRA_KITS.microbiome })).data.activateBoxKeyOrSwabCode).to.include({ kind: 'microbiome', productType: 'Microbiome' });
    const vet = (await call(agent, LOOK_UP, { code: DEMO_EXTRA_KITS.vetOrdered })).data.activateBoxKeyOrSwabCode;
    expect(vet.productType).to.equal('Vet');
    expect(vet.practice.name).to.equal('Riverside Animal Hospital');
    expect((await rowCounts()).activations, 'one open activation per account').to.equal(1);
  });

  it('refuses codes of other formats, SQL and script with the format message, looking nothing up', async () => {
    const agent = await signInAsDemo(app, 'newbie');
    for (const code of ['', 'EM', 'ABC123', "EM-1'; drop table kits; --", '<script>alert(1)</script>', 'EM-DEMO-0001'.repeat(8), 'EM_DEMO_0001']) {
      const { error, data } = await call(agent, LOOK_UP, { code });
      expect(error, code).to.equal(messages.ACTIVATION_CODE_FORMAT);
      expect(data).to.equal(null);
    }
    expect(await rowCounts()).to.deep.equal({ activations: 0, attempts: 0, activatedKits: 0 });
  });

  it('says clearly when a code is unknown, voided or already activated', async () => {
    const agent = await signInAsDemo(app, 'newbie');
    expect((await call(agent, LOOK_UP, { code: 'EM-NOPE-1234' })).error).to.equal(messages.ACTIVATION_CODE_UNKNOWN);
    expect((await call(agent, LOOK_UP, { code: DEMO_EXTRA_KITS.voided })).error).to.equal(messages.ACTIVATION_VOIDED);
    expect((await call(agent, LOOK_UP, { code: 'demovoided0001' })).error).to.equal(messages.ACTIVATION_VOIDED);
    // Biscuit's swab, released long ago.
    expect((await call(agent, LOOK_UP, { code: 'DEMOSWAB000001' })).error).to.equal(messages.ACTIVATION_ALREADY_ACTIVATED);
    expect(await rowCounts(), 'only the unknown code counts as wrong').to.deep.equal({ activations: 0, attempts: 1, activatedKits: 0 });
  });

  it(`allows ${MAX_WRONG_CODES_PER_HOUR} wrong codes an hour per account, then refuses even a right one`, async () => {
    const agent = await signInAsDemo(app, 'newbie');
    for (let i = 0; i < MAX_WRONG_CODES_PER_HOUR; i++) {
      expect((await call(agent, LOOK_UP, { code: `EM-WRONG-${i}` })).error).to.equal(messages.ACTIVATION_CODE_UNKNOWN);
    }
    const refused = await call(agent, LOOK_UP, { code: 'EM-DEMO-0001' });
    expect(refused.error).to.equal(messages.ACTIVATION_TOO_MANY_CODES);
    expect(refused.response.body.errors[0].extensions.code).to.equal('TOO_MANY_REQUESTS');
    // Another account is not affected.
    const other = await signInAsDemo(app, 'parent');
    expect((await call(other, LOOK_UP, { code: 'EM-DEMO-0001' })).error).to.equal(null);
    // An hour later the account may try again.
    await endWindows(await testDb(), WRONG_CODES);
    expect((await call(agent, LOOK_UP, { code: 'EM-DEMO-0001' })).error).to.equal(null);
  });

  it('counts wrong codes sent to two app processes on one database together', async () => {
    const agents = [await signInAsDemo(app, 'newbie'), await signInAsDemo(await testApp(), 'newbie')];
    for (let i = 0; i < MAX_WRONG_CODES_PER_HOUR; i++) {
      expect((await call(agents[i % 2], LOOK_UP, { code: `EM-WRONG-${i}` })).error).to.equal(messages.ACTIVATION_CODE_UNKNOWN);
    }
    for (const agent of agents) expect((await call(agent, LOOK_UP, { code: 'EM-DEMO-0001' })).error).to.equal(messages.ACTIVATION_TOO_MANY_CODES);
    expect(await rowCounts()).to.deep.equal({ activations: 0, attempts: MAX_WRONG_CODES_PER_HOUR, activatedKits: 0 });
  });

  it('counts wrong codes sent in parallel atomically: never more than the limit get through', async () => {
    const db = await testDb();
    const user = await createUser(db);
    const agent = await signIn(app, user.email, TEST_PASSWORD);
    // One token for all (as one page would send them): parallel token fetches race on the session.
    const token = await csrfToken(agent, '/help');
    const answers = (
      await Promise.all(
        Array.from({ length: MAX_WRONG_CODES_PER_HOUR + 5 }, (_, i) =>
          agent.post('/graphql').set('x-csrf-token', token).set('accept', 'application/json').send({ query: LOOK_UP, variables: { code: `EM-GUESS-${i}` } }),
        ),
      )
    ).map((response) => ({ response, error: errorOf(response) }));
    const unknown = answers.filter((answer) => answer.error === messages.ACTIVATION_CODE_UNKNOWN).length;
    const throttled = answers.filter((answer) => answer.error === messages.ACTIVATION_TOO_MANY_CODES).length;
    expect(answers.map((a) => a.error ?? a.response.status).filter((e) => e !== messages.ACTIVATION_CODE_UNKNOWN && e !== messages.ACTIVATION_TOO_MANY_CODES)).to.deep.equal([]);
    expect({ unknown, throttled }).to.deep.equal({ unknown: MAX_WRONG_CODES_PER_HOUR, throttled: 5 });
    expect(await pointsUsed(db, WRONG_CODES, user.id)).to.equal(MAX_WRONG_CODES_PER_HOUR);
  });

  it('refuses signed-out callers, read-only accounts and read-only impersonation, changing nothing', async () => {
    const anonymous = await request(app).post('/graphql').set('accept', 'application/json').send({ query: LOOK_UP, variables: { code: 'EM-DEMO-0001' } });
    expect(anonymous.status).to.be.oneOf([401, 403]);

    const db = await testDb();
    const readOnly = await createUser(db, { isReadOnly: true });
    const readOnlyAgent = await signIn(app, readOnly.email, TEST_PASSWORD);
    expect((await call(readOnlyAgent, LOOK_UP, { code: 'EM-DEMO-0001' })).error).to.equal(messages.NOT_AUTHORIZED);

    const subadmin = await signInAsDemo(app, 'subadmin');
    const token = await csrfToken(subadmin, '/cs/impersonate');
    await subadmin.post('/cs/impersonate').type('form').send({ email: DEMO_ACCOUNTS.newbie.email, _csrf: token }).expect(302);
    expect((await call(subadmin, LOOK_UP, { code: 'EM-DEMO-0001' })).error).to.equal(messages.READ_ONLY_IMPERSONATION);
    expect(await rowCounts()).to.deep.equal({ activations: 0, attempts: 0, activatedKits: 0 });
  });
});
