// QA finding: after a refused submission the keyboard focus lands on the first field in error
// (or the message), on sign-up, sign-in, kit activation and the settings page, whether the
// server refused it or a client-side check did.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser.js';
import { demoAccountsApp } from '../support/demo.js';
import { PHONE_INVALID } from '../../server/shared/messages.js';

/** The id of the focused element and whether it is marked invalid and described by a shown message. */
async function focused(page: Page): Promise<{ id: string; invalid: string | null; describedBy: string }> {
  await page.waitForSelector('body[data-page-ready]'); // autofocus and the widgets have settled
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const describedBy = (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((message): message is HTMLElement => message !== null && !message.hidden)
      .map((message) => message.textContent ?? '')
      .join(' ');
    return { id: element.id, invalid: element.getAttribute('aria-invalid'), describedBy };
  });
}

describe('focus after a refused form in the browser', function () {
  this.timeout(120_000);
  const site = browserSuite(demoAccountsApp);

  it('moves the focus to the first invalid sign-up field and, after wrong credentials, to the e-mail field', async () => {
    const page = await site.openPage('/signup');
    await page.fill('#name', 'Nora');
    await page.fill('#email', 'nora-at-example');
    await page.fill('#password', 'abc');
    await Promise.all([page.waitForNavigation(), page.click('button:text-is("Create account")')]); // the page posts to its own address
    expect(await focused(page)).to.deep.equal({ id: 'email', invalid: 'true', describedBy: 'Please enter a valid e-mail address' });

    await page.goto(site.url('/login'));
    await page.fill('#email', 'parent@demo.test');
    await page.fill('#password', 'not-the-password');
    await Promise.all([page.waitForNavigation(), page.click('button:text-is("Sign in")')]);
    expect((await focused(page)).id).to.equal('email');
    expect((await focused(page)).invalid).to.equal('true');
  });

  it('moves the focus to the kit code after an unknown code', async () => {
    const page = await site.signedInPage('newbie');
    await page.goto(site.url('/members/activate'));
    await page.fill('#boxKeyOrSwabCode', 'EM-DEMO-9999');
    await Promise.all([page.waitForURL(/\/members\/activate\/code$/), page.click('button:text-is("Continue")')]);
    await page.waitForLoadState('load');
    expect((await focused(page)).id).to.equal('boxKeyOrSwabCode');
  });

  it('moves the focus to the wrong current password, and keeps it on a refused phone number once the phone widget has mounted', async () => {
    const page = await site.signedInPage('parent');
    await page.goto(site.url('/members/profile'));
    await page.fill('#currentPassword', 'not-the-password');
    await page.fill('#newPassword', 'brand-new-pass');
    await Promise.all([page.waitForURL(/\/profile\/password$/), page.click('[data-change-password-submit]')]);
    await page.waitForLoadState('load');
    expect(await focused(page)).to.deep.equal({ id: 'currentPassword', invalid: 'true', describedBy: 'Your current password is not correct.' });

    // a number the server refuses (sent without the widget's check)
    await page.goto(site.url('/members/profile'));
    await page.waitForSelector('[data-widget="phone-sms"] .iti');
    await Promise.all([
      page.waitForURL(/\/profile\/phone$/),
      page.evaluate(() => {
        document.querySelector<HTMLInputElement>('#phoneSMS')!.value = '12';
        HTMLFormElement.prototype.submit.call(document.querySelector('[data-phone-sms-form]'));
      }),
    ]);
    await page.waitForSelector('[data-widget="phone-sms"] .iti');
    expect(await focused(page)).to.include({ id: 'phoneSMS', invalid: 'true' });
  });

  it('moves the focus to the phone number when the client-side check refuses it', async () => {
    const page = await site.signedInPage('parent');
    await page.goto(site.url('/members/profile'));
    await page.waitForSelector('[data-widget="phone-sms"] .iti');
    await page.fill('#phoneSMS', '');
    await page.locator('#phoneSMS').pressSequentially('415 55');
    await page.waitForFunction(() => !document.querySelector('[data-phone-sms-message]')!.hasAttribute('hidden'));
    await page.focus('#name');
    const alerts: string[] = [];
    page.once('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await page.evaluate(() => document.querySelector<HTMLFormElement>('[data-phone-sms-form]')!.requestSubmit());
    await page.waitForFunction(() => document.activeElement?.id === 'phoneSMS', null, { timeout: 5000 });
    expect(alerts).to.deep.equal([PHONE_INVALID]);
    const state = await focused(page);
    expect(state.invalid).to.equal('true');
    expect(state.describedBy).to.match(/^Not a valid number for /);
  });
});
