// Issue 14: a breeder plans a litter in Chromium (pair predictor; matchmaker row to pair prediction).
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sharedChromium, closeContexts, newContext, PHONE, serve, signInThroughRequest } from '../support/browser.js';
import { demoPopulation } from '../integration/results/population.js';
import { testDb } from '../support/database.js';
import { FAILED_TO_SEND } from '../../server/shared/messages.js';
import { MATCHMAKER_AGE_RANGE_REVERSED } from '../../server/shared/breeders-messages.js';

describe('breeder tools in the browser', function () {
  this.timeout(240_000);
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let site: Awaited<ReturnType<typeof serve>>;
  const errors: string[] = [];

  before(async () => {
    site = await serve(await demoPopulation());
    browser = await sharedChromium();
    context = await newContext(browser);
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await signInThroughRequest(page.context(), site.origin, 'breeder@demo.test', 'demo1234');
  });

  after(async () => {
    await closeContexts(browser);
    await site?.close();
  });

  it('chooses a sire and a dam of the kennel and reads the litter\u2019s prediction', async () => {
    await page.goto(`${site.origin}/breeders/pair-predictor`);
    const sire = await page.locator('#pair-sire option:not([value=""])').first().getAttribute('value');
    const dam = await page.locator('#pair-dam option:not([value=""])').first().getAttribute('value');
    await page.selectOption('#pair-sire', sire!);
    await page.selectOption('#pair-dam', dam!);
    await page.click('form.pair-form button[type="submit"]');
    await page.waitForSelector('[data-pair-result]');
    expect(new URL(page.url()).searchParams.get('sire')).to.equal(sire);
    expect(await page.locator('[data-offspring-coi]').innerText()).to.match(/^\d+(\.\d)?%$/);
    expect(await page.locator('#pair-colour-heading').innerText()).to.equal('Coat colour predictions');
    expect(await page.locator('tr[data-health-id]').count()).to.be.greaterThan(0);
    expect(errors).to.deep.equal([]);
  });

  it('saves the kennel\u2019s privacy settings in place, and alerts \u2018Failed to send\u2019 when the save fails', async () => {
    await page.goto(`${site.origin}/members/breeder-dog-settings/privacy`);
    await page.waitForSelector('[data-dog-settings-ready]');
    const row = page.locator('tr[data-pet-num]').first();
    const petNum = Number(await row.getAttribute('data-pet-num'));
    const db = await testDb();
    const original = await db('pets').where({ pet_num: petNum }).first('privacy', 'exclude_from_matchmaker');
    await row.locator('select').selectOption('public-private');
    await row.locator('input[type="checkbox"]').check();
    await page.click('form[data-dog-settings-form] button[type="submit"]');
    await page.waitForFunction(() => document.querySelector('[data-dog-settings-status]')?.textContent !== '');
    expect(await db('pets').where({ pet_num: petNum }).first('privacy', 'exclude_from_matchmaker')).to.deep.equal({ privacy: 'public-private', exclude_from_matchmaker: true });

    await page.route('**/members/breeder-dog-settings/privacy', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{}' }) : route.continue()));
    const alert = new Promise<string>((resolve) => page.once('dialog', (dialog) => { resolve(dialog.message()); void dialog.accept(); }));
    await page.click('form[data-dog-settings-form] button[type="submit"]');
    expect(await alert).to.equal(FAILED_TO_SEND);
    await page.unroute('**/members/breeder-dog-settings/privacy');
    await db('pets').where({ pet_num: petNum }).update(original);
    expect(errors).to.deep.equal([]);
  });

  it('gives keyboard focus back to "Save settings" once the settings are saved', async () => {
    await page.goto(`${site.origin}/members/breeder-dog-settings/privacy`);
    await page.waitForSelector('[data-dog-settings-ready]');
    const save = page.locator('form[data-dog-settings-form] button[type="submit"]');
    await save.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('[data-dog-settings-status]')?.textContent !== '');
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('form[data-dog-settings-form] button[type="submit"]')!.disabled);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).to.equal('Save settings');
    expect(errors).to.deep.equal([]);
  });

  it('sorts the matchmaker on a phone with "Sort by" (offspring COI, highest first), the hidden header out of the tab order', async () => {
    const phone = await newContext(browser, PHONE);
    const small = await phone.newPage();
    const phoneErrors: string[] = [];
    small.on('pageerror', (error) => phoneErrors.push(error.message));
    await signInThroughRequest(small.context(), site.origin, 'breeder@demo.test', 'demo1234');
    await small.goto(`${site.origin}/members/breeder-tools/matchmaker?breed=`); // any breed: the test population holds few of one breed
    await small.waitForSelector('[data-matchmaker-draws]');
    expect(await small.locator('table[data-matchmaker-table] thead').isVisible()).to.equal(false);
    expect(await small.locator('#mm-sort').isVisible()).to.equal(true);
    expect(await small.locator('[data-matchmaker-sort-apply]').count(), 'the no-script button goes').to.equal(0);
    const draws = Number(await small.getAttribute('[data-widget="matchmaker"]', 'data-matchmaker-draws'));
    const asked = small.waitForRequest((request) => request.url().endsWith('/matchmaker-data') && request.method() === 'POST');
    await small.selectOption('#mm-sort', 'coi-desc');
    const body = JSON.parse((await asked).postData()!);
    expect(body.order[0]).to.include({ column: 5, dir: 'desc' });
    await small.waitForFunction((n) => Number(document.querySelector('[data-widget="matchmaker"]')?.getAttribute('data-matchmaker-draws')) > n, draws);
    const cois = (await small.locator('table[data-matchmaker-table] tbody td[data-label="Offspring COI"]').allInnerTexts()).map((text) => parseFloat(text.replace(/^.*?:\s*/, '')));
    expect(cois.length).to.be.greaterThan(1);
    expect(cois).to.deep.equal([...cois].sort((a, b) => b - a));
    // Tab from "Sort by" through the table: never onto a hidden control
    await small.focus('#mm-sort');
    for (let i = 0; i < 30; i++) {
      await small.keyboard.press('Tab');
      const hidden = await small.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        return !active || active === document.body ? null : active.closest('thead') !== null || !active.checkVisibility() ? active.outerHTML.slice(0, 80) : null;
      });
      expect(hidden, `Tab ${i + 1}`).to.equal(null);
    }
    await small.screenshot({ path: '/tmp/matchmaker-390.png', fullPage: false });
    expect(phoneErrors).to.deep.equal([]);
    await phone.close();
  });

  it("stops 'Age from 9 to 2' with the words the server uses, sending nothing (issue 36 §25)", async () => {
    await page.goto(`${site.origin}/members/breeder-tools/matchmaker`);
    await page.waitForSelector('[data-matchmaker-ready]');
    let asked = 0;
    page.on('request', (request) => void (request.url().endsWith('/matchmaker-data') && asked++));
    await page.fill('#mm-min-age', '9');
    await page.fill('#mm-max-age', '2');
    await page.click('#mm-filters button[type="submit"]');
    expect(await page.locator('#mm-max-age').evaluate((input: HTMLInputElement) => input.validationMessage)).to.equal(MATCHMAKER_AGE_RANGE_REVERSED);
    expect(asked).to.equal(0);
    await page.fill('#mm-max-age', '12');
    const answered = page.waitForResponse((response) => response.url().endsWith('/matchmaker-data'));
    await page.click('#mm-filters button[type="submit"]');
    expect((await answered).status()).to.equal(200);
    expect(page.url()).to.match(/minAgeYears=9&maxAgeYears=12/);
  });

  it('keeps "Sort by" in step with the column headers on a laptop', async () => {
    await page.goto(`${site.origin}/members/breeder-tools/matchmaker`);
    await page.waitForSelector('[data-matchmaker-draws]');
    expect(await page.locator('#mm-sort').inputValue()).to.equal('coi-asc');
    const draws = Number(await page.getAttribute('[data-widget="matchmaker"]', 'data-matchmaker-draws'));
    await page.locator('table[data-matchmaker-table] thead th', { hasText: 'Offspring COI' }).click();
    await page.waitForFunction((n) => Number(document.querySelector('[data-widget="matchmaker"]')?.getAttribute('data-matchmaker-draws')) > n, draws);
    expect(await page.locator('#mm-sort').inputValue()).to.equal('coi-desc');
    await page.screenshot({ path: '/tmp/matchmaker-1280.png', fullPage: false });
    expect(errors).to.deep.equal([]);
  });

  it('walks from a matchmaker row to the pair prediction of the two dogs', async () => {
    await page.goto(`${site.origin}/members/breeder-tools/matchmaker`);
    await page.waitForSelector('[data-matchmaker-draws]');
    expect(await page.locator('.dt-length select').inputValue()).to.equal('10');
    expect(await page.locator('.dt-length select option').allInnerTexts()).to.deep.equal(['5', '10', '25', '50', '100', 'All']);
    const rows = page.locator('table[data-matchmaker-table] tbody tr');
    expect(await rows.count()).to.be.within(1, 10);
    // a filter redraws the table from the server without leaving the page
    const draws = Number(await page.getAttribute('[data-widget="matchmaker"]', 'data-matchmaker-draws'));
    await page.fill('#mm-coi', '50');
    await page.click('form[data-matchmaker-filters] button[type="submit"]');
    await page.waitForFunction((n) => Number(document.querySelector('[data-widget="matchmaker"]')?.getAttribute('data-matchmaker-draws')) > n, draws);
    expect(page.url()).to.contain('maxOffspringCoi=50');
    const candidate = await rows.first().locator('td').first().innerText();
    await rows.first().locator('a[data-pair-link]').click();
    await page.waitForSelector('[data-pair-result]');
    expect(await page.locator('#pair-heading').innerText()).to.contain(candidate);
    expect(await page.locator('[data-offspring-coi]').innerText()).to.match(/^\d+(\.\d)?%$/);
    expect(errors).to.deep.equal([]);
  });

  it('edits the kennel profile, saves it and opens the kennel page: its public dogs, never its private or members-only ones', async () => {
    const db = await testDb();
    const consoleErrors: string[] = [];
    page.on('console', (message) => (message.type() === 'error' ? consoleErrors.push(message.text()) : undefined));
    await page.goto(`${site.origin}/breeders/breeder-profile`);
    // the browser checks the address and the website itself (valid patterns, https only)
    const accepts = (selector: string, value: string) => page.$eval(selector, (input, text) => ((input as HTMLInputElement).value = text, (input as HTMLInputElement).checkValidity()), value);
    expect(await accepts('#kennel-slug', 'Bad Slug!')).to.equal(false);
    expect(await accepts('#kennel-slug', 'sunny-meadow')).to.equal(true);
    expect(await accepts('#kennel-website', 'http://insecure.example.com')).to.equal(false);
    expect(await accepts('#kennel-website', 'https://sunny.example.com')).to.equal(true);
    expect(consoleErrors).to.deep.equal([]);
    await page.fill('#kennel-slug', 'sunny-meadow-browser');
    await page.fill('#kennel-description', 'Labradors raised in the Finger Lakes, every parent DNA tested.');
    await page.fill('#kennel-location', 'Trumansburg, New York');
    await page.selectOption('#kennel-breeds', ['labrador-retriever', 'golden-retriever']);
    await page.fill('#kennel-website', 'https://sunny-meadow.example.com');
    await page.click('form[action="/breeders/breeder-profile"] button[type="submit"]');
    await page.waitForSelector('.form-ok');
    expect(await page.locator('.form-ok').innerText()).to.equal('Your breeder profile is saved.');
    await page.click('a.link-arrow');
    await page.waitForURL(`${site.origin}/kennel/sunny-meadow-browser`);
    expect(await page.locator('h1').innerText()).to.equal('Sunny Meadow Kennels');
    expect(await page.locator('.kennel-description').innerText()).to.equal('Labradors raised in the Finger Lakes, every parent DNA tested.');
    expect(await page.getByText('Trumansburg, New York').count()).to.equal(1);
    expect(await page.getByText('Breeds: Golden Retriever, Labrador Retriever').count()).to.equal(1);

    const breeder = await db('users').where({ email: 'breeder@demo.test' }).first('id');
    const kennelDogs = (privacy: string) => db('pets').join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num').where({ 'pet_owners.user_id': breeder.id, 'pets.privacy': privacy, 'pets.is_hidden': false }).whereNull('pets.deleted_at').pluck('pets.handle');
    const [publicDogs, hiddenDogs] = [await kennelDogs('public'), [...(await kennelDogs('private')), ...(await kennelDogs('public-private'))]];
    expect(publicDogs).to.not.be.empty;
    expect(hiddenDogs).to.not.be.empty;
    // by handle: two dogs may share a name
    const handles = (p: Page) => p.locator('ul.kennel-dogs li a').evaluateAll((links) => links.map((a) => decodeURIComponent(a.getAttribute('href')!.replace('/dog/', ''))));
    const listed = await handles(page);
    expect([...listed].sort()).to.deep.equal([...publicDogs].sort());
    for (const handle of hiddenDogs) expect(listed).to.not.include(handle);
    // a visitor who is not signed in sees the same dogs
    const visitor = await newContext(browser);
    const anonymous = await visitor.newPage();
    await anonymous.goto(`${site.origin}/kennel/sunny-meadow-browser`);
    expect((await handles(anonymous)).sort()).to.deep.equal([...publicDogs].sort());
    await visitor.close();
    expect(errors).to.deep.equal([]);
  });
});
