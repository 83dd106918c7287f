// A visitor reads the public pages on a phone: home, the Help Center's search, contact, vets, breeders.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { testApp } from '../support/app.js';
import { browserSuite, PHONE } from '../support/browser.js';
import { resetDatabase, testDb } from '../support/database.js';

describe('content pages in the browser', function () {
  this.timeout(120_000);
  const site = browserSuite(async () => {
    await resetDatabase(await testDb());
    return testApp();
  });
  let page: Page;

  before(async () => {
    page = await site.newPage({ viewport: PHONE });
  });

  const visibleQuestions = () => page.locator('.help-question:visible summary').allInnerTexts();

  it('goes from the home page to the Help Center and narrows the answers while typing', async () => {
    await page.goto(`${site.origin}/`);
    expect(await page.locator('h1').innerText()).to.equal('Know your dog from the inside out');
    await Promise.all([page.waitForURL(`${site.origin}/help`), page.click('text=Visit the Help Center')]);
    await page.waitForSelector('body.page-ready');
    const all = (await visibleQuestions()).length;
    expect(all).to.be.greaterThan(10);
    await page.fill('#help-q', 'carrier');
    expect(await visibleQuestions()).to.deep.equal(['What do clear, carrier and at risk mean?']);
    expect(await page.locator('[data-help-status]').innerText()).to.equal('1 answer for “carrier”.');
    expect(await page.locator('#health-calls details').getAttribute('open')).to.not.equal(null);
    expect(page.url()).to.equal(`${site.origin}/help?q=carrier`);
    await page.fill('#help-q', 'zebra');
    expect(await visibleQuestions()).to.deep.equal([]);
    expect(await page.locator('[data-help-empty]').isVisible()).to.equal(true);
    await page.fill('#help-q', '');
    expect((await visibleQuestions()).length).to.equal(all);
    expect(await page.locator('[data-help-empty]').isVisible()).to.equal(false);
  });

  it('searches without scripts through the form', async () => {
    const plain = await site.openPage('/help', { viewport: PHONE, javaScriptEnabled: false });
    await plain.fill('#help-q', 'download');
    await Promise.all([plain.waitForURL(/\/help\?q=download/), plain.click('.help-search button[type="submit"]')]);
    expect(await plain.locator('.help-question:visible summary').allInnerTexts()).to.deep.equal(["Can I download my dog's raw DNA data?"]);
  });

  it('fits every public page into a phone screen without sideways scrolling', async () => {
    for (const path of ['/', '/help', '/contact', '/vets', '/breeders', '/login', '/signup']) {
      await page.goto(`${site.origin}${path}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).to.be.at.most(390);
    }
  });
});
