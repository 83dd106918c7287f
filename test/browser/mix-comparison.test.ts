// QA: the public profile's "Compare mixes" form says when no dog has the handle typed (not that
// loading failed), and a blank submission asks for a handle in place instead of reloading the page.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite, pageErrors } from '../support/browser.js';
import { demoPopulation } from '../integration/results/population.js';
import { testDb } from '../support/database.js';
import { MIX_COMPARISON_ERROR, MIX_COMPARISON_HANDLE_REQUIRED, MIX_COMPARISON_UNKNOWN_DOG } from '../../server/shared/messages.js';

describe('comparing mixes on a public profile in the browser', function () {
  this.timeout(180_000);
  const site = browserSuite(demoPopulation);
  let other: string;

  before(async () => {
    const db = await testDb();
    const found = await db('pets')
      .join('breed_mix_summaries', 'breed_mix_summaries.pet_num', 'pets.pet_num')
      .where({ 'pets.privacy': 'public', 'pets.is_hidden': false })
      .whereNot('pets.handle', 'biscuit')
      .first('pets.handle');
    other = found.handle;
  });

  const areaText = (page: Page) => page.locator('[data-mix-comparison]').innerText();
  const submit = (page: Page) => page.click('form[data-mix-comparison-form] button[type="submit"]');
  async function areaShows(page: Page, text: string): Promise<void> {
    await page.waitForFunction((wanted) => document.querySelector('[data-mix-comparison]')?.textContent?.includes(wanted), text, { timeout: 10_000 });
  }

  it('says no dog has the handle typed, and the field is marked invalid', async () => {
    const page = await site.openReadyPage('/dog/biscuit#breed');
    const errors = pageErrors(page);
    await page.fill('#compareMix', 'no-such-dog-here');
    await submit(page);
    await areaShows(page, MIX_COMPARISON_UNKNOWN_DOG);
    expect(await areaText(page)).to.not.include(MIX_COMPARISON_ERROR);
    expect(await page.locator('[data-mix-comparison] [role="alert"]').count()).to.equal(1);
    expect(await page.getAttribute('#compareMix', 'aria-invalid')).to.equal('true');
    expect(new URL(page.url()).searchParams.has('compareMix')).to.equal(false);

    // a found dog clears it
    await page.fill('#compareMix', other);
    await submit(page);
    await page.waitForSelector('[data-mix-comparison-result] table');
    expect(await page.getAttribute('#compareMix', 'aria-invalid')).to.equal(null);
    expect(errors).to.deep.equal([]);
  });

  it('asks for a handle when Compare is pressed with a blank field, without reloading the page', async () => {
    const page = await site.openReadyPage('/dog/biscuit#breed');
    const errors = pageErrors(page);
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    for (const blank of ['', '   ']) {
      await page.fill('#compareMix', blank);
      await submit(page);
      await areaShows(page, MIX_COMPARISON_HANDLE_REQUIRED);
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage), `${JSON.stringify(blank)}: no reload`).to.equal(true);
      expect(await page.evaluate(() => document.activeElement?.id)).to.equal('compareMix');
    }
    expect(new URL(page.url()).search).to.equal('');
    expect(errors).to.deep.equal([]);
  });

  it('says the same without scripts, on the page the form reloads', async () => {
    const unknown = await site.openPage('/dog/biscuit', { javaScriptEnabled: false });
    await unknown.fill('#compareMix', 'no-such-dog-here');
    await Promise.all([unknown.waitForURL(/compareMix=no-such-dog-here/), submit(unknown)]);
    expect(await areaText(unknown)).to.include(MIX_COMPARISON_UNKNOWN_DOG);
    expect(await unknown.inputValue('#compareMix')).to.equal('no-such-dog-here');

    const blank = await site.openPage('/dog/biscuit', { javaScriptEnabled: false });
    await Promise.all([blank.waitForURL(/compareMix=/), submit(blank)]);
    expect(await areaText(blank)).to.include(MIX_COMPARISON_HANDLE_REQUIRED);
  });
});
