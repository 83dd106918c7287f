import { expect } from 'chai';
import type { Express } from 'express';
import request from 'supertest';
import { testDb } from '../../support/database.js';
import { DEMO_ACCOUNTS, signInAsDemo } from '../../support/demo.js';
import { csrfTokenIn } from '../../support/app.js';
import { DEMO_PASSWORD } from '../../../server/demo/accounts.js';
import { statementsDuring } from '../../support/statements.js';
import { demoPopulation, ownedPetNum } from '../results/population.js';

// Issue 32: each page reads the request's context (session, accounts, header counts, the dog and
// the viewer's access to it) in one statement and its data in one more, with nothing kept between
// views: the count is the same on a first view, a repeat view and a view after a write.
const BUDGET = 3;
const RESULTS_PAGES = ['profile', 'summary', 'research-surveys', 'breed-and-ancestry', 'health', 'health/breed-relevant', 'health/other', 'relatives', 'traits', 'care'];

describe('statements per page view', function () {
  this.timeout(120_000);
  let app: Express;
  let biscuit: number;
  let handle: string;

  before(async () => {
    app = await demoPopulation();
    biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
    const db = await testDb();
    await db('pets').where({ pet_num: biscuit }).update({ should_show_care_resources: true });
    handle = (await db('pets').where({ pet_num: biscuit }).first('handle')).handle;
  });

  it(`sends at most ${BUDGET} statements for /members and each results page, before and after a write`, async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'parent');
    const counts: Record<string, number[]> = {};
    for (const round of ['first', 'repeat', 'after a write']) {
      if (round === 'after a write') await db('pets').where({ pet_num: biscuit }).update({ call_name: 'Bisc' });
      for (const page of ['/members', ...RESULTS_PAGES.map((name) => `/members/results/${name}?i=${biscuit}`)]) {
        const sent = await statementsDuring(db, () => agent.get(page).expect(200));
        (counts[page] ??= []).push(sent.length);
      }
    }
    const over = Object.entries(counts).filter(([, seen]) => seen.some((count) => count > BUDGET));
    expect(over, JSON.stringify(counts, null, 1)).to.deep.equal([]);
  });

  it(`sends at most ${BUDGET} statements for the chat inbox of a member with conversations`, async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'parent');
    const token = csrfTokenIn((await agent.get('/members/messages').expect(200)).text);
    const others = await db('pets').whereNot({ privacy: 'private' }).whereNotIn('pet_num', db('pet_owners').join('users', 'users.id', 'pet_owners.user_id').where('users.email', DEMO_ACCOUNTS.parent.email).select('pet_owners.pet_num')).limit(3).pluck('handle');
    for (const handle of others) {
      await agent.post('/members/chat/send-message').set('x-csrf-token', token).set('accept', 'application/json').send({ conversationId: -1, startNewConversationTo: handle, body: 'Hello' }).expect(200);
    }
    await agent.get('/members/messages').expect(200); // the likeness of each pair is worked out once
    const sent = await statementsDuring(db, () => agent.get('/members/messages').expect(200));
    expect(sent.length, sent.join('\n')).to.be.at.most(BUDGET);
  });

  it(`sends at most ${BUDGET} statements for an anonymous public profile, before and after a write`, async () => {
    const db = await testDb();
    const first = await statementsDuring(db, () => request(app).get(`/dog/${handle}`).expect(200));
    await db('pets').where({ pet_num: biscuit }).update({ call_name: 'Biscy' });
    // the first view's count is written with the next view's read (view-recorder.ts)
    const again = await statementsDuring(db, () => request(app).get(`/dog/${handle}`).expect(200));
    expect(first.length, first.join('\n')).to.be.at.most(BUDGET);
    expect(again.length, again.join('\n')).to.be.at.most(BUDGET);
  });

  it('writes the session once when a member signs in', async () => {
    const db = await testDb();
    const agent = request.agent(app);
    const token = csrfTokenIn((await agent.get('/login').expect(200)).text);
    const sent = await statementsDuring(db, () => agent.post('/login').type('form').send({ email: DEMO_ACCOUNTS.parent.email, password: DEMO_PASSWORD, _csrf: token }).expect(302));
    const sessionWrites = sent.filter((sql) => /^\s*(with|insert|update|delete)\b/i.test(sql) && /\bsessions\b/.test(sql));
    expect(sessionWrites, sent.join('\n')).to.have.length(1);
    await agent.get('/members').expect(200);
  });
});
