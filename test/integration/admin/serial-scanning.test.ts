// Serial scanning (issue 16 point 3; spec 2 §5, §7): the validation calls, the shipment's one
// transaction, the kit search, and who may scan.
import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, signIn, testApp, type Agent } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createPet, createUser, TEST_PASSWORD } from '../../support/factories.js';
import type { Db } from '../../../server/db/index.js';
import { NOT_AUTHORIZED, NO_SUCH_USER } from '../../../server/shared/messages.js';
import { findKitHistories } from '../../../server/admin/serial-scanning/history.js';
import { SCANNER_EMAIL_NEEDED } from '../../../server/admin/serial-scanning/routes.js';
import { resetToDemoData } from '../../support/demo.js';
import { DEMO_STOCK_AGE_BOX_KEYS, DEMO_STOCK_SWAB_CODES } from '../../../server/admin/demo-seed.js';
import {
  SCAN_BOX_KEY_NO_PREFIX, SCAN_BOX_KEY_PAIRED, SCAN_BOX_KEY_SHORT, SCAN_DUPLICATE, SCAN_KIT_SHIPPED, SCAN_KIT_VOID, SCAN_SWAB_CODE_SHORT,
  SCAN_SWAB_PAIRED, SCAN_SWAB_UNUSABLE, SCAN_TRACKING_NUMBER, SCAN_UNKNOWN_BOX_KEY, SCAN_UNKNOWN_SKU, SCAN_UNKNOWN_SWAB_CODE, SCAN_WRONG_PRODUCT,
} from '../../../server/shared/admin-messages.js';

const API = '/admin/api/shipping/serial-scanning';

