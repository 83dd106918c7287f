// newbie@demo.test activates EM-DEMO-0001 in Chromium, from the empty My Dogs page to the
// summary awaiting results (issue 15), with Health and Traits locked behind the upgrade (issue 36 §1).
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser.js';
import { demoAccountsApp } from '../support/demo.js';
import { DEMO_BOX_KEY } from '../../server/demo/accounts.js';
import { ACTIVATION_CODE_UNKNOWN, VET_SHARE_NO_RESULTS } from '../../server/shared/messages.js';

describe('kit activation in the browser', function () {
  this.timeout(120_000);
  const site = browserSuite(demoAccountsApp);
  let page: Page;

  before(async () => {
    page = await site.newPage();
  });

  const continueTo = async (step: string, button = 'Continue') => {
    await Promise.all([page.waitForSelector(`[data-activate-step="${step}"]`), page.click(`button:text-is("${button}")`)]);
  };

  it('activates EM-DEMO-0001 for a new dog and lands on its summary, awaiting results', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await site.signIn(page, 'newbie');
    await page.goto(`${site.origin}/members`);
    expect(await page.locator('main').innerText()).to.include('You have no dogs yet');
    await Promise.all([page.waitForURL(/\/members\/activate$/), page.click('main [data-activate-link]')]);

    await page.fill('#boxKeyOrSwabCode', 'EM-DEMO-9999');
    await continueTo('code');
    expect(await page.locator('[data-activate-error]').innerText()).to.equal(ACTIVATION_CODE_UNKNOWN);
    await page.fill('#boxKeyOrSwabCode', DEMO_BOX_KEY.toLowerCase());
    await continueTo('selectDog');
    expect(await page.locator('[data-activate-product]').innerText()).to.equal('Breed + Ancestry DNA test');

    expect(await page.isChecked('[data-activate-new-dog]')).to.equal(true);
    await page.fill('#newName', 'Clover');
    await page.selectOption('#newSex', 'f');
    await continueTo('howDidYouHear');
    await page.selectOption('#howDidYouHear', 'Friend or family');
    await continueTo('contributeToResearch');
    await page.check('input[name="agree"][value="yes"]');
    await continueTo('activate');
    expect(await page.locator('[data-activate-summary]').innerText()).to.include('Clover (new, Female)');
    // "Change" opens the dog step with every answer, and continuing keeps them
    await Promise.all([page.waitForURL(/step=selectDog/), page.click('[data-activate-summary] a[href$="step=selectDog"]')]);
    expect(await page.inputValue('#newName')).to.equal('Clover');
    expect(await page.inputValue('#newSex')).to.equal('f');
    await continueTo('activate');
    expect(await page.locator('[data-activate-summary]').innerText()).to.include('Clover (new, Female)');

    await Promise.all([page.waitForURL(/\/members\/results\/summary\?i=\d+$/), page.click('button:text-is("Activate kit")')]);
    expect(await page.locator('h1').first().innerText()).to.include('Clover');
    expect(await page.locator('[data-awaiting-results]').innerText()).to.equal('Awaiting results');
    const timeline = await page.locator('[data-lab-timeline] li').evaluateAll((items) => items.map((li) => `${li.getAttribute('data-timeline-step')}:${li.getAttribute('data-done')}`));
    expect(timeline).to.deep.equal(['activated:true', 'received:false', 'extracted:false', 'genotyped:false', 'released:false']);
    // a Breed + Ancestry kit: Health and Traits give way to one locked button leading to the upgrade
    const nav = await page.locator('.results-nav [data-nav]').evaluateAll((links) => links.map((a) => `${a.getAttribute('data-nav')}:${a.textContent?.trim()}`));
    expect(nav).to.include('health-traits:\u{1F512} Health & Traits');
    expect(nav.filter((button) => /^(health|traits):/.test(button))).to.deep.equal([]);
    expect(await page.getAttribute('[data-nav="health-traits"]', 'href')).to.match(/\/products\/upgrade$/);
    // nothing to share with a vet yet: the panel says so and offers no link or form (issue 36 §8)
    expect(await page.locator('[data-vet-share-no-results]').innerText()).to.include(VET_SHARE_NO_RESULTS.replace('{name}', 'Clover'));
    expect(await page.locator('#share-with-vet form, #share-with-vet [data-copy-link]').count()).to.equal(0);

    await page.goto(`${site.origin}/members`);
    expect(await page.locator('main').innerText()).to.include('Clover');
    expect(errors).to.deep.equal([]);
  });
});
