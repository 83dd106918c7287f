// Forgot password → the e-mail's link → a new password, and change password on the settings page, in Chromium.
import { expect } from 'chai';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { simpleParser } from 'mailparser';
import { browserSuite } from '../support/browser.js';
import { testApp, testSettings } from '../support/app.js';
import { resetDatabase, testDb } from '../support/database.js';
import { createUser } from '../support/factories.js';
import { linksIn } from '../support/smtp.js';
import { testJobWorkers } from '../support/jobs.js';
import { emlFileTransport } from '../../server/mail/transport.js';
import { PASSWORD_CHANGED, PASSWORD_TOO_SHORT, RESET_DONE, RESET_LINK_USED, RESET_REQUEST_SENT } from '../../server/shared/messages.js';

describe('password reset and change in the browser', function () {
  this.timeout(180_000);
  let page: Page;
  let mailDir: string;
  const email = 'forgetful@example.test';

  const site = browserSuite(async () => {
    const db = await testDb();
    await resetDatabase(db);
    await createUser(db, { email, name: 'Forgetful Owner' });
    return testApp();
  });

  before(async () => {
    mailDir = await mkdtemp(path.join(os.tmpdir(), 'password-browser-'));
    page = await site.newPage();
  });

  after(async () => {
    if (mailDir) await rm(mailDir, { recursive: true, force: true });
  });

  /** Runs the outbox worker once, as the app's own would, and reads the link from the .eml it wrote. */
  async function resetLinkFromEmail(): Promise<string> {
    const settings = testSettings({ baseUrl: site.origin });
    const worker = testJobWorkers(await testDb(), settings, emlFileTransport(mailDir));
    expect((await worker.runDue()).done).to.equal(1);
    const [file] = await readdir(mailDir);
    const mail = await simpleParser(await readFile(path.join(mailDir, file)));
    const link = linksIn(mail).find((candidate) => candidate.includes('/reset-password/'));
    if (!link) throw new Error('the reset e-mail has no link');
    return link;
  }

  it('asks for a link from the sign-in page, follows it from the e-mail and signs in with the new password', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${site.origin}/login`);
    await Promise.all([page.waitForURL(`${site.origin}/forgot-password`), page.click('text=Forgot password?')]);
    await page.fill('#email', email);
    await Promise.all([page.waitForLoadState('load'), page.click('button[type="submit"]')]);
    expect(await page.locator('[data-reset-requested]').innerText()).to.equal(RESET_REQUEST_SENT);

    const link = await resetLinkFromEmail();
    await page.goto(link);
    await page.fill('#password', 'abc');
    await Promise.all([page.waitForLoadState('load'), page.click('button[type="submit"]')]);
    expect(await page.locator('[role="alert"]').innerText()).to.equal(PASSWORD_TOO_SHORT);
    await page.fill('#password', 'reset-by-mail');
    await Promise.all([page.waitForLoadState('load'), page.click('button[type="submit"]')]);
    expect(await page.locator('[data-reset-done]').innerText()).to.equal(RESET_DONE);

    await page.goto(link);
    expect(await page.locator('[data-reset-link-problem]').innerText()).to.equal(RESET_LINK_USED);
    await site.signIn(page, { email, password: 'reset-by-mail' });
    expect(errors).to.deep.equal([]);
  });

  it('changes the password on the settings page with the current one', async () => {
    await page.goto(`${site.origin}/members/profile`);
    await page.fill('#currentPassword', 'reset-by-mail');
    await page.fill('#newPassword', 'changed-in-settings');
    await page.click('[data-password-toggle="newPassword"]');
    expect(await page.getAttribute('#newPassword', 'type')).to.equal('text');
    await Promise.all([page.waitForURL(/saved=password/), page.click('[data-change-password-submit]')]);
    expect(await page.locator('[data-settings-notice]').innerText()).to.equal(PASSWORD_CHANGED);

    const other = await site.newPage();
    await site.signIn(other, { email, password: 'changed-in-settings' });
    await other.close();
  });
});