describe('serial scanning', () => {
  let db: Db;
  let app: Express;
  let admin: Agent;
  let scanner: Agent;
  let scannerId: number;

  beforeEach(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    const adminUser = await createUser(db, { isAdmin: true });
    admin = await signIn(app, adminUser.email, TEST_PASSWORD);
    const scannerUser = await createUser(db, { canScanKits: true });
    scannerId = scannerUser.id;
    scanner = await signIn(app, scannerUser.email, TEST_PASSWORD);
    await db('kits').insert([
      ...[1, 2, 3, 4].map((n) => ({ box_key: `EM-TEST-000${n}`, order_sku: 'EMBARK-BA', product_type: 'BreedAndAncestry', purchase_source: 'shop' })),
      { box_key: 'EM-AGE-0001', order_sku: 'EMBARK-AGE', product_type: 'Age', purchase_source: 'shop' },
      { box_key: 'EM-SHIPPED-1', order_sku: 'EMBARK-BA', product_type: 'BreedAndAncestry', state: 'shipped', tracking_number: 'OLD-TRACK-1' },
      { box_key: 'EM-VOID-0001', order_sku: 'EMBARK-BA', product_type: 'BreedAndAncestry', state: 'void' },
      { box_key: 'EM-PAIRED-01', order_sku: 'EMBARK-BA', product_type: 'BreedAndAncestry' },
    ]);
    const paired = await db('kits').where({ box_key: 'EM-PAIRED-01' }).first('id');
    await db('swabs').insert([
      ...[1, 2, 3, 4, 5].map((n) => ({ swab_code: `TESTSWAB0000${n}`, product_type: 'BreedAndAncestry' })),
      { swab_code: 'PAIREDSWAB0001', product_type: 'BreedAndAncestry', kit_id: paired.id },
    ]);
    const owner = await createUser(db);
    const petNum = await createPet(db, owner.id);
    await db('swabs').insert({ swab_code: 'ACTIVESWAB0001', product_type: 'BreedAndAncestry', pet_num: petNum, swab_state: 'activated', activated_at: db.fn.now() });
  });

  const boxKey = (agent: Agent, query: Record<string, unknown>) => agent.get(`${API}/validate-boxkey`).query(query);
  const swabCode = (agent: Agent, query: Record<string, unknown>) => agent.get(`${API}/validate-swabcode`).query(query);
  async function submit(agent: Agent, body: unknown, status?: number) {
    const token = await csrfToken(agent, '/help');
    const test = agent.post(`${API}/submit`).set('x-csrf-token', token).set('accept', 'application/json').send(body as object);
    return status === undefined ? test : test.expect(status);
  }
  const box = (kits: { boxKey: string; swabCode?: string; methylationSwabCode?: string }[], trackingNumber = '1Z999AA10123456784', orderSku = 'EMBARK-BA') => ({ orderSku, trackingNumber, kits });

  it('validates box keys: {} for a kit in stock of the order, the error otherwise', async () => {
    expect((await boxKey(scanner, { boxKey: 'EM-TEST-0001', orderSku: 'EMBARK-BA' }).expect(200)).body).to.deep.equal({});
    expect((await boxKey(scanner, { boxKey: 'em-test-0001', orderSku: 'EMBARK-BA' }).expect(200)).body).to.deep.equal({ error: SCAN_BOX_KEY_NO_PREFIX });
    expect((await boxKey(scanner, { boxKey: 'EM-TEST0001', orderSku: 'EMBARK-BA' })).body).to.deep.equal({});
    const error = async (query: Record<string, unknown>) => (await boxKey(scanner, query).expect(200)).body.error;
    expect(await error({ boxKey: 'EM-', orderSku: 'EMBARK-BA' })).to.equal(SCAN_BOX_KEY_SHORT);
    expect(await error({ boxKey: '', orderSku: 'EMBARK-BA' })).to.equal(SCAN_BOX_KEY_SHORT);
    expect(await error({ orderSku: 'EMBARK-BA' })).to.equal(SCAN_BOX_KEY_SHORT);
    expect(await error({ boxKey: 'XX-TEST-0001', orderSku: 'EMBARK-BA' })).to.equal(SCAN_BOX_KEY_NO_PREFIX);
    expect(await error({ boxKey: 'EM-NOPE-0001', orderSku: 'EMBARK-BA' })).to.equal(SCAN_UNKNOWN_BOX_KEY);
    expect(await error({ boxKey: 'EM-SHIPPED-1', orderSku: 'EMBARK-BA' })).to.equal(SCAN_KIT_SHIPPED);
    expect(await error({ boxKey: 'EM-VOID-0001', orderSku: 'EMBARK-BA' })).to.equal(SCAN_KIT_VOID);
    expect(await error({ boxKey: 'EM-PAIRED-01', orderSku: 'EMBARK-BA' })).to.equal(SCAN_BOX_KEY_PAIRED);
    expect(await error({ boxKey: 'EM-AGE-0001', orderSku: 'EMBARK-BA' })).to.equal(SCAN_WRONG_PRODUCT);
    expect(await error({ boxKey: 'EM-TEST-0001', orderSku: 'NOPE' })).to.equal(SCAN_UNKNOWN_SKU);
    await boxKey(scanner, { boxKey: 'EM-' + 'x'.repeat(10_000), orderSku: 'EMBARK-BA' }).expect(400);
    await scanner.get(`${API}/validate-boxkey?boxKey=EM-TEST-0001&boxKey=EM-TEST-0002&orderSku=EMBARK-BA`).expect(400);
  });

  it('validates swab codes', async () => {
    expect((await swabCode(scanner, { swabCode: 'TESTSWAB00001' }).expect(200)).body).to.deep.equal({});
    expect((await swabCode(scanner, { swabCode: 'testswab-00001' })).body).to.deep.equal({});
    const error = async (code: string | undefined) => (await swabCode(scanner, code === undefined ? {} : { swabCode: code }).expect(200)).body.error;
    expect(await error('SHORT')).to.equal(SCAN_SWAB_CODE_SHORT);
    expect(await error(undefined)).to.equal(SCAN_SWAB_CODE_SHORT);
    expect(await error('NOSUCHSWAB0001')).to.equal(SCAN_UNKNOWN_SWAB_CODE);
    expect(await error('PAIREDSWAB0001')).to.equal(SCAN_SWAB_PAIRED);
    expect(await error('ACTIVESWAB0001')).to.equal(SCAN_SWAB_UNUSABLE);
    await swabCode(scanner, { swabCode: 'x'.repeat(10_000) }).expect(400);
  });

  it('pairs the codes and ships the box in one transaction', async () => {
    const response = await submit(scanner, box([
      { boxKey: 'EM-TEST-0001', swabCode: 'TESTSWAB00001' },
      { boxKey: 'EM-TEST-0002', swabCode: 'TESTSWAB00002' },
      { boxKey: 'EM-TEST-0003', swabCode: 'TESTSWAB00003' },
    ]), 200);
    expect(response.body).to.include({ kits: 3, trackingNumber: '1Z999AA10123456784' });
    const kits = await db('kits').whereIn('box_key', ['EM-TEST-0001', 'EM-TEST-0002', 'EM-TEST-0003']).orderBy('box_key');
    for (const kit of kits) {
      expect(kit).to.include({ state: 'shipped', tracking_number: '1Z999AA10123456784', scanned_by_user_id: scannerId, shipment_id: response.body.shipmentId });
      expect(kit.shipped_at).to.be.instanceOf(Date);
      expect(kit.paired_at).to.be.instanceOf(Date);
    }
    const swabs = await db('swabs').whereIn('swab_code', ['TESTSWAB00001', 'TESTSWAB00002', 'TESTSWAB00003']).orderBy('swab_code').pluck('kit_id');
    expect(swabs).to.deep.equal(kits.map((kit) => kit.id));
    expect(await db('kit_shipments').where({ id: response.body.shipmentId }).first('tracking_number', 'order_sku', 'scanned_by_user_id')).to.deep.equal({ tracking_number: '1Z999AA10123456784', order_sku: 'EMBARK-BA', scanned_by_user_id: scannerId });
    expect((await boxKey(scanner, { boxKey: 'EM-TEST-0001', orderSku: 'EMBARK-BA' })).body.error).to.equal(SCAN_KIT_SHIPPED);
  });

  it('creates the methylation swab of an age kit', async () => {
    await submit(admin, box([{ boxKey: 'EM-AGE-0001', swabCode: 'TESTSWAB00004', methylationSwabCode: 'METHYLATION001' }], 'TRACK-AGE', 'EMBARK-AGE'), 200);
    const kit = await db('kits').where({ box_key: 'EM-AGE-0001' }).first('id', 'state');
    expect(kit.state).to.equal('shipped');
    expect(await db('swabs').where({ kit_id: kit.id }).orderBy('is_methylation').select('swab_code', 'is_methylation', 'product_type')).to.deep.equal([
      { swab_code: 'TESTSWAB00004', is_methylation: false, product_type: 'Age' },
      { swab_code: 'METHYLATION001', is_methylation: true, product_type: 'Age' },
    ]);
  });

  it('pairs a loose swab of the stock as the methylation swab of an age kit', async () => {
    const response = await submit(scanner, box([{ boxKey: 'EM-AGE-0001', swabCode: 'TESTSWAB00004', methylationSwabCode: 'testswab-00005' }], 'AGE-TRACK-1', 'EMBARK-AGE'), 200);
    expect(response.body).to.include({ kits: 1, trackingNumber: 'AGE-TRACK-1' });
    const kit = await db('kits').where({ box_key: 'EM-AGE-0001' }).first('id', 'state');
    expect(kit.state).to.equal('shipped');
    expect(await db('swabs').where({ kit_id: kit.id }).orderBy('is_methylation').select('swab_code', 'is_methylation', 'product_type', 'purchase_source')).to.deep.equal([
      { swab_code: 'TESTSWAB00004', is_methylation: false, product_type: 'Age', purchase_source: 'shop' },
      { swab_code: 'TESTSWAB00005', is_methylation: true, product_type: 'Age', purchase_source: 'shop' },
    ]);
    // paired now, so a second kit cannot have it
    await db('kits').insert({ box_key: 'EM-AGE-0002', order_sku: 'EMBARK-AGE', product_type: 'Age' });
    const again = await submit(scanner, box([{ boxKey: 'EM-AGE-0002', swabCode: 'TESTSWAB00001', methylationSwabCode: 'TESTSWAB00005' }], 'AGE-TRACK-2', 'EMBARK-AGE'), 422);
    expect(again.body).to.deep.equal({ error: SCAN_SWAB_PAIRED, row: 0, field: 'methylationSwabCode' });
  });

  it('refuses the whole box when one kit is wrong, changing nothing', async () => {
    const snapshot = async () => ({ kits: await db('kits').orderBy('id').select('state', 'tracking_number'), swabs: await db('swabs').orderBy('id').pluck('kit_id'), shipments: await db('kit_shipments').count('* as n') });
    const before = await snapshot();
    const refused = async (body: unknown, error: string, row: number | null = null) => {
      const response = await submit(scanner, body, 422);
      expect(response.body.error).to.equal(error);
      if (row !== null) expect(response.body.row).to.equal(row);
    };
    await refused(box([{ boxKey: 'EM-TEST-0001', swabCode: 'TESTSWAB00001' }, { boxKey: 'EM-SHIPPED-1', swabCode: 'TESTSWAB00002' }]), SCAN_KIT_SHIPPED, 1);
    await refused(box([{ boxKey: 'EM-TEST-0001', swabCode: 'TESTSWAB00001' }, { boxKey: 'EM-TEST-0002', swabCode: 'PAIREDSWAB0001' }]), SCAN_SWAB_PAIRED, 1);
    await refused(box([{ boxKey: 'EM-TEST-0001', swabCode: 'TESTSWAB00001' }, { boxKey: 'EM-TEST-0002', swabCode: 'TESTSWAB00001' }]), SCAN_DUPLICATE, 1);
    await refused(box([{ boxKey: 'EM-TEST-0001', swabCode: 'TESTSWAB00001' }, { boxKey: 'em-test-0001', swabCode: 'TESTSWAB00002' }]), SCAN_BOX_KEY_NO_PREFIX, 1);
    await refused(box([{ boxKey: 'EM-TEST-0001', swabCode: 'TESTSWAB00001' }, { boxKey: 'EM-TEST0001', swabCode: 'TESTSWAB00002' }]), SCAN_DUPLICATE, 1);
    await refused(box([{ boxKey: 'EM-AGE-0001', swabCode: 'TESTSWAB00001' }]), SCAN_WRONG_PRODUCT, 0);
    await refused(box([{ boxKey: 'EM-TEST-0001' }]), SCAN_SWAB_CODE_SHORT, 0);
    await refused(box([{ boxKey: 'EM-TEST-0001', swabCode: 'TESTSWAB00001' }], 'abc'), SCAN_TRACKING_NUMBER);
    await refused(box([{ boxKey: 'EM-TEST-0001', swabCode: 'TESTSWAB00001' }], 'TRACK-1', 'NOPE'), SCAN_UNKNOWN_SKU);
    await refused(box([{ boxKey: 'EM-AGE-0001', swabCode: 'TESTSWAB00001', methylationSwabCode: 'PAIREDSWAB0001' }], 'TRACK-1', 'EMBARK-AGE'), SCAN_SWAB_PAIRED, 0);
    await refused(box([{ boxKey: 'EM-AGE-0001', swabCode: 'TESTSWAB00001', methylationSwabCode: 'ACTIVESWAB0001' }], 'TRACK-1', 'EMBARK-AGE'), SCAN_SWAB_UNUSABLE, 0);
    await refused(box([{ boxKey: 'EM-AGE-0001', swabCode: 'TESTSWAB00001', methylationSwabCode: 'testswab-00001' }], 'TRACK-1', 'EMBARK-AGE'), SCAN_DUPLICATE, 0);
    await submit(scanner, box([]), 400);
    await submit(scanner, { orderSku: 'EMBARK-BA', trackingNumber: 'TRACK-1', kits: 'EM-TEST-0001' }, 400);
    await submit(scanner, box([{ boxKey: 'EM-TEST-0001', swabCode: 'x'.repeat(10_000) }]), 400);
    expect(await snapshot()).to.deep.equal(before);
  });

  it('lets two scanners race for one kit: one ships it, the other is refused', async () => {
    const [first, second] = await Promise.all([
      submit(scanner, box([{ boxKey: 'EM-TEST-0001', swabCode: 'TESTSWAB00001' }], 'TRACK-A')),
      submit(admin, box([{ boxKey: 'EM-TEST-0001', swabCode: 'TESTSWAB00002' }], 'TRACK-B')),
    ]);
    expect([first.status, second.status].sort()).to.deep.equal([200, 422]);
    expect(await db('swabs').whereNotNull('kit_id').whereIn('swab_code', ['TESTSWAB00001', 'TESTSWAB00002']).count('* as n').first()).to.deep.equal({ n: 1 });
  });

  it('finds a kit by any code or its tracking number and shows its history', async () => {
    await submit(scanner, box([{ boxKey: 'EM-TEST-0001', swabCode: 'TESTSWAB00001' }, { boxKey: 'EM-TEST-0002', swabCode: 'TESTSWAB00002' }], 'TRACK-HISTORY'), 200);
    const byBoxKey = await scanner.get('/admin/serial-scanning/search?code=em-test-0001').expect(200);
    expect(byBoxKey.text).to.include('data-kit="EM-TEST-0001"').and.not.include('data-kit="EM-TEST-0002"');
    for (const event of ['created', 'paired', 'shipped']) expect(byBoxKey.text).to.include(`data-kit-event="${event}"`);
    expect(byBoxKey.text).to.include('TESTSWAB00001');
    expect(byBoxKey.text).to.include('<dd data-kit-state="shipped">Shipped</dd>');
    const inStock = await scanner.get('/admin/serial-scanning/search?code=EM-TEST-0003').expect(200);
    expect(inStock.text).to.include('<dd data-kit-state="in_stock">In stock</dd>').and.not.include('>in_stock<');
    expect((await scanner.get('/admin/serial-scanning/search?code=TESTSWAB00002').expect(200)).text).to.include('data-kit="EM-TEST-0002"');
    const byTracking = await scanner.get('/admin/serial-scanning/search?code=track-history').expect(200);
    expect(byTracking.text).to.include('data-kit="EM-TEST-0001"').and.include('data-kit="EM-TEST-0002"');
    expect((await scanner.get('/admin/serial-scanning/search?code=NOTHING').expect(200)).text).to.include('data-kit-none');
    await scanner.get(`/admin/serial-scanning/search?code=${'x'.repeat(10_000)}`).expect(400);
    await scanner.get('/admin/serial-scanning/search?code=a&code=b').expect(400);
  });

  it('lets admins and staff with canScanKits scan, nobody else, and never through impersonation', async () => {
    await scanner.get('/admin/serial-scanning').expect(200);
    expect((await scanner.get('/members').expect(200)).text).to.include('href="/admin/serial-scanning">Scan kits</a>');
    await admin.get('/admin/serial-scanning').expect(200);
    expect((await admin.get('/members').expect(200)).text).to.not.include('Scan kits');
    await request(app).get('/admin/serial-scanning').expect(302).expect('Location', '/');
    await request(app).get(`${API}/validate-swabcode?swabCode=TESTSWAB00001`).set('accept', 'application/json').expect(401);
    const member = await signIn(app, (await createUser(db)).email, TEST_PASSWORD);
    expect((await swabCode(member, { swabCode: 'TESTSWAB00001' }).expect(403)).body.error).to.equal(NOT_AUTHORIZED);
    await member.get('/admin/serial-scanning/search?code=EM-TEST-0001').expect(403);
    await submit(member, box([{ boxKey: 'EM-TEST-0001', swabCode: 'TESTSWAB00001' }]), 403);
    const staffOnly = await signIn(app, (await createUser(db, { isStaff: true })).email, TEST_PASSWORD);
    await staffOnly.get('/admin/serial-scanning').expect(403);
    const subadminUser = await createUser(db, { canImpersonateAsSubAdmin: true, canScanKits: true });
    const subadmin = await signIn(app, subadminUser.email, TEST_PASSWORD);
    const target = await createUser(db, { canScanKits: true });
    const token = await csrfToken(subadmin, '/cs/impersonate');
    await subadmin.post('/cs/impersonate').type('form').send({ email: target.email, _csrf: token }).expect(302);
    await subadmin.get('/admin/serial-scanning').expect(403);
    await submit(subadmin, box([{ boxKey: 'EM-TEST-0001', swabCode: 'TESTSWAB00001' }]), 403);
    expect(await db('kits').where({ box_key: 'EM-TEST-0001' }).first('state')).to.deep.equal({ state: 'in_stock' });
  });

  it('lets admins grant and revoke canScanKits, and only admins', async () => {
    const staffUser = await createUser(db, { email: 'new.scanner@example.test' });
    const staff = await signIn(app, staffUser.email, TEST_PASSWORD);
    await staff.get('/admin/serial-scanning').expect(403);
    const grant = async (agent: Agent, email: string) => agent.post('/admin/serial-scanning/scanners').type('form').send({ email, _csrf: await csrfToken(agent, '/help') });
    expect((await grant(scanner, 'new.scanner@example.test')).status).to.equal(403);
    const unknown = await grant(admin, 'nobody@example.test');
    expect(unknown.status).to.equal(404);
    // the scanning page again, the reason beside the field that holds what was typed
    expect(unknown.text).to.include('<h1>Serial scanning</h1>').and.not.include('<h1>Not found</h1>');
    expect(unknown.text).to.match(new RegExp(`<p id="scanner-email-error" class="form-error" role="alert" data-scanner-error>${NO_SUCH_USER}</p>\\s*<input id="scanner-email" name="email" type="email" required value="nobody@example.test" aria-invalid="true" aria-describedby="scanner-email-error"`));
    expect(unknown.text.split(NO_SUCH_USER)).to.have.length(2);
    const blank = await grant(admin, ' ');
    expect(blank.status).to.equal(400);
    expect(blank.text).to.include(`data-scanner-error>${SCANNER_EMAIL_NEEDED}<`);
    expect((await grant(admin, 'New.Scanner@example.test')).headers.location).to.equal('/admin/serial-scanning?notice=granted');
    await staff.get('/admin/serial-scanning').expect(200);
    const page = await admin.get('/admin/serial-scanning').expect(200);
    expect(page.text).to.include(`data-kit-scanner="${staffUser.id}"`);
    const revoke = async (agent: Agent, id: number | string) => agent.post(`/admin/serial-scanning/scanners/${id}/revoke`).type('form').send({ _csrf: await csrfToken(agent, '/help') });
    expect((await revoke(scanner, staffUser.id)).status).to.equal(403);
    expect((await revoke(admin, 'abc')).status).to.equal(404);
    expect((await revoke(admin, staffUser.id)).status).to.equal(303);
    await staff.get('/admin/serial-scanning').expect(403);
  });
});

