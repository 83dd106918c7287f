// Issue 14: a breeder plans a litter in Chromium (pair predictor; matchmaker row to pair prediction).
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, newContext, serve, signInThroughForm } from '../support/browser.js';
import { demoPopulation } from '../integration/results/population.js';

describe('breeder tools in the browser', function () {
  this.timeout(240_000);
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let site: Awaited<ReturnType<typeof serve>>;
  const errors: string[] = [];

  before(async () => {
    site = await serve(await demoPopulation());
    browser = await launchChromium();
    context = await newContext(browser);
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await signInThroughForm(page, site.origin, 'breeder@demo.test', 'demo1234');
  });

  after(async () => {
    await browser?.close();
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
});
