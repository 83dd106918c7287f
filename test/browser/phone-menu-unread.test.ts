// QA finding: on a phone (390 px) the closed Menu button shows the unread messages the desktop
// header's badge shows, with accessible text, and follows the count as it changes.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite, PHONE } from '../support/browser.js';
import { demoAccountsApp } from '../support/demo.js';
import { UNREAD_COUNT_EVENT } from '../../widgets/unread-badge/badge.js';

describe('unread messages on the phone menu button in the browser', function () {
  this.timeout(120_000);
  const site = browserSuite(demoAccountsApp);

  const menuButton = async (page: Page) => {
    const summary = page.locator('.mobile-drawer summary');
    const badge = summary.locator('[data-unread-menu-count]');
    return { label: await summary.getAttribute('aria-label'), badgeVisible: await badge.isVisible(), badgeText: await badge.innerText() };
  };

  it('shows the unread count on the closed Menu button and follows it', async () => {
    const page = await site.openPage('/members', { as: 'parent', viewport: PHONE }); // one unread message in the demo data
    expect(await page.locator('.site-header__nav.is-signed-in').isVisible()).to.equal(false);
    expect(await page.locator('.mobile-drawer').getAttribute('open')).to.equal(null);
    expect(await menuButton(page)).to.deep.equal({ label: 'Menu, 1 unread messages', badgeVisible: true, badgeText: '1' });

    await page.waitForSelector('[data-widget="unread-badge"] .unread-badge', { state: 'attached' });
    await page.waitForSelector('body[data-page-ready]');
    await page.evaluate((name) => window.dispatchEvent(new CustomEvent(name, { detail: { count: 120 } })), UNREAD_COUNT_EVENT);
    await page.waitForFunction(() => document.querySelector('[data-unread-menu-count]')?.textContent === '99+');
    expect(await menuButton(page)).to.deep.equal({ label: 'Menu, 120 unread messages', badgeVisible: true, badgeText: '99+' });

    await page.evaluate((name) => window.dispatchEvent(new CustomEvent(name, { detail: { count: 0 } })), UNREAD_COUNT_EVENT);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-unread-menu-count]')?.hidden === true);
    expect((await menuButton(page)).label).to.equal('Menu');
    expect((await menuButton(page)).badgeVisible).to.equal(false);
  });
});
