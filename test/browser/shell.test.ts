// Signing in, the header of each role, and impersonation, clicked through in Chromium.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite, PHONE } from '../support/browser.js';
import { demoAccountsApp, DEMO_ACCOUNTS } from '../support/demo.js';
import { SUBMITTING } from '../../server/shared/messages.js';

describe('site shell in the browser', function () {
  this.timeout(60_000);
  const site = browserSuite(demoAccountsApp);
  let page: Page;

  beforeEach(async () => {
    page = await site.newPage();
  });

  const headerLinks = () => page.locator('header.site-header .site-header__nav :is(a, button)').allInnerTexts();

  it('signs a pet parent in through the form and shows their header, badge and footer', async () => {
    await site.signIn(page, 'parent');
    const links = (await headerLinks()).map((text) => text.trim());
    expect(links).to.include('Settings').and.include('Sign Out');
    expect(links.some((text) => text.startsWith('Messages'))).to.equal(true);
    expect(links).to.not.include('ADMIN').and.not.include('Impersonate');
    await page.waitForSelector('body.page-ready');
    expect(await page.locator('.unread-badge').innerText()).to.equal('1');
    expect(await page.locator('footer h2').allInnerTexts()).to.deep.equal(["Explore your dog's Results", 'My Account', 'More']);
  });

  it('shows the breeder name, ADMIN for admins and Impersonate for sub-admins', async () => {
    await site.signIn(page, 'breeder');
    expect(await page.locator('.site-header__title').innerText()).to.equal('Sunny Meadow Kennels');
    expect(await page.locator('footer h2').allInnerTexts()).to.include('Breeder Tools');
    await page.click('text=Sign Out');
    await site.signIn(page, 'admin');
    expect(await headerLinks()).to.include('ADMIN');
    await page.click('text=Sign Out');
    await site.signIn(page, 'subadmin');
    expect(await headerLinks()).to.include('Impersonate').and.not.include('ADMIN');
    await page.click('text=Sign Out');
    await site.signIn(page, 'vet');
    expect(await page.locator('footer h2').allInnerTexts()).to.not.include('More');
  });

  it('keeps the header links in a drawer on a phone', async () => {
    page = await site.openPage('/members', { as: 'parent', viewport: PHONE });
    expect(await page.locator('.site-header__inner > .site-header__nav').isVisible()).to.equal(false);
    await page.click('.mobile-drawer summary');
    expect(await page.locator('.mobile-drawer nav :is(a, button)').allInnerTexts()).to.include.members(['My Embark', 'Help Center', 'Settings', 'Sign Out']);
  });

  it('lets an admin impersonate parent@demo.test, see the banner, and return', async () => {
    await site.signIn(page, 'admin');
    await page.goto(`${site.origin}/cs/impersonate`);
    await page.fill('#email', DEMO_ACCOUNTS.parent.email);
    await Promise.all([page.waitForURL(`${site.origin}/members`), page.click('button[type="submit"]')]);
    expect(await page.locator('.impersonation-banner').innerText()).to.include('Ada Admin impersonating Consumer Pat Parent');
    expect(await page.locator('.dog-list').innerText()).to.include('Biscuit');
    await Promise.all([page.waitForURL(`${site.origin}/admin`), page.click('text=Return to your account')]);
    expect(await page.locator('.impersonation-banner').count()).to.equal(0);
    expect(await headerLinks()).to.include('ADMIN');
  });

  it('shows a wrong password as an error, and the password toggle and one-time submit work on sign-up', async () => {
    await page.goto(`${site.origin}/login`);
    await page.fill('#email', DEMO_ACCOUNTS.parent.email);
    await page.fill('#password', 'wrong-one');
    await page.click('button[type="submit"]');
    await page.waitForSelector('.form-error');
    expect(page.url()).to.equal(`${site.origin}/login`);

    await page.goto(`${site.origin}/signup`);
    await page.waitForSelector('body.page-ready');
    await page.fill('#password', 'hunter22');
    expect(await page.getAttribute('#password', 'type')).to.equal('password');
    await page.click('[data-password-toggle]');
    expect(await page.getAttribute('#password', 'type')).to.equal('text');
    await page.fill('#name', 'Browser Tester');
    await page.fill('#email', 'browser@example.test');
    const buttonAfterSubmit = page.evaluate(
      () =>
        new Promise<{ text: string; disabled: boolean }>((resolve) => {
          const form = document.querySelector('form[data-one-time-submit]')!;
          form.addEventListener('submit', () => {
            setTimeout(() => {
              const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
              resolve({ text: button.innerText, disabled: button.disabled });
            }, 0);
          });
        }),
    );
    const submitted = page.waitForURL(`${site.origin}/members`);
    await page.click('button[type="submit"]');
    expect(await buttonAfterSubmit).to.deep.equal({ text: SUBMITTING, disabled: true });
    await submitted;
    expect(await page.locator('h1').innerText()).to.equal('My Dogs');
  });

  it('sends signed-out visitors of members pages home', async () => {
    await page.goto(`${site.origin}/members/profile`);
    expect(page.url()).to.equal(`${site.origin}/`);
  });
});
