// A signed-out reader follows the chat e-mail's "Read and reply" (issue 36 §16): the home page asks
// them to sign in with the spec's words, and signing in opens the conversation itself.
import { expect } from 'chai';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { browserSuite } from '../support/browser.js';
import { testSettings } from '../support/app.js';
import { testDb } from '../support/database.js';
import { demoAccountsApp, DEMO_ACCOUNTS } from '../support/demo.js';
import { linksIn } from '../support/smtp.js';
import { testJobWorkers } from '../support/jobs.js';
import { emlFileTransport } from '../../server/mail/transport.js';
import { sendMessage } from '../../server/chat/mutations.js';
import { findUserByEmail } from '../../server/users/queries.js';
import { DEMO_PASSWORD } from '../../server/demo/accounts.js';
import { PLEASE_LOG_IN } from '../../server/shared/messages.js';

describe('signing in from a members link in the browser', function () {
  this.timeout(120_000);
  let mailDir: string;
  const site = browserSuite(demoAccountsApp);

  before(async () => {
    mailDir = await mkdtemp(path.join(os.tmpdir(), 'sign-in-return-'));
  });

  after(async () => {
    if (mailDir) await rm(mailDir, { recursive: true, force: true });
  });

  /** The breeder writes in the demo conversation; the outbox worker delivers the parent's notice as an .eml file. */
  async function readAndReplyLink(): Promise<{ link: string; conversationId: number }> {
    const db = await testDb();
    const breeder = (await findUserByEmail(db, DEMO_ACCOUNTS.breeder.email))!;
    const [{ id: conversationId }] = await db('conversations').select('id');
    await sendMessage(db, breeder, { conversationId, body: 'Aurora had her puppies!', toPet: null });
    const worker = testJobWorkers(db, testSettings({ baseUrl: site.origin }), emlFileTransport(mailDir));
    expect((await worker.runDue()).done).to.equal(1);
    const [file] = await readdir(mailDir);
    const link = linksIn(await simpleParser(await readFile(path.join(mailDir, file)))).find((candidate) => candidate.includes('/members/'));
    if (!link) throw new Error('the chat e-mail has no members link');
    return { link, conversationId };
  }

  it('asks to sign in with a notice, then opens the conversation the e-mail links', async () => {
    const { link, conversationId } = await readAndReplyLink();
    expect(link).to.equal(site.url(`/members/messages?conversation=${conversationId}`));

    const page = await site.newPage();
    await page.goto(link);
    expect(new URL(page.url()).pathname).to.equal('/');
    const notice = page.locator('[data-sign-in-notice]');
    expect(await notice.innerText()).to.equal(`${PLEASE_LOG_IN} Sign in`);

    await Promise.all([page.waitForURL(site.url('/login')), notice.locator('a', { hasText: 'Sign in' }).click()]);
    expect(await page.locator('[data-sign-in-notice]').innerText()).to.equal(PLEASE_LOG_IN);
    await page.fill('#email', DEMO_ACCOUNTS.parent.email);
    await page.fill('#password', DEMO_PASSWORD);
    await Promise.all([page.waitForURL(link), page.click('button[type="submit"]')]);
    await page.locator(`.chat-list__item.is-active[data-conversation-id="${conversationId}"]`).waitFor();
    await page.locator('.chat-message__body', { hasText: 'Aurora had her puppies!' }).waitFor();
  });
});
