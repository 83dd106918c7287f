// A pet parent reads Biscuit's results in Chromium: summary, breed & ancestry, health, traits.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { demoBrowserSuite } from '../support/browser.js';

describe('results pages in the browser', function () {
  this.timeout(180_000);
  const site = demoBrowserSuite();
  let page: Page;

  before(async () => {
    page = await site.newPage();
  });

  it('clicks from the summary through Breed & Ancestry, Health (a condition opened) and Traits', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await site.signIn(page, 'parent');
    await page.goto(`${site.origin}/members/results/summary?i=${site.biscuit}`);
    expect(await page.locator('h1').first().innerText()).to.equal('Biscuit: Summary');
    expect(await page.locator('svg.breed-wheel circle.breed-wheel__segment').count()).to.be.greaterThan(0);

    await Promise.all([page.waitForURL(/breed-and-ancestry/), page.click('.results-nav a[data-nav="breed"]')]);
    expect(await page.locator('h1').first().innerText()).to.equal('Biscuit: Breed & Ancestry');
    const breeds = await page.locator('.breed-list__name').allInnerTexts();
    expect(breeds.length).to.be.greaterThan(0);
    // The first breed's info is open, the others fold open on a click.
    expect(await page.locator('.breed-info >> nth=0').getAttribute('open')).to.not.equal(null);
    if ((await page.locator('.breed-info').count()) > 1) {
      await page.click('.breed-info summary >> nth=1');
      expect(await page.locator('.breed-info >> nth=1').getAttribute('open')).to.not.equal(null);
    }
    // The segment's colour comes from the palette of results.css.
    const stroke = await page.locator('circle.breed-wheel__segment').first().evaluate((el) => getComputedStyle(el).stroke);
    expect(stroke).to.match(/^rgb\(/);

    await Promise.all([page.waitForURL(/\/health\?/), page.click('.results-nav a[data-nav="health"]')]);
    // Biscuit may have nothing at risk: open the first group of folded results if need be.
    const first = page.locator('.health-condition').first();
    if (!(await first.isVisible())) await page.locator('.health-group summary').first().click();
    expect(await first.locator('.health-condition__details').isVisible()).to.equal(false);
    await first.locator('summary').click();
    expect(await first.locator('.health-condition__details').isVisible()).to.equal(true);
    expect(await first.locator('.health-condition__details').innerText()).to.contain('Mode of inheritance');

    await Promise.all([page.waitForURL(/traits/), page.click('.results-nav a[data-nav="traits"]')]);
    expect(await page.locator('.trait-category h2').count()).to.be.greaterThan(2);
    expect(await page.locator('[data-coat-colour]').innerText()).to.not.equal('');
    expect(errors).to.deep.equal([]);
  });
});
