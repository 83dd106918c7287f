// Issue 32: what every signed-out visitor sees of a dog may be kept by a proxy or CDN, with a
// validator that answers 304 until something the page shows changes; a member's page may not.
import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { DEMO_ACCOUNTS, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { demoPopulation, ownedPetNum } from '../results/population.js';

describe('public profiles behind a proxy', function () {
  this.timeout(120_000);
  let app: Express;
  let biscuit: number;
  let handle: string;

  before(async () => {
    app = await demoPopulation();
    const db = await testDb();
    biscuit = await ownedPetNum(DEMO_ACCOUNTS.parent.email, 'Biscuit');
    await db('pets').where({ pet_num: biscuit }).update({ privacy: 'public' });
    handle = (await db('pets').where({ pet_num: biscuit }).first('handle')).handle;
  });

  it('lets a shared cache keep a signed-out visitor’s page for a minute, without a cookie, and revalidate it with its ETag', async () => {
    await request(app).get(`/dog/${handle}`).set('user-agent', 'Proxy').expect(200); // its view is counted: the next page shows it
    const first = await request(app).get(`/dog/${handle}`).set('user-agent', 'Proxy').expect(200);
    expect(first.headers['cache-control']).to.equal('public, max-age=60');
    expect(first.headers['set-cookie'] ?? []).to.deep.equal([]);
    const etag = first.headers.etag as string;
    expect(etag).to.match(/^W\/"[\w-]+"$/);

    const again = await request(app).get(`/dog/${handle}`).set('user-agent', 'Proxy').set('If-None-Match', etag).expect(304);
    expect(again.text ?? '').to.equal('');
    expect(again.headers['content-security-policy'], 'a 304 must not replace the kept page’s nonce').to.equal(undefined);
    expect(again.headers.etag).to.equal(etag);
  });

  it('answers the new page once something it shows changes', async () => {
    const db = await testDb();
    const before = await request(app).get(`/dog/${handle}`).set('user-agent', 'Proxy').expect(200);
    await db('pets').where({ pet_num: biscuit }).update({ name: 'Biscuit the Brave' });
    const after = await request(app).get(`/dog/${handle}`).set('user-agent', 'Proxy').set('If-None-Match', before.headers.etag).expect(200);
    expect(after.headers.etag).to.not.equal(before.headers.etag);
    expect(after.text).to.include('Biscuit the Brave');
  });

  it('keeps a member’s view of the page private and unvalidated', async () => {
    const vet = await signInAsDemo(app, 'vet');
    const page = await vet.get(`/dog/${handle}`).expect(200);
    expect(page.headers['cache-control']).to.equal('private, no-cache');
    expect(page.headers.etag).to.equal(undefined);
  });
});
