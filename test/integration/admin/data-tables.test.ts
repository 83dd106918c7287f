// Admin data tables (issue 16 point 2; spec 1 §2, §5, §7, §8, §9): JSON at most 500 rows with the
// limit flag, ids versus text, LIKE wildcards escaped, bad input refused, admins only.
import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, signIn, testApp, type Agent } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createPet, createUser, TEST_PASSWORD } from '../../support/factories.js';
import type { Db } from '../../../server/db/index.js';
import { queueEmail } from '../../../server/outbox/queue.js';
import { NOT_AUTHORIZED, PLEASE_LOG_IN } from '../../../server/shared/messages.js';
import { ADMIN_LIMIT_HIT, ADMIN_NO_RESULTS, ADMIN_SEARCH_EMPTY, ADMIN_SEARCH_FIRST, ADMIN_SEARCH_TOO_LONG } from '../../../server/shared/admin-messages.js';

describe('admin data tables', () => {
  let db: Db;
  let app: Express;
  let admin: Agent;
  let ownerId: number;
  let biscuit: number;
  let swabId: number;

  before(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    const adminUser = await createUser(db, { isAdmin: true, name: 'Ada Admin', email: 'ada@example.test' });
    admin = await signIn(app, adminUser.email, TEST_PASSWORD);
    const owner = await createUser(db, { name: 'Olive Owner', email: 'olive.owner@example.test' });
    ownerId = owner.id;
    biscuit = await createPet(db, owner.id, { name: 'Biscuit' });
    await createPet(db, owner.id, { name: '100% Good' });
    await createPet(db, owner.id, { name: 'Under_score' });
    await createPet(db, owner.id, { name: 'Back\\slash' });
    await createPet(db, owner.id, { name: 'Plain Percent' });
    [{ id: swabId }] = await db('swabs')
      .insert({ swab_code: 'SWABFAILED0001', pet_num: biscuit, swab_state: 'failed', product_type: 'BreedAndAncestry', activated_at: db.fn.now() })
      .returning('id');
    const [{ id: newSwab }] = await db('swabs').insert({ swab_code: 'SWABRESWAB0001', product_type: 'BreedAndAncestry' }).returning('id');
    await db('reswabs').insert([
      { pet_num: biscuit, original_swab_id: swabId, reason: 'Not enough DNA', authorized_by_user_id: adminUser.id },
      { pet_num: biscuit, original_swab_id: swabId, new_swab_id: newSwab, status: 'ordered', ordered_at: db.fn.now(), reason: 'Contaminated', shipping_address: '1 Main St' },
    ]);
    // 505 dogs of one litter, more than the limit.
    const ids = await db.raw<{ rows: { pet_num: number }[] }>(
      "insert into pets (name, handle) select 'Litterdog ' || n, 'litterdog-' || n from generate_series(1, 505) n returning pet_num",
    );
    await db('pet_owners').insert(ids.rows.map((row) => ({ pet_num: row.pet_num, user_id: owner.id })));
  });

  const search = (table: string, searchParam: unknown, agent: Agent = admin) =>
    agent.get(`/admin/data-table/${table}`).query(searchParam === undefined ? {} : { searchParam }).set('accept', 'application/json');

  it('answers at most 500 rows and says when it hit the limit', async () => {
    const full = await search('pets_info', 'litterdog').expect(200);
    expect(full.body.rows).to.have.length(500);
    expect(full.body.limitHit).to.equal(true);
    const few = await search('pets_info', 'biscuit').expect(200);
    expect(few.body.rows.map((row: { name: string }) => row.name)).to.deep.equal(['Biscuit']);
    expect(few.body.limitHit).to.equal(false);
  });

  it('answers the same first 500 of a search over the limit, lowest pet numbers first, never a deleted dog', async () => {
    const litter = await db('pets').whereILike('name', 'Litterdog %').orderBy('pet_num').pluck('pet_num');
    // Rewritten rows move to the end of the table, where a scan without an order meets them last.
    await db('pets').whereIn('pet_num', litter.slice(0, 20)).update({ updated_at: db.fn.now() });
    await db('pets').where({ pet_num: litter[1] }).update({ deleted_at: db.fn.now() });
    try {
      const listed = async (where: (query: ReturnType<Db>) => unknown) => {
        const query = db('pets').whereNull('deleted_at').orderBy('pet_num').limit(500);
        where(query);
        return query.pluck('pet_num');
      };
      const expected: Record<string, number[]> = {
        litterdog: await listed((q) => q.whereILike('name', '%litterdog%')),
        'olive.owner': await listed((q) => q.whereIn('pet_num', db('pet_owners').where({ user_id: ownerId }).select('pet_num'))),
        '*': await listed(() => undefined),
      };
      for (const [searchParam, petNums] of Object.entries(expected)) {
        expect(petNums, searchParam).to.have.length(500).and.not.include(litter[1]);
        for (let run = 0; run < 2; run++) {
          const { body } = await search('pets_info', searchParam).expect(200);
          expect(body.rows.map((row: { petNum: number }) => row.petNum), searchParam).to.deep.equal(petNums);
          expect(body.limitHit, searchParam).to.equal(true);
        }
      }
    } finally {
      await db('pets').where({ pet_num: litter[1] }).update({ deleted_at: null });
    }
  });

  it('shows the limit-hit warning on the page without scripts', async () => {
    const page = await admin.get('/admin/data-table/pets_info?searchParam=litterdog').expect(200);
    expect(page.text).to.match(/data-admin-limit-hit>/).and.include(ADMIN_LIMIT_HIT);
    const few = await admin.get('/admin/data-table/pets_info?searchParam=Biscuit').expect(200);
    expect(few.text).to.match(/data-admin-limit-hit hidden>/);
    expect(few.text).to.include(`href="/members/results/profile?i=${biscuit}">Biscuit</a>`);
    expect(few.text).to.include(`href="/admin/data-table/users?searchParam=${ownerId}"`);
    expect(few.text).to.include('name="email" value="olive.owner@example.test"');
  });

  it('treats a number as an id and anything else as a case-insensitive substring', async () => {
    expect((await search('pets_info', String(biscuit))).body.rows.map((r: { petNum: number }) => r.petNum)).to.deep.equal([biscuit]);
    expect((await search('pets_info', ` ${swabId} `)).body.rows.map((r: { petNum: number }) => r.petNum)).to.include(biscuit);
    expect((await search('pets_info', 'SCUI')).body.rows.map((r: { name: string }) => r.name)).to.deep.equal(['Biscuit']);
    expect((await search('pets_info', 'bis*it')).body.rows.map((r: { name: string }) => r.name)).to.deep.equal(['Biscuit']);
    expect((await search('pets_info', 'swabfailed')).body.rows.map((r: { name: string }) => r.name)).to.deep.equal(['Biscuit']);
    expect((await search('pets_info', 'olive.owner')).body.rows).to.have.length(500);
    expect((await search('users', String(ownerId))).body.rows.map((r: { email: string }) => r.email)).to.deep.equal(['olive.owner@example.test']);
    expect((await search('users', 'OLIVE')).body.rows.map((r: { userId: number }) => r.userId)).to.deep.equal([ownerId]);
    expect((await search('users', '0')).body.rows).to.deep.equal([]);
    expect((await search('users', '99999999999')).body.rows).to.deep.equal([]);
    const users = (await search('users', 'example.test')).body.rows;
    expect(users.find((r: { email: string }) => r.email === 'ada@example.test').impersonateEmail).to.equal(null);
    expect(users.find((r: { email: string }) => r.email === 'olive.owner@example.test')).to.include({ impersonateEmail: 'olive.owner@example.test', petCount: 510 });
  });

  it('escapes %, _ and backslashes so they match themselves', async () => {
    const names = async (value: string) => (await search('pets_info', value).expect(200)).body.rows.map((r: { name: string }) => r.name);
    expect(await names('%')).to.deep.equal(['100% Good']);
    expect(await names('_')).to.deep.equal(['Under_score']);
    expect(await names('\\')).to.deep.equal(['Back\\slash']);
    expect(await names('k\\s')).to.deep.equal(['Back\\slash']);
    expect(await names('%%%')).to.deep.equal([]);
  });

  it('lists authorized and ordered reswabs apart', async () => {
    const authorized = (await search('authorized_reswabs', 'biscuit').expect(200)).body.rows;
    expect(authorized).to.have.length(1);
    expect(authorized[0]).to.include({ petName: 'Biscuit', reason: 'Not enough DNA', originalSwabCode: 'SWABFAILED0001', authorizedBy: 'Ada Admin' });
    const ordered = (await search('ordered_reswabs', 'SWABRESWAB').expect(200)).body.rows;
    expect(ordered).to.have.length(1);
    expect(ordered[0]).to.include({ status: 'ordered', newSwabCode: 'SWABRESWAB0001', shippingAddress: '1 Main St' });
    expect((await search('ordered_reswabs', String(biscuit))).body.rows).to.have.length(1);
    expect((await search('authorized_reswabs', 'olive.owner')).body.rows).to.have.length(1);
  });

  it('refuses empty, blank, overlong and non-text searches and unknown tables', async () => {
    expect((await search('users', '').expect(400)).body.error).to.equal(ADMIN_SEARCH_EMPTY);
    expect((await search('users', '   ').expect(400)).body.error).to.equal(ADMIN_SEARCH_EMPTY);
    expect((await search('users', undefined).expect(400)).body.error).to.equal(ADMIN_SEARCH_EMPTY);
    expect((await search('users', 'x'.repeat(10_000)).expect(400)).body.error).to.equal(ADMIN_SEARCH_TOO_LONG);
    await admin.get('/admin/data-table/users?searchParam=a&searchParam=b').set('accept', 'application/json').expect(400);
    await admin.get('/admin/data-table/users?searchParam[x]=a').set('accept', 'application/json').expect(400);
    await search('pets', 'biscuit').expect(404);
    await search('..%2Fusers', 'biscuit').expect(404);
    const blankPage = await admin.get('/admin/data-table/users?searchParam=%20').expect(400);
    expect(blankPage.text).to.include(ADMIN_SEARCH_EMPTY);
    await admin.get('/admin/data-table/users').expect(200);
  });

  it('refuses everyone but admins, and admins while impersonating', async () => {
    expect((await request(app).get('/admin/data-table/users?searchParam=olive').set('accept', 'application/json').expect(401)).body.error).to.equal(PLEASE_LOG_IN);
    await request(app).get('/admin/data-table/users').expect(302).expect('Location', '/');
    const member = await signIn(app, 'olive.owner@example.test', TEST_PASSWORD);
    expect((await search('users', 'olive', member).expect(403)).body.error).to.equal(NOT_AUTHORIZED);
    const subadminUser = await createUser(db, { canImpersonateAsSubAdmin: true, isStaff: true });
    const subadmin = await signIn(app, subadminUser.email, TEST_PASSWORD);
    await search('pets_info', 'biscuit', subadmin).expect(403);
    const token = await csrfToken(subadmin, '/cs/impersonate');
    await subadmin.post('/cs/impersonate').type('form').send({ email: 'olive.owner@example.test', _csrf: token }).expect(302);
    await search('pets_info', 'biscuit', subadmin).expect(403);
    await subadmin.get('/admin').expect(403);
  });

  it('shows live counts on the admin home', async () => {
    await queueEmail(db, { userId: null, to: 'dead@example.test', subject: 'Gave up', text: 'Hi' });
    await db('outbox').update({ status: 'dead', attempts: 8 });
    const page = await admin.get('/admin').expect(200);
    for (const table of ['pets_info', 'users', 'authorized_reswabs', 'ordered_reswabs']) expect(page.text).to.include(`href="/admin/data-table/${table}"`);
    for (const link of ['/admin/lab', '/admin/outbox', '/cs/impersonate', '/admin/serial-scanning']) expect(page.text).to.include(`href="${link}"`);
    expect(page.text).to.include('data-admin-count="authorizedReswabs">1<').and.include('data-admin-count="deadEmails">1 dead e-mail<');
  });

  it('says each count of the admin home in the singular for 1 and the plural otherwise', async () => {
    const counts = async () => {
      const text = (await admin.get('/admin').expect(200)).text;
      return Object.fromEntries([...text.matchAll(/data-admin-count="(\w+)">([^<]*)</g)].map(([, name, phrase]) => [name, phrase]));
    };
    await db('kits').insert({ box_key: 'EM-COUNT-0001', order_sku: 'EMBARK-BA', product_type: 'BreedAndAncestry' });
    await db('swabs').insert({ swab_code: 'SWABCOUNTS0001', product_type: 'BreedAndAncestry', swab_state: 'activated', activated_at: db.fn.now() });
    const [{ id: sample }] = await db('samples').insert({ swab_id: swabId, sample_state: 'lab_review', lab_review_reason: 'Sex differs' }).returning('id');
    await db('outbox').delete();
    await queueEmail(db, { userId: null, to: 'dead@example.test', subject: 'Gave up', text: 'Hi' });
    await db('outbox').update({ status: 'dead', attempts: 8 });
    expect(await counts()).to.include({ kitsInStock: '1 kit in stock', kitsAwaitingLab: '1 kit awaiting the lab', samplesInReview: '1 sample held for review', deadEmails: '1 dead e-mail' });
    await db('kits').insert({ box_key: 'EM-COUNT-0002', order_sku: 'EMBARK-BA', product_type: 'BreedAndAncestry' });
    await db('swabs').insert({ swab_code: 'SWABCOUNTS0002', product_type: 'BreedAndAncestry', swab_state: 'activated', activated_at: db.fn.now() });
    await db('samples').where({ id: sample }).delete();
    await db('outbox').delete();
    expect(await counts()).to.include({ kitsInStock: '2 kits in stock', kitsAwaitingLab: '2 kits awaiting the lab', samplesInReview: '0 samples held for review', deadEmails: '0 dead e-mails' });
    await db('swabs').whereIn('swab_code', ['SWABCOUNTS0001', 'SWABCOUNTS0002']).delete();
    await db('kits').whereIn('box_key', ['EM-COUNT-0001', 'EM-COUNT-0002']).delete();
  });

  it('says once, without scripts, that there is nothing yet or nothing found', async () => {
    const shown = (html: string) => html.replace(/<[^>]*\shidden[^>]*>[^<]*<\/p>/g, '');
    const before = shown((await admin.get('/admin/data-table/pets_info').expect(200)).text);
    expect(before.split(ADMIN_SEARCH_FIRST)).to.have.length(2);
    expect(before).to.not.include(ADMIN_NO_RESULTS);
    const none = shown((await admin.get('/admin/data-table/pets_info?searchParam=nosuchdogatall').expect(200)).text);
    expect(none.split(ADMIN_NO_RESULTS)).to.have.length(2);
    expect(none).to.not.include(ADMIN_SEARCH_FIRST);
    const found = shown((await admin.get('/admin/data-table/pets_info?searchParam=Biscuit').expect(200)).text);
    expect(found).to.not.include(ADMIN_NO_RESULTS).and.not.include(ADMIN_SEARCH_FIRST);
  });
});