describe('serial scanning on the demo data', () => {
  let db: Db;

  before(async () => {
    await resetToDemoData();
    db = await testDb();
  });

  it('tells the history of the demo kits in order: created, paired, shipped', async () => {
    const kits = await findKitHistories(db, '1Z999AA10123456784');
    expect(kits.map((kit) => kit.boxKey)).to.deep.equal(['EM-DEMO-0001', 'EM-DEMO-0002', 'EM-DEMO-0003', 'EM-DEMO-0004', 'EM-DEMO-0005']);
    for (const kit of kits) {
      expect(kit.events.map((event) => event.event), kit.boxKey).to.deep.equal(['created', 'paired', 'shipped']);
      const times = kit.events.map((event) => event.at.getTime());
      expect(new Set(times).size, kit.boxKey).to.equal(times.length);
    }
  });

  it('ships an age kit of the stock with two loose swabs of the stock', async () => {
    const app = await testApp();
    const scanner = await signIn(app, 'scanner@demo.test', 'demo1234');
    const token = await csrfToken(scanner, '/help');
    const kit = { boxKey: DEMO_STOCK_AGE_BOX_KEYS[0], swabCode: DEMO_STOCK_SWAB_CODES[3], methylationSwabCode: DEMO_STOCK_SWAB_CODES[4] };
    const response = await scanner.post(`${API}/submit`).set('x-csrf-token', token).set('accept', 'application/json').send({ orderSku: 'EMBARK-AGE', trackingNumber: 'AGE-TRACK-1', kits: [kit] });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    const [history] = await findKitHistories(db, 'AGE-TRACK-1');
    expect(history.swabCodes).to.have.members([DEMO_STOCK_SWAB_CODES[3], DEMO_STOCK_SWAB_CODES[4]]);
    expect(history.events.map((event) => event.event)).to.deep.equal(['created', 'paired', 'shipped']);
  });
});
