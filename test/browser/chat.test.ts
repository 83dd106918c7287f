// Two demo users chat through the pages in two browser contexts (issue 6 "How it will be
// checked"): start with ?to=, send, the message arrives on the other side without a reload,
// 'Read:' after it is opened, block and unblock, delete, a <script> message stays text, and the
// header's unread badge follows. Two app instances on one database stand for two processes.
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { testApp } from '../support/app.js';
import { testDb } from '../support/database.js';
import { sharedChromium, closeContexts, newContext, serve, signInThroughRequest } from '../support/browser.js';
import { resetToDemoData, DEMO_ACCOUNTS } from '../support/demo.js';
import { DEMO_PASSWORD } from '../../server/demo/accounts.js';
import { LISTENER_APPLICATION_NAME } from '../../server/chat/listen-postgres.js';
import { CHAT_BLOCKED, CHAT_BLOCKED_NOTICE, CHAT_EMPTY_BODY, CHAT_UNREAD } from '../../server/shared/messages.js';

interface Person {
  context: BrowserContext;
  page: Page;
  dialogs: string[];
}

const LIVE = { timeout: 15_000 };

describe('chat in the browser', function () {
  this.timeout(120_000);
  let browser: Browser;
  let siteA: Awaited<ReturnType<typeof serve>>;
  let siteB: Awaited<ReturnType<typeof serve>>;
  let parent: Person;
  let newbie: Person;

  async function person(origin: string, email: string): Promise<Person> {
    const context = await newContext(browser);
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await signInThroughRequest(page.context(), origin, email, DEMO_PASSWORD);
    return { context, page, dialogs };
  }

  async function dialogCount(who: Person, count: number): Promise<void> {
    while (who.dialogs.length < count) await who.page.waitForEvent('dialog', LIVE);
  }

  const badge = (who: Person) => who.page.locator('.unread-badge');
  const compose = (who: Person) => who.page.locator('.chat-compose__body');
  const sendText = async (who: Person, text: string) => {
    await compose(who).fill(text);
    await who.page.click('.chat-compose__send');
  };
  /** A send-message call made from the page, as the widget makes it. */
  const sendFromPage = (who: Person, conversationId: number, body: string) =>
    who.page.evaluate(
      async ({ conversationId, body }) => {
        const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]);
        const response = await fetch('/members/chat/send-message', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': token },
          body: JSON.stringify({ body, conversationId }),
        });
        return { status: response.status, body: await response.json() };
      },
      { conversationId, body },
    );

  before(async () => {
    await resetToDemoData();
    siteA = await serve(await testApp());
    siteB = await serve(await testApp());
    browser = await sharedChromium();
    parent = await person(siteA.origin, DEMO_ACCOUNTS.parent.email);
    newbie = await person(siteB.origin, DEMO_ACCOUNTS.newbie.email);
  });

  after(async () => {
    await closeContexts(browser);
    await siteA?.close();
    await siteB?.close();
  });

  it('opens the demo conversation from ?to= and the unread badge follows', async () => {
    await parent.page.goto(`${siteA.origin}/members/messages`);
    await parent.page.waitForSelector('body.page-ready');
    expect(await badge(parent).innerText()).to.equal('1');
    await parent.page.goto(`${siteA.origin}/members/chat?to=sunny-meadow-aurora`);
    await parent.page.locator('.chat-message__body', { hasText: 'Our dogs came up as relatives' }).waitFor(LIVE);
    expect(await parent.page.locator('.chat-pane h2').innerText()).to.equal('Bea Breeder');
    expect(await parent.page.locator('.chat-message__status').first().innerText()).to.match(/^Sent: /);
    await badge(parent).waitFor({ state: 'hidden', ...LIVE });
  });

  it("names the breeder's dog the conversation is about, not every dog of the kennel (issue 36 §17)", async () => {
    await parent.page.goto(`${siteA.origin}/members/chat?to=sunny-meadow-aurora`);
    await parent.page.locator('.chat-pane h2', { hasText: 'Bea Breeder' }).waitFor(LIVE);
    expect(await parent.page.locator('.chat-pane__pets .tag').allInnerTexts()).to.deep.equal(['Sunny Meadow Aurora']);
    expect(await parent.page.locator('.chat-pane .hint').innerText()).to.equal('Your dog: Biscuit');
  });

  it('starts a new chat with ?to=, and the message arrives on the other side without a reload', async () => {
    await parent.page.goto(`${siteA.origin}/members/messages`);
    await parent.page.waitForSelector('body.page-ready');
    await newbie.page.goto(`${siteB.origin}/members/chat?to=biscuit`);
    await newbie.page.waitForSelector('[data-conversation-id="-1"].is-active');
    expect(await newbie.page.locator('.chat-pane h2').innerText()).to.equal('Pat Parent');

    expect(await newbie.page.locator('.chat-compose__send').isDisabled()).to.equal(true); // nothing to send yet
    await compose(newbie).press('Enter');
    await dialogCount(newbie, 1);
    expect(newbie.dialogs).to.deep.equal([CHAT_EMPTY_BODY]);

    await sendText(newbie, 'Hello from Nia! Is Biscuit friendly?');
    await newbie.page.locator('.chat-message--mine .chat-message__body', { hasText: 'Hello from Nia!' }).waitFor(LIVE);
    await newbie.page.waitForSelector('.chat-list__item.is-active:not([data-conversation-id="-1"])', LIVE);
    expect(await compose(newbie).inputValue()).to.equal('');
    expect(await newbie.page.locator('.chat-message--mine .chat-message__status').innerText()).to.equal(CHAT_UNREAD);

    // Parent's page, served by the other app process, shows it without a reload.
    const arrived = parent.page.locator('.chat-list__item', { hasText: 'Nia Newbie' });
    await arrived.waitFor(LIVE);
    await parent.page.locator('.unread-badge', { hasText: '1' }).waitFor(LIVE);
    const drawerCount = (text: string) => parent.page.waitForFunction((wanted) => document.querySelector('[data-unread-drawer-count]')?.textContent === wanted, text, LIVE);
    await drawerCount(' (1)'); // the phone menu's Messages link follows the badge
    await arrived.click();
    await parent.page.locator('.chat-message--theirs .chat-message__body', { hasText: 'Is Biscuit friendly?' }).waitFor(LIVE);
    await badge(parent).waitFor({ state: 'hidden', ...LIVE });
    await drawerCount('');

    await newbie.page.locator('.chat-message--mine .chat-message__status', { hasText: /^Read: / }).waitFor(LIVE);
    await sendText(parent, 'Very friendly!');
    await newbie.page.locator('.chat-message--theirs .chat-message__body', { hasText: 'Very friendly!' }).waitFor(LIVE);
  });

  /**
   * Counts the page's own list reloads, and runs it on its own clock: the fallback poll's 4-second
   * intervals pass only when the test says so.
   */
  async function countListReloads(page: Page) {
    await page.addInitScript(() => {
      const counted = window as unknown as { listReloads: number };
      counted.listReloads = 0;
      const fetchOfPage = window.fetch;
      window.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).includes('/members/chat/get-conversations')) counted.listReloads++;
        return fetchOfPage(input, init);
      };
    });
    await page.clock.install();
    return {
      count: () => page.evaluate(() => (window as unknown as { listReloads: number }).listReloads),
      reached: (count: number) => page.waitForFunction((count) => (window as unknown as { listReloads: number }).listReloads === count, count, LIVE),
    };
  }

  it('pushes new messages through the event stream, with no polling while it is open', async () => {
    const page = parent.page;
    const listReloads = await countListReloads(page);
    await page.goto(`${siteA.origin}/members/messages`);
    // the list comes with the page; it reloads once, when the stream opens
    await listReloads.reached(1);
    // three of the fallback poll's intervals
    await page.clock.runFor(12_000);
    expect(await listReloads.count(), 'no polling while the stream is open').to.equal(1);
    await sendText(newbie, 'Pushed, not polled');
    await listReloads.reached(2);
    await page.locator('.chat-list__item', { hasText: 'Nia Newbie' }).click();
    await page.locator('.chat-message--theirs .chat-message__body', { hasText: 'Pushed, not polled' }).waitFor(LIVE);
  });

  it('pushes again after the database drops the listening connections (a restart): the stream opens again by itself, without a reload', async function () {
    // PGlite listens in-process: there is no connection to lose
    if (!process.env.DATABASE_URL) this.skip();
    const page = await parent.context.newPage();
    // on its own clock the page does not poll: whatever it learns comes through the stream
    const listReloads = await countListReloads(page);
    await page.goto(`${siteA.origin}/members/messages`);
    await listReloads.reached(1);
    // what a restart of PostgreSQL does to both apps' listening connections
    const db = await testDb();
    await db.raw('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ?', [LISTENER_APPLICATION_NAME]);
    // the app ends the stream; the browser opens it again, which the app answers once it listens
    // again, and the page reloads its list once for what it may have missed
    await listReloads.reached(2);
    await sendText(newbie, 'Pushed after the restart');
    await listReloads.reached(3);
    await page.locator('.chat-list__item', { hasText: 'Nia Newbie' }).click();
    await page.locator('.chat-message--theirs .chat-message__body', { hasText: 'Pushed after the restart' }).waitFor(LIVE);
    await page.close();
  });

  it('shows a <script> message as text', async () => {
    const body = '<script>window.__chatXss = true</script><b>bold?</b>';
    await sendText(newbie, body);
    const shown = parent.page.locator('.chat-message--theirs .chat-message__body', { hasText: '<script>' });
    await shown.waitFor(LIVE);
    expect(await shown.innerText()).to.equal(body);
    expect(await parent.page.evaluate(() => (window as unknown as { __chatXss?: boolean }).__chatXss)).to.equal(undefined);
    expect(await parent.page.locator('.chat-message b').count()).to.equal(0);
  });

  it('blocks with confirmation, refuses sending on both sides, and unblocks', async () => {
    const conversationId = Number(await newbie.page.locator('.chat-list__item.is-active').getAttribute('data-conversation-id'));
    await parent.page.click('.chat-block');
    await parent.page.locator('dialog[open]', { hasText: 'Block Nia Newbie?' }).waitFor();
    await parent.page.click('[data-block-confirm]');
    await parent.page.locator('.chat-pane__blocked', { hasText: CHAT_BLOCKED_NOTICE }).waitFor(LIVE);
    expect(await compose(parent).count()).to.equal(0);
    await newbie.page.locator('.chat-pane__blocked').waitFor(LIVE);
    expect(await compose(newbie).count()).to.equal(0);
    expect(await newbie.page.locator('.chat-unblock').count()).to.equal(0);

    const fromNewbie = await sendFromPage(newbie, conversationId, 'Are you there?');
    expect(fromNewbie).to.deep.equal({ status: 403, body: { error: CHAT_BLOCKED } });
    const fromParent = await sendFromPage(parent, conversationId, 'Bye');
    expect(fromParent).to.deep.equal({ status: 403, body: { error: CHAT_BLOCKED } });

    await parent.page.click('.chat-unblock');
    await compose(parent).waitFor(LIVE);
    await compose(newbie).waitFor(LIVE);
    await sendText(newbie, 'Thanks for unblocking');
    await parent.page.locator('.chat-message__body', { hasText: 'Thanks for unblocking' }).waitFor(LIVE);
  });

  it('deletes a conversation for the deleting user only', async () => {
    await parent.page.click('.chat-delete');
    await dialogCount(parent, 1);
    await parent.page.locator('.chat-list__item', { hasText: 'Nia Newbie' }).waitFor({ state: 'detached', ...LIVE });
    expect(parent.dialogs.at(-1)).to.match(/^Delete this conversation/);
    await parent.page.reload();
    expect(await parent.page.locator('.chat-list__item', { hasText: 'Nia Newbie' }).count()).to.equal(0);
    await newbie.page.reload();
    await newbie.page.locator('.chat-list__item', { hasText: 'Pat Parent' }).click();
    await newbie.page.locator('.chat-message__body', { hasText: 'Thanks for unblocking' }).waitFor(LIVE);
  });

  it('deletes the conversation that ?to= opened: it leaves the list and a reload does not bring it back (issue 36 §17)', async () => {
    expect(new URL(newbie.page.url()).search).to.equal('?to=biscuit');
    await newbie.page.click('.chat-delete');
    await dialogCount(newbie, 2);
    expect(newbie.dialogs.at(-1)).to.match(/^Delete this conversation/);
    await newbie.page.locator('.chat-list__item', { hasText: 'Pat Parent' }).waitFor({ state: 'detached', ...LIVE });
    expect(new URL(newbie.page.url()).search).to.equal('');
    await newbie.page.reload();
    await newbie.page.waitForSelector('body.page-ready');
    expect(await newbie.page.locator('.chat-list__item', { hasText: 'Pat Parent' }).count()).to.equal(0);
  });
});
