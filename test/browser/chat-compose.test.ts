// QA findings on the chat's compose box: focus stays in the message box after a send (sent,
// refused or failed, and when the first message replaces the box with the saved conversation's),
// and Send is disabled while the box holds only spaces and line breaks.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite, pageErrors } from '../support/browser.js';
import { demoAccountsApp } from '../support/demo.js';
import { CHAT_BLOCKED, CHAT_EMPTY_BODY, CHAT_SEND_FAILED } from '../../server/shared/messages.js';

const LIVE = { timeout: 15_000 };
const BOX = '.chat-compose__body';
const SEND = '.chat-compose__send';

describe('the chat compose box in the browser', function () {
  this.timeout(120_000);
  const site = browserSuite(demoAccountsApp);
  let page: Page;
  let dialogs: string[];
  let errors: string[];

  const focusIsInBox = () => page.evaluate(() => document.activeElement?.classList.contains('chat-compose__body') ?? false);
  const sendDisabled = () => page.locator(SEND).isDisabled();
  /** Waits until the box has focus again (a send settles asynchronously), then says whether it has. */
  async function boxRegainsFocus(): Promise<boolean> {
    await page.waitForFunction(() => document.activeElement?.classList.contains('chat-compose__body'), null, LIVE).catch(() => undefined);
    return focusIsInBox();
  }

  beforeEach(async () => {
    page = await site.signedInPage('newbie');
    dialogs = [];
    errors = pageErrors(page);
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
  });

  afterEach(() => {
    expect(errors).to.deep.equal([]);
  });

  it('keeps Send disabled while the box is empty or holds only spaces and line breaks', async () => {
    await page.goto(site.url('/members/chat?to=biscuit'));
    await page.waitForSelector('[data-conversation-id="-1"].is-active');
    expect(await sendDisabled(), 'empty').to.equal(true);
    await page.fill(BOX, '   \n\n  \t ');
    expect(await sendDisabled(), 'spaces and line breaks').to.equal(true);
    // Enter still answers a blank box with the spec alert (spec 2 §5), and sends nothing.
    await page.focus(BOX);
    const alerted = page.waitForEvent('dialog');
    await page.keyboard.press('Enter');
    await alerted;
    expect(dialogs).to.deep.equal([CHAT_EMPTY_BODY]);
    expect(await focusIsInBox()).to.equal(true);
    await page.fill(BOX, '  Hi  ');
    expect(await sendDisabled(), 'text').to.equal(false);
    await page.fill(BOX, '');
    expect(await sendDisabled(), 'emptied again').to.equal(true);
  });

  it('returns focus to the message box after Send is clicked, also when the first message starts the conversation', async () => {
    await page.goto(site.url('/members/chat?to=biscuit'));
    await page.waitForSelector('[data-conversation-id="-1"].is-active');
    await page.fill(BOX, 'First message from Nia');
    await page.click(SEND);
    await page.locator('.chat-message--mine .chat-message__body', { hasText: 'First message from Nia' }).waitFor(LIVE);
    await page.waitForSelector('.chat-list__item.is-active:not([data-conversation-id="-1"])', LIVE);
    expect(await boxRegainsFocus(), 'after the first message').to.equal(true);

    // The writer types the next message straight away, without clicking into the box.
    await page.keyboard.type('Second message, typed at once');
    expect(await page.locator(BOX).inputValue()).to.equal('Second message, typed at once');
    await page.click(SEND);
    await page.locator('.chat-message--mine .chat-message__body', { hasText: 'Second message, typed at once' }).waitFor(LIVE);
    expect(await boxRegainsFocus(), 'after a later message').to.equal(true);
    await page.waitForFunction((box) => (document.querySelector(box) as HTMLTextAreaElement).value === '', BOX, LIVE);
  });

  it('returns focus to the message box when a send is refused or fails', async () => {
    await page.goto(site.url('/members/chat?to=biscuit'));
    await page.waitForSelector('.chat-list__item.is-active:not([data-conversation-id="-1"])', LIVE);

    await page.route('**/members/chat/send-message', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error: CHAT_BLOCKED }) }));
    await page.fill(BOX, 'Refused one');
    await page.click(SEND);
    expect(await boxRegainsFocus(), 'after a refusal').to.equal(true);
    expect(dialogs).to.deep.equal([CHAT_BLOCKED]);
    expect(await page.locator(BOX).inputValue(), 'the text is kept to try again').to.equal('Refused one');

    await page.unroute('**/members/chat/send-message');
    await page.route('**/members/chat/send-message', (route) => route.abort());
    await page.click(SEND);
    expect(await boxRegainsFocus(), 'after a failure').to.equal(true);
    expect(dialogs).to.deep.equal([CHAT_BLOCKED, CHAT_SEND_FAILED]);
    expect(await sendDisabled()).to.equal(false);
  });
});
