// Admin tools in Chromium (issue 16): an admin searches a data table, changes the page length and
// exports CSV; a scanner ships a box of three kits with the keyboard alone.
import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import type { Browser, Page, Route } from 'playwright-core';
import { testApp } from '../support/app.js';
import { sharedChromium, closeContexts, newContext, serve, signInThroughRequest } from '../support/browser.js';
import { resetToDemoData, DEMO_ACCOUNTS } from '../support/demo.js';
import { testDb } from '../support/database.js';
import { DEMO_PASSWORD } from '../../server/demo/accounts.js';
import { DEMO_SCANNER, DEMO_STOCK_AGE_BOX_KEYS, DEMO_STOCK_BOX_KEYS, DEMO_STOCK_SWAB_CODES } from '../../server/admin/demo-seed.js';
import { ADMIN_NO_RESULTS, ADMIN_SEARCH_FIRST, SCAN_DUPLICATE, SCAN_SWAB_PAIRED, SCAN_VALID, SCAN_VALIDATING } from '../../server/shared/admin-messages.js';
import { createUser } from '../support/factories.js';

describe('admin tools in the browser', function () {
  this.timeout(120_000);
  let browser: Browser;
  let site: Awaited<ReturnType<typeof serve>>;

  before(async () => {
    await resetToDemoData();
    const db = await testDb();
    const parent = await db('users').where({ email: DEMO_ACCOUNTS.parent.email }).first('id');
    const pets = await db.raw<{ rows: { pet_num: number }[] }>("insert into pets (name, handle) select 'Tablepup ' || n, 'tablepup-' || n from generate_series(1, 30) n returning pet_num");
    // a name that a spreadsheet would run as a formula
    await db('pets').where({ handle: 'tablepup-30' }).update({ name: '=Tablepup 30' });
    await db('pet_owners').insert(pets.rows.map((row) => ({ pet_num: row.pet_num, user_id: parent.id })));
    site = await serve(await testApp());
    browser = await sharedChromium();
  });

  after(async () => {
    await closeContexts(browser);
    await site?.close();
  });

  async function signedInPage(email: string, viewport?: { width: number; height: number }): Promise<Page> {
    const page = await (await newContext(browser, viewport)).newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInThroughRequest(page.context(), site.origin, email, DEMO_PASSWORD);
    return page;
  }

  const visibleRows = (page: Page) => page.locator('table[data-admin-rows] tbody tr').count();

  it('searches pets on Enter, changes the page length and exports the rows as CSV', async () => {
    const page = await signedInPage(DEMO_ACCOUNTS.admin.email);
    await page.goto(`${site.origin}/admin/data-table/pets_info`);
    await page.waitForSelector('[data-admin-ready]');
    await page.fill('#admin-search-input', '   ');
    await page.press('#admin-search-input', 'Enter');
    expect(await page.locator('[data-admin-problem]').innerText()).to.equal('Type something to search for, then press Enter.');

    await page.fill('#admin-search-input', 'tablepup');
    await page.press('#admin-search-input', 'Enter');
    await page.waitForSelector('[data-admin-row-count="30"]');
    expect(page.url()).to.match(/\?searchParam=tablepup$/);
    expect(await visibleRows(page)).to.equal(10);
    expect(await page.locator('[data-admin-limit-hit]').isHidden()).to.equal(true);
    const options = await page.locator('.dt-length select option').allInnerTexts();
    expect(options).to.deep.equal(['10', '25', '50', '100', 'All']);
    await page.selectOption('.dt-length select', { label: '25' });
    expect(await visibleRows(page)).to.equal(25);
    await page.selectOption('.dt-length select', { label: 'All' });
    expect(await visibleRows(page)).to.equal(30);
    expect(await page.locator('.dt-buttons button').allInnerTexts()).to.deep.equal(['Excel', 'CSV', 'Print']);
    const first = page.locator('table[data-admin-rows] tbody tr').first();
    expect(await first.locator('a').first().getAttribute('href')).to.match(/^\/members\/results\/profile\?i=\d+$/);
    expect(await first.locator('button:text-is("Impersonate")').count()).to.equal(1);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('.dt-buttons .buttons-csv')]);
    expect(download.suggestedFilename()).to.equal('Pets - Embark.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split('\n');
    expect(lines).to.have.length(31);
    expect(lines[0]).to.include('"Name"').and.not.include('Impersonate');
    const names = lines.slice(1).map((line) => line.split('","')[1]).sort();
    expect(names).to.deep.equal([...Array.from({ length: 29 }, (_, i) => `Tablepup ${i + 1}`), "'=Tablepup 30"].sort());

    // Excel loads JSZip when asked, then downloads a workbook (a zip) holding the same rows
    const [workbook] = await Promise.all([page.waitForEvent('download'), page.click('.dt-buttons .buttons-excel')]);
    expect(workbook.suggestedFilename()).to.equal('Pets - Embark.xlsx');
    const xlsx = await readFile((await workbook.path())!);
    expect(xlsx.subarray(0, 2).toString('latin1')).to.equal('PK');
    const { default: JSZip } = await import('jszip');
    const sheet = await (await JSZip.loadAsync(xlsx)).file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheet).to.include('Tablepup 30').and.not.include('Impersonate');
    await page.context().close();
  });

  it('turns a breeder’s matchmaker on from the users table, and the breeder finds it in the footer', async () => {
    const db = await testDb();
    const email = DEMO_ACCOUNTS.parent.email;
    await db('users').where({ email }).update({ is_breeder: true, show_match_maker: false });
    const page = await signedInPage(DEMO_ACCOUNTS.admin.email);
    await page.goto(`${site.origin}/admin/data-table/users`);
    await page.waitForSelector('[data-admin-ready]');
    await page.fill('#admin-search-input', email);
    await page.press('#admin-search-input', 'Enter');
    await page.waitForSelector('[data-admin-row-count="1"]');
    const row = page.locator('table[data-admin-rows] tbody tr').first();
    expect(await row.locator('.admin-matchmaker span').innerText()).to.equal('Off');
    const { id: userId } = await db('users').where({ email }).first('id');
    // back on the admin's own search, the toggled account's button focused
    await Promise.all([
      page.waitForURL(`${site.origin}/admin/data-table/users?searchParam=${encodeURIComponent(email)}#matchmaker-${userId}`),
      row.getByRole('button', { name: `Turn on the matchmaker of ${email}` }).click(),
    ]);
    await page.waitForSelector('[data-admin-ready][data-admin-row-count="1"]');
    expect(await page.inputValue('#admin-search-input')).to.equal(email);
    expect(await page.locator('table[data-admin-rows] tbody tr .admin-matchmaker span').first().innerText()).to.equal('On');
    expect(await page.getByRole('button', { name: `Turn off the matchmaker of ${email}` }).count()).to.equal(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).to.equal(`Turn off the matchmaker of ${email}`);
    await page.context().close();

    const breeder = await signedInPage(email);
    await breeder.goto(`${site.origin}/members`);
    await breeder.locator('footer a:text-is("Matchmaker")').first().click();
    await breeder.waitForURL(/\/members\/breeder-tools\/matchmaker/);
    await breeder.context().close();
    await db('users').where({ email }).update({ is_breeder: false, show_match_maker: false });
  });

  it('comes back to the page of the table that holds the toggled account, its button focused', async () => {
    const db = await testDb();
    const accounts = [];
    for (let n = 1; n <= 12; n++) accounts.push(await createUser(db, { email: `pager-${String(n).padStart(2, '0')}@example.test` }));
    const last = accounts[accounts.length - 1];
    const page = await signedInPage(DEMO_ACCOUNTS.admin.email);
    await page.goto(`${site.origin}/admin/data-table/users?searchParam=pager-`);
    await page.waitForSelector('[data-admin-ready][data-admin-row-count="12"]');
    await page.click('.dt-paging-button:text-is("2")');
    await Promise.all([
      page.waitForURL(`${site.origin}/admin/data-table/users?searchParam=pager-#matchmaker-${last.id}`),
      page.getByRole('button', { name: `Turn on the matchmaker of ${last.email}` }).click(),
    ]);
    await page.waitForSelector('[data-admin-ready]');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).to.equal(`Turn off the matchmaker of ${last.email}`);
    expect(await visibleRows(page)).to.equal(2);
    await page.context().close();
    await db('users').whereIn('id', accounts.map((account) => account.id)).delete();
  });

  it('says once that a table waits for a search, or that a search found nothing', async () => {
    const page = await signedInPage(DEMO_ACCOUNTS.admin.email);
    const said = (text: string) => page.locator('[data-admin-table]').evaluate((element, wanted) => (element as HTMLElement).innerText.split(wanted).length - 1, text);
    await page.goto(`${site.origin}/admin/data-table/pets_info`);
    await page.waitForSelector('[data-admin-ready]');
    expect([await said(ADMIN_SEARCH_FIRST), await said(ADMIN_NO_RESULTS)]).to.deep.equal([1, 0]);

    await page.fill('#admin-search-input', 'nosuchdogatall');
    await page.press('#admin-search-input', 'Enter');
    await page.waitForFunction(() => location.search === '?searchParam=nosuchdogatall' && !document.querySelector('[data-admin-table]')!.hasAttribute('aria-busy'));
    expect([await said(ADMIN_SEARCH_FIRST), await said(ADMIN_NO_RESULTS)]).to.deep.equal([0, 1]);

    await page.goto(`${site.origin}/admin/data-table/pets_info?searchParam=nosuchdogatall`);
    await page.waitForSelector('[data-admin-ready]');
    expect([await said(ADMIN_SEARCH_FIRST), await said(ADMIN_NO_RESULTS)]).to.deep.equal([0, 1]);

    await page.fill('#admin-search-input', 'tablepup');
    await page.press('#admin-search-input', 'Enter');
    await page.waitForSelector('[data-admin-row-count="30"]');
    expect([await said(ADMIN_SEARCH_FIRST), await said(ADMIN_NO_RESULTS)]).to.deep.equal([0, 0]);
    await page.context().close();
  });

  it('ships a box of three kits by keyboard alone', async () => {
    const page = await signedInPage(DEMO_SCANNER.email);
    await page.goto(`${site.origin}/admin/serial-scanning`);
    await page.waitForSelector('[data-scan-input="0:boxKey"]');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-scan-input'))).to.equal('0:boxKey');

    // Hold the first box-key check to see its state while it runs.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = true;
    await page.route('**/validate-boxkey*', async (route: Route) => {
      if (holding) {
        holding = false;
        await held;
      }
      await route.continue();
    });

    await page.keyboard.type(DEMO_STOCK_BOX_KEYS[0]);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`[data-scan-message="0:boxKey"]:text-is("${SCAN_VALIDATING}")`);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-scan-input'))).to.equal('0:swabCode');
    release();
    await page.waitForSelector(`[data-scan-message="0:boxKey"]:text-is("${SCAN_VALID}")`);

    const scan = async (code: string) => {
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
    };
    await scan(DEMO_STOCK_SWAB_CODES[0]);
    await scan(DEMO_STOCK_BOX_KEYS[1]);
    await scan(DEMO_STOCK_SWAB_CODES[0]);
    await page.waitForSelector(`[data-scan-message="1:swabCode"]:text-is("${SCAN_DUPLICATE}")`);
    await page.keyboard.press('Shift+Tab'); // back to the duplicate
    await page.keyboard.press('Control+A');
    await scan(DEMO_STOCK_SWAB_CODES[1]);
    await scan(DEMO_STOCK_BOX_KEYS[2]);
    await scan(DEMO_STOCK_SWAB_CODES[2]);
    await scan('1Z999AA10123456799');
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-scan-submit'))).to.equal(true);
    await page.waitForSelector('[data-scan-submit][aria-disabled="false"]');
    for (const key of ['0:boxKey', '0:swabCode', '1:boxKey', '1:swabCode', '2:boxKey', '2:swabCode', 'trackingNumber']) {
      expect(await page.getAttribute(`[data-scan-input="${key}"]`, 'data-scan-status')).to.equal('valid');
    }
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-scan-outcome]');
    expect(await page.locator('[data-scan-outcome]').innerText()).to.equal('Shipped 3 kits with tracking number 1Z999AA10123456799.');

    const db = await testDb();
    const kits = await db('kits').whereIn('box_key', DEMO_STOCK_BOX_KEYS.slice(0, 3)).orderBy('box_key').select('id', 'state', 'tracking_number');
    expect(kits.map((kit) => [kit.state, kit.tracking_number])).to.deep.equal(Array(3).fill(['shipped', '1Z999AA10123456799']));
    expect(await db('swabs').whereIn('swab_code', DEMO_STOCK_SWAB_CODES.slice(0, 3)).orderBy('swab_code').pluck('kit_id')).to.deep.equal(kits.map((kit) => kit.id));

    await page.goto(`${site.origin}/admin/serial-scanning/search`);
    await page.fill('#kit-code', DEMO_STOCK_SWAB_CODES[1]);
    await page.press('#kit-code', 'Enter');
    await page.waitForSelector(`[data-kit="${DEMO_STOCK_BOX_KEYS[1]}"]`);
    expect(await page.locator('[data-kit-event]').evaluateAll((items) => items.map((item) => item.getAttribute('data-kit-event')))).to.deep.equal(['created', 'paired', 'shipped']);
    await page.context().close();
  });

  it('ships an age kit with two loose swabs, and marks the input the server refuses', async () => {
    const page = await signedInPage(DEMO_SCANNER.email);
    await page.goto(`${site.origin}/admin/serial-scanning`);
    await page.waitForSelector('[data-scan-input="0:boxKey"]');
    await page.selectOption('[data-scan-sku]', 'EMBARK-AGE');
    await page.fill('[data-scan-kit-count]', '1');
    const scan = async (code: string) => {
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
    };
    const ship = async (codes: string[], outcome: string) => {
      await page.focus('[data-scan-input="0:boxKey"]');
      for (const code of codes) await scan(code);
      await page.waitForSelector('[data-scan-submit][aria-disabled="false"]');
      expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-scan-submit'))).to.equal(true);
      await page.keyboard.press('Enter');
      await page.waitForSelector(`[data-scan-outcome]:text-is(${JSON.stringify(outcome)})`);
    };
    // the tester's box: every code valid, nothing repeated
    await ship([DEMO_STOCK_AGE_BOX_KEYS[0], DEMO_STOCK_SWAB_CODES[3], DEMO_STOCK_SWAB_CODES[4], 'AGE-TRACK-1'], 'Shipped 1 kit with tracking number AGE-TRACK-1.');

    // a methylation swab is not checked while scanning (spec 2 §5): the server refuses one already in a kit on submit
    await ship([DEMO_STOCK_AGE_BOX_KEYS[1], DEMO_STOCK_SWAB_CODES[5], DEMO_STOCK_SWAB_CODES[4], 'AGE-TRACK-2'], `The kits were not shipped: ${SCAN_SWAB_PAIRED}`);
    const refused = '[data-scan-input="0:methylationSwabCode"]';
    expect(await page.getAttribute(refused, 'data-scan-status')).to.equal('error');
    expect(await page.getAttribute(refused, 'aria-invalid')).to.equal('true');
    expect(await page.locator('[data-scan-message="0:methylationSwabCode"]').innerText()).to.equal(SCAN_SWAB_PAIRED);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-scan-input'))).to.equal('0:methylationSwabCode');
    expect(await page.getAttribute('[data-scan-submit]', 'aria-disabled')).to.equal('true');

    await page.keyboard.press('Control+A');
    await scan(DEMO_STOCK_SWAB_CODES[6]);
    await page.keyboard.press('Enter'); // the tracking number, still valid
    await page.waitForSelector('[data-scan-submit][aria-disabled="false"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-scan-outcome]:text-is("Shipped 1 kit with tracking number AGE-TRACK-2.")');
    await page.context().close();
  });

  it('stacks each kit’s inputs at full width on a phone', async () => {
    const page = await signedInPage(DEMO_SCANNER.email, { width: 390, height: 844 });
    await page.goto(`${site.origin}/admin/serial-scanning`);
    await page.waitForSelector('[data-scan-input="0:boxKey"]');
    await page.selectOption('[data-scan-sku]', 'EMBARK-AGE');
    await page.waitForSelector('[data-scan-input="0:methylationSwabCode"]');
    const form = (await page.locator('[data-serial-scanning]').boundingBox())!;
    const inputs = await page.locator('.scan-table [data-scan-input]').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().width));
    expect(inputs).to.have.length(9);
    for (const width of inputs) expect(width).to.be.above(form.width * 0.8);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(390);
    expect(await page.getByText('Kit 2 Methylation swab code', { exact: true }).isVisible()).to.equal(true);
    await page.context().close();
  });

  it('adds and edits survey categories and surveys through the mutations', async () => {
    const page = await signedInPage(DEMO_ACCOUNTS.admin.email);
    await page.goto(`${site.origin}/admin/surveys`);
    await page.waitForSelector('[data-survey-admin]');
    // a survey's category is one that exists; a new category is of a type that has none yet
    const existing = await page.locator('[data-category]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-category')));
    await page.click('[data-add-survey]');
    expect(await page.locator('[data-survey-form] select[name="category"] option').allInnerTexts()).to.deep.equal(existing);
    await page.click('[data-survey-form] button.button--ghost');
    await page.click('[data-add-category]');
    const free = await page.locator('[data-category-form] select[name="category"] option').allInnerTexts();
    expect(free).to.include('Breed');
    expect(free.filter((type) => existing.includes(type))).to.deep.equal([]);
    await page.selectOption('[data-category-form] select[name="category"]', 'Breed');
    await page.fill('[data-category-form] input[name="subtitle"]', 'Breed history');
    await page.fill('[data-category-form] input[name="priority"]', '5');
    await page.click('[data-category-form] button[type="submit"]');
    await page.waitForSelector('[data-category="Breed"]');
    expect(await page.locator('[data-survey-saved]').innerText()).to.equal('Saved category Breed.');

    await page.click('[data-survey="diet-and-exercise"] button');
    await page.fill('[data-survey-form] input[name="title"]', 'Diet, treats and exercise');
    await page.click('[data-survey-form] button[type="submit"]');
    await page.waitForSelector('[data-survey="diet-and-exercise"] td:text-is("Diet, treats and exercise")');

    await page.click('[data-add-survey]');
    await page.fill('[data-survey-form] input[name="title"]', 'Breed origins');
    await page.fill('[data-survey-form] input[name="slug"]', 'diet-and-exercise');
    await page.fill('[data-survey-form] input[name="templateId"]', 'tpl-origins');
    await page.selectOption('[data-survey-form] select[name="category"]', 'Breed');
    await page.click('[data-survey-form] button[type="submit"]');
    expect(await page.locator('[data-survey-error]').innerText()).to.equal('Another survey already has this slug.');
    await page.fill('[data-survey-form] input[name="slug"]', 'breed-origins');
    await page.fill('[data-survey-form] input[name="targetPetNums"]', 'abc, -1');
    await page.click('[data-survey-form] button[type="submit"]');
    expect(await page.locator('[data-survey-error]').innerText()).to.equal('Target pet numbers are whole numbers above 0, separated by commas.');
    await page.fill('[data-survey-form] input[name="targetPetNums"]', '999999');
    await page.click('[data-survey-form] button[type="submit"]');
    await page.waitForSelector('[data-survey-error]:text-matches("^Invalid Arguments: a target pet number is not a dog on the site")');
    await page.fill('[data-survey-form] input[name="targetPetNums"]', '');
    await page.click('[data-survey-form] button[type="submit"]');
    await page.waitForSelector('[data-survey="breed-origins"]');

    const db = await testDb();
    expect(await db('survey_categories').where({ category: 'Breed' }).first('subtitle', 'priority')).to.deep.equal({ subtitle: 'Breed history', priority: 5 });
    expect(await db('surveys').where({ slug: 'diet-and-exercise' }).first('title')).to.deep.equal({ title: 'Diet, treats and exercise' });
    expect(await db('surveys').where({ slug: 'breed-origins' }).first('category', 'template_id')).to.deep.equal({ category: 'Breed', template_id: 'tpl-origins' });
    await page.context().close();
  });
});
