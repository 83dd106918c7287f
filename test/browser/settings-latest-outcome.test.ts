// QA finding: on the settings page only the latest save's outcome shows. A success message of an
// earlier save goes as soon as another save starts, whatever that save's outcome.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser.js';
import { demoAccountsApp } from '../support/demo.js';
import { PHONE_INVALID, SETTINGS_DETAILS_SAVED, SETTINGS_EMAIL_SAVE_FAILED, SETTINGS_EMAIL_SAVED } from '../../server/shared/messages.js';

describe('settings page shows the latest outcome only', function () {
  this.timeout(120_000);
  const site = browserSuite(demoAccountsApp);

  async function afterSavedDetails(): Promise<Page> {
    const page = await site.signedInPage('parent');
    await page.goto(site.url('/members/profile'));
    await Promise.all([page.waitForURL(/saved=details/), page.click('[data-settings-details-submit]')]);
    await page.waitForSelector('[data-email-preferences-ready]');
    await page.waitForSelector('[data-widget="phone-sms"] .iti');
    expect(await page.locator('[data-settings-notice]').innerText()).to.equal(SETTINGS_DETAILS_SAVED);
    return page;
  }

  const visibleOutcomes = (page: Page) =>
    page.locator('[data-settings-notice], [data-email-preferences-status], [data-phone-sms-message]').evaluateAll((elements) =>
      elements.filter((element) => (element as HTMLElement).offsetParent !== null && element.textContent !== '').map((element) => element.textContent),
    );

  it('hides the saved notice when a phone number is refused by the client-side check', async () => {
    const page = await afterSavedDetails();
    await page.fill('#phoneSMS', '');
    await page.locator('#phoneSMS').pressSequentially('415 55');
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.evaluate(() => document.querySelector<HTMLFormElement>('[data-phone-sms-form]')!.requestSubmit());
    await page.waitForFunction(() => document.activeElement?.id === 'phoneSMS');
    const shown = await visibleOutcomes(page);
    expect(shown).to.have.length(1);
    expect(shown[0]).to.match(/^Not a valid number for /);
    expect(shown).to.not.include(PHONE_INVALID);
  });

  it('hides the saved notice when an e-mail preference save fails, and the e-mail status when the phone is refused', async () => {
    const page = await afterSavedDetails();
    await page.route('**/graphql', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"message":"down"}]}' }));
    await page.click('[data-email-preference="promotionsAndSales"]');
    await page.waitForSelector('[data-email-preferences-status="failed"]');
    expect(await visibleOutcomes(page)).to.deep.equal([SETTINGS_EMAIL_SAVE_FAILED]);

    await page.unroute('**/graphql');
    await page.click('[data-email-preference="promotionsAndSales"]');
    await page.waitForSelector('[data-email-preferences-status="saved"]');
    expect(await visibleOutcomes(page)).to.deep.equal([SETTINGS_EMAIL_SAVED]);

    await page.fill('#phoneSMS', '');
    await page.locator('#phoneSMS').pressSequentially('415 55');
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.evaluate(() => document.querySelector<HTMLFormElement>('[data-phone-sms-form]')!.requestSubmit());
    await page.waitForSelector('[data-email-preferences-status="idle"]', { state: 'attached' });
    const shown = await visibleOutcomes(page);
    expect(shown).to.have.length(1);
    expect(shown[0]).to.match(/^Not a valid number for /);
  });
});
