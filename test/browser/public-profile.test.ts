// Issue 11: a signed-out visitor reads a public dog profile in Chromium, compares mixes and copies the link.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser.js';
import { testDb } from '../support/database.js';
import { demoPopulation } from '../integration/results/population.js';
import { COPY_LINK, LINK_COPIED } from '../../server/shared/startup-messages.js';
import { MIX_COMPARISON_UNKNOWN_DOG } from '../../server/shared/messages.js';
import { seriousViolations } from '../support/axe.js';

describe('a public dog profile in the browser', function () {
  this.timeout(180_000);
  const site = browserSuite(demoPopulation);
  let page: Page;
  let other: string;

  before(async () => {
    const db = await testDb();
    other = (await db('pets').join('breed_mix_summaries', 'breed_mix_summaries.pet_num', 'pets.pet_num').where({ 'pets.privacy': 'public', 'pets.is_hidden': false }).whereNot('pets.handle', 'biscuit').first('pets.handle')).handle;
    page = await site.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
  });

  it('compares Biscuit’s mix with another dog in place, and says so when the other dog cannot be shown', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${site.origin}/dog/biscuit`);
    expect(await page.locator('h1').first().innerText()).to.equal('Biscuit');
    expect(await page.locator('svg.breed-wheel circle.breed-wheel__segment').count()).to.be.greaterThan(0);
    await page.waitForSelector('[data-widget="public-profile"][data-widget-mounted], body[data-ready], body');
    expect(await page.locator('[data-mix-comparison]').isHidden()).to.equal(true);

    await page.getByRole('tab', { name: 'Breed' }).click();
    await page.fill('#compareMix', other);
    const before = page.url();
    await page.click('form[data-mix-comparison-form] button[type="submit"]');
    await page.waitForSelector('[data-mix-comparison-result] table');
    expect(page.url()).to.not.equal(before); // the address now names the comparison, the page did not reload
    expect(await page.locator('[data-mix-comparison-result] h3').innerText()).to.match(/^Biscuit and .+ share \d+\.\d% of their breed mix$/);
    expect(await page.locator('[data-mix-comparison-result] tbody tr').count()).to.be.greaterThan(0);

    await page.fill('#compareMix', 'no-such-dog-here');
    await page.click('form[data-mix-comparison-form] button[type="submit"]');
    await page.waitForFunction((text) => document.querySelector('[data-mix-comparison]')?.textContent?.includes(text), MIX_COMPARISON_UNKNOWN_DOG);
    expect(new URL(page.url()).searchParams.has('compareMix')).to.equal(false); // a reload does not bring the earlier comparison back
    expect(errors).to.deep.equal([]);
  });

  it('shows one section at a time as ARIA tabs, moved by arrow keys, the chosen one in the address', async () => {
    const tabsPage = await site.openReadyPage('/dog/biscuit');
    const tabs = tabsPage.getByRole('tablist').getByRole('tab');
    expect(await tabs.allInnerTexts()).to.deep.equal(['Overview', 'Breed', 'Relatives', 'Gallery']);
    const shown = () => tabsPage.locator('[role="tabpanel"]:visible').evaluateAll((panels) => panels.map((panel) => panel.id));
    expect(await shown()).to.deep.equal(['overview']);
    expect(await tabsPage.getByRole('tab', { selected: true }).innerText()).to.equal('Overview');

    await tabsPage.getByRole('tab', { name: 'Relatives' }).click();
    expect(await shown()).to.deep.equal(['relatives']);
    expect(new URL(tabsPage.url()).hash).to.equal('#relatives');
    await tabsPage.keyboard.press('ArrowRight');
    expect(await tabsPage.evaluate(() => document.activeElement?.textContent)).to.equal('Gallery');
    expect(await shown()).to.deep.equal(['gallery']);
    expect(new URL(tabsPage.url()).hash).to.equal('#gallery');
    await tabsPage.keyboard.press('ArrowRight'); // wraps round to the first
    expect(await shown()).to.deep.equal(['overview']);
    await tabsPage.keyboard.press('End');
    expect(await shown()).to.deep.equal(['gallery']);
    expect(await tabs.evaluateAll((all) => all.map((tab) => (tab as HTMLElement).tabIndex))).to.deep.equal([-1, -1, -1, 0]);
    expect(await seriousViolations(tabsPage)).to.deep.equal([]);

    // a link with the hash opens that tab, and so does changing the hash on the page
    const linked = await site.openReadyPage('/dog/biscuit#breed');
    expect(await linked.locator('[role="tabpanel"]:visible').evaluateAll((panels) => panels.map((panel) => panel.id))).to.deep.equal(['breed']);
    await linked.evaluate(() => (window.location.hash = '#relatives'));
    await linked.waitForFunction(() => !document.getElementById('relatives')?.hidden);
    expect(await linked.getByRole('tab', { selected: true }).innerText()).to.equal('Relatives');
  });

  it('shows every section without scripts, the tabs as links to them', async () => {
    const noScript = await site.openPage('/dog/biscuit', { javaScriptEnabled: false });
    for (const id of ['overview', 'breed', 'relatives', 'gallery']) {
      expect(await noScript.locator(`[id="${id}"]`).isVisible(), id).to.equal(true);
      expect(await noScript.locator(`nav a[href="#${id}"]`).count(), id).to.equal(1);
    }
    expect(await noScript.locator('[role="tab"]').count()).to.equal(0);
  });

  it('shows the comparison without scripts too, from ?compareMix=', async () => {
    const noScript = await site.openPage(`/dog/biscuit?compareMix=${other}`, { javaScriptEnabled: false });
    expect(await noScript.locator('[data-mix-comparison-result] table').count()).to.equal(1);
  });

  it("copies the profile's address, reads 'Link Copied' for 3 s, then 'Copy Link'", async () => {
    // The page's clock stands still, so the 3 s are counted exactly whatever the machine is doing.
    await page.clock.install({ time: new Date('2026-11-24T12:00:00Z') });
    await page.goto(`${site.origin}/dog/biscuit`);
    await page.clock.pauseAt(new Date('2026-11-24T12:00:10Z'));
    const button = page.locator('button[data-copy-link]');
    const label = async () => (await button.innerText()).trim();
    await button.click();
    await page.locator('button[data-copy-link]', { hasText: LINK_COPIED }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal('http://localhost:3000/dog/biscuit');
    await page.clock.runFor(2_900);
    expect(await label()).to.equal(LINK_COPIED);
    await page.clock.runFor(200);
    expect(await label()).to.equal(COPY_LINK);
  });

  it('opens the share links in a 555 × 810 window', async () => {
    await page.goto(`${site.origin}/dog/biscuit`);
    await page.evaluate(() => {
      (window as unknown as { opened: string[] }).opened = [];
      window.open = ((url: string, _name: string, features: string) => {
        (window as unknown as { opened: string[] }).opened.push(`${url} ${features}`);
        return null;
      }) as typeof window.open;
    });
    await page.click('a[data-share-window] >> nth=0');
    const opened = await page.evaluate(() => (window as unknown as { opened: string[] }).opened);
    expect(opened).to.have.length(1);
    expect(opened[0]).to.match(/^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=http%3A%2F%2Flocalhost%3A3000%2Fdog%2Fbiscuit width=555,height=810/);
  });
});
