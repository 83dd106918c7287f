// Issue 18: a repeat view of a page nothing has changed since is answered from memory, and every
// change, made here or by another process, shows on the next view (another's once it is heard).
import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { testApp, csrfTokenIn, type Agent } from '../../support/app.js';
import { resetToDemoData, signInAsDemo, DEMO_ACCOUNTS } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { eventually, liveClock, queriesDuring, writeFromElsewhere } from '../../support/behind-the-app.js';
import { ownedPetNum } from '../results/population.js';
import type { Db } from '../../../server/db/index.js';
import { DatabaseSessionStore } from '../../../server/auth/session-store.js';

const cspNonce = (header: string) => /'nonce-([^']+)'/.exec(header)![1];

describe('pages kept between views (issue 18)', function () {
  this.timeout(60_000);
  let app: Express;
  let db: Db;
  let parent: Agent;
  let biscuit: number;

  before(async () => {
    await resetToDemoData();
    db = await testDb();
    app = await testApp();
    await liveClock(db);
    parent = await signInAsDemo(app, 'parent');
    biscuit = await ownedPetNum(DEMO_ACCOUNTS.parent.email, 'Biscuit');
  });

  const pages = () => ['/members', `/members/results/summary?i=${biscuit}`, `/members/results/health?i=${biscuit}`, `/members/results/breed-and-ancestry?i=${biscuit}`];

  it('answers a repeat view without a query, with a nonce of its own and the session’s CSRF token', async () => {
    for (const path of pages()) {
      const first = await parent.get(path).expect(200);
      let second!: request.Response;
      const queries = await queriesDuring(db, async () => {
        second = await parent.get(path).expect(200);
      });
      expect(queries, path).to.deep.equal([]);
      expect(cspNonce(second.headers['content-security-policy'])).to.not.equal(cspNonce(first.headers['content-security-policy']));
      for (const tag of second.text.match(/<script[^>]*>/g)!) expect(tag).to.include(`nonce="${cspNonce(second.headers['content-security-policy'])}"`);
      expect(csrfTokenIn(second.text)).to.equal(csrfTokenIn(first.text));
      expect(second.text.replace(/nonce="[^"]+"/g, '')).to.equal(first.text.replace(/nonce="[^"]+"/g, ''));
      expect(second.text).to.not.match(/\b[nt][0-9a-f]{32}\b/);
    }
  });

  it('answers a member’s repeat view before reading the session, but only for the cookie it was made for', async () => {
    const path = `/members/results/traits?i=${biscuit}`;
    await parent.get(path).expect(200);
    const sid = (await sessionCookieOf(parent))!;
    const reads = await sessionReadsDuring(() => request(app).get(path).set('cookie', `sid=${sid}`).expect(200));
    expect(reads).to.equal(0);
    const forged = sid.replace(/.(?=$)/, (last) => (last === 'A' ? 'B' : 'A'));
    await request(app).get(path).set('cookie', `sid=${forged}`).expect(302);
    const [, signature] = /^s%3A[^.]+(\..+)$/.exec(sid)!;
    await request(app).get(path).set('cookie', `sid=s%3Asomeone-else${signature}`).expect(302);
    const breeder = await signInAsDemo(app, 'breeder');
    await breeder.get(path).expect(404);
  });

  it('shows this process’s write on the very next view', async () => {
    await parent.get('/members').expect(200);
    await db('pets').where({ pet_num: biscuit }).update({ name: 'Biscotto' });
    try {
      expect((await parent.get('/members').expect(200)).text).to.include('Biscotto');
    } finally {
      await db('pets').where({ pet_num: biscuit }).update({ name: 'Biscuit' });
    }
    expect((await parent.get('/members').expect(200)).text).to.not.include('Biscotto');
  });

  it('shows another process’s write once its notification arrives', async () => {
    const summary = `/members/results/summary?i=${biscuit}`;
    await parent.get(summary).expect(200);
    await writeFromElsewhere(db, 'update pets set call_name = $1 where pet_num = $2', ['Biscotti from afar', biscuit]);
    try {
      await eventually(async () => (await parent.get(summary)).text.includes('Biscotti from afar'), 'the summary shows the new call name');
    } finally {
      await db('pets').where({ pet_num: biscuit }).update({ call_name: null });
    }
  });

  it('refuses a session signed out by another process', async () => {
    const other = await signInAsDemo(app, 'parent');
    await other.get('/members').expect(200);
    await writeFromElsewhere(db, 'delete from sessions where user_id = (select id from users where email = $1)', [DEMO_ACCOUNTS.parent.email]);
    await eventually(async () => (await other.get('/members')).status === 302, 'the signed-out session is refused');
    parent = await signInAsDemo(app, 'parent');
  });

  it('keeps each session’s pages apart', async () => {
    const [a, b] = [await signInAsDemo(app, 'parent'), await signInAsDemo(app, 'breeder')];
    const [pageA, pageB] = [(await a.get('/members').expect(200)).text, (await b.get('/members').expect(200)).text];
    expect(csrfTokenIn(pageA)).to.not.equal(csrfTokenIn(pageB));
    expect(pageA).to.include('Biscuit');
    expect(pageB).to.not.include('Biscuit');
    expect((await b.get('/members').expect(200)).text).to.not.include('Biscuit');
    await b.get(`/members/results/summary?i=${biscuit}`).expect(404);
    await request(app).get('/members').expect(302);
  });

  it('answers a signed-out visitor’s repeat view of a public dog without a query or a cookie, and still counts the visitor', async () => {
    await db('pets').where({ pet_num: biscuit }).update({ privacy: 'public' });
    const { handle } = await db('pets').where({ pet_num: biscuit }).first('handle');
    const count = async () => (await request(app).get(`/api/public-profile-view-count/${handle}`).expect(200)).body.publicProfileViewCount as number;
    const start = await count();
    await request(app).get(`/dog/${handle}`).set('user-agent', 'Kept A').expect(200);
    let second!: request.Response;
    const queries = await queriesDuring(db, async () => {
      second = await request(app).get(`/dog/${handle}`).set('user-agent', 'Kept B').expect(200);
    });
    expect(queries).to.deep.equal([]);
    expect(second.headers['set-cookie'] ?? []).to.deep.equal([]);
    expect(second.headers['cache-control']).to.equal('public, no-cache');
    await request(app).get(`/dog/${handle}`).set('user-agent', 'Kept B').expect(200);
    expect(await count()).to.equal(start + 2);
  });

  it('answers a member’s repeat view of a public dog from the session’s own copy, counting the view, and shows a wag at once', async () => {
    await db('pets').where({ pet_num: biscuit }).update({ privacy: 'public' });
    const { handle } = await db('pets').where({ pet_num: biscuit }).first('handle');
    const count = async () => (await request(app).get(`/api/public-profile-view-count/${handle}`).expect(200)).body.publicProfileViewCount as number;
    const breeder = await signInAsDemo(app, 'breeder');
    const vet = await signInAsDemo(app, 'vet');
    const start = await count();
    const first = await breeder.get(`/dog/${handle}`).expect(200);
    let second!: request.Response;
    const queries = await queriesDuring(db, async () => {
      second = await breeder.get(`/dog/${handle}`).expect(200);
    });
    expect(queries).to.deep.equal([]);
    expect(second.headers['cache-control']).to.equal('private, no-cache');
    expect(second.text.replace(/nonce="[^"]+"/g, '')).to.equal(first.text.replace(/nonce="[^"]+"/g, ''));
    // another member's view is their own page, and the owner's views are not counted
    const byVet = await vet.get(`/dog/${handle}`).expect(200);
    expect(csrfTokenIn(byVet.text)).to.not.equal(csrfTokenIn(second.text));
    await parent.get(`/dog/${handle}`).expect(200);
    await parent.get(`/dog/${handle}`).expect(200);
    expect(await count()).to.be.at.least(start + 1);
    // a write shows on the next view
    await db('pets').where({ pet_num: biscuit }).update({ name: 'Biscuit Renamed' });
    expect((await breeder.get(`/dog/${handle}`).expect(200)).text).to.include('Biscuit Renamed');
    await db('pets').where({ pet_num: biscuit }).update({ name: 'Biscuit' });
  });
});

async function sessionCookieOf(agent: Agent): Promise<string | undefined> {
  const jar = (agent as unknown as { jar: { getCookie(name: string, access: unknown): { value: string } | undefined } }).jar;
  return jar.getCookie('sid', { domain: '127.0.0.1', path: '/', secure: false, script: false })?.value;
}

async function sessionReadsDuring(run: () => Promise<unknown>): Promise<number> {
  const get = DatabaseSessionStore.prototype.get;
  let reads = 0;
  DatabaseSessionStore.prototype.get = function (this: DatabaseSessionStore, ...args: Parameters<typeof get>) {
    reads++;
    return get.apply(this, args);
  };
  try {
    await run();
  } finally {
    DatabaseSessionStore.prototype.get = get;
  }
  return reads;
}
