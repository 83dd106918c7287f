// Keyboard use of every modal (issue 20 item 4): opened from the keyboard, focus moves into the
// dialog and Tab / Shift+Tab stay inside it, Escape closes it and focus returns to its opener.
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { demoBrowserSuite } from '../support/browser.js';
import { testDb } from '../support/database.js';

const focusIsInDialog = (page: Page) => page.evaluate(() => document.activeElement?.closest('dialog[open]') != null);

async function expectKeyboardModal(page: Page, opener: Locator, name: string): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator('dialog[open]');
  await dialog.waitFor();
  expect(await dialog.getAttribute('class'), `${name}: the shared modal`).to.match(/^modal( modal--\w+)?$/);
  expect(await dialog.locator(':scope > .modal__header .modal__close').count(), `${name}: its close button`).to.equal(1);
  expect(await focusIsInDialog(page), `${name}: focus moves in`).to.equal(true);
  const controls = await dialog.evaluate((el) => el.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]), select, textarea, summary').length);
  for (let i = 0; i < controls + 2; i++) {
    await page.keyboard.press('Tab');
    expect(await focusIsInDialog(page), `${name}: Tab ${i + 1} of ${controls + 2}`).to.equal(true);
  }
  for (let i = 0; i < controls + 2; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusIsInDialog(page), `${name}: Shift+Tab ${i + 1}`).to.equal(true);
  }
  // Escape from a control that is not a text field (a text field may use Escape itself).
  await dialog.locator('button').first().focus();
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.querySelector('dialog[open]') === null);
  expect(await opener.evaluate((el) => el === document.activeElement), `${name}: focus returns to the opener`).to.equal(true);
}

describe('keyboard use of modals', function () {
  this.timeout(300_000);
  const site = demoBrowserSuite();
  let page: Page;

  // a page of its own for each test, signed in as the parent
  beforeEach(async () => {
    page = await site.signedInPage('parent');
    page.on('pageerror', (error) => console.error('page error:', error));
  });

  it('the genetic stats explanations on the summary page', async () => {
    await page.goto(`${site.origin}/members/results/summary?i=${site.biscuit}`);
    const openers = page.locator('[data-widget="genetic-stats"] [aria-haspopup="dialog"]');
    await openers.first().waitFor();
    const count = await openers.count();
    expect(count).to.be.greaterThan(1);
    for (let i = 0; i < count; i++) await expectKeyboardModal(page, openers.nth(i), `genetic stats ${i}`);
  });

  it('every settings, location and vet information modal of the about page', async () => {
    await page.goto(`${site.origin}/members/pet/about/${site.biscuit}`);
    await page.locator('[data-open-setting]').first().waitFor();
    await page.locator('[data-widget="vet-info"] [aria-haspopup="dialog"]').first().waitFor();
    const openers = page.locator('[aria-haspopup="dialog"]');
    const count = await openers.count();
    expect(count).to.be.greaterThan(8);
    for (let i = 0; i < count; i++) {
      const name = (await openers.nth(i).getAttribute('data-open-setting')) ?? (await openers.nth(i).innerText());
      await expectKeyboardModal(page, openers.nth(i), name);
    }
  });

  const focused = () => page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''}` : null;
  });

  it('keeps the keyboard on the titles field when a chip is added from a suggestion or removed', async () => {
    await page.goto(`${site.origin}/members/pet/about/${site.biscuit}`);
    const input = page.locator('#about-pet-prefixTitles');
    await input.waitFor();
    await input.focus();
    await page.keyboard.type('CH');
    await page.locator('[data-field="prefixTitles"] [data-suggestion="CH"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-chips="prefixTitles"] [data-chip="CH"]').waitFor();
    expect(await focused(), 'after adding a suggestion').to.equal('input#about-pet-prefixTitles');
    await page.keyboard.type('GCH');
    await page.keyboard.press('Enter');
    await page.locator('[data-chips="prefixTitles"] [data-chip="GCH"]').waitFor();
    await page.locator('[data-chips="prefixTitles"] [aria-label="Remove CH"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.querySelector('[data-chips="prefixTitles"] [data-chip="CH"]'));
    expect(await focused(), 'after removing a chip: the next one').to.equal('button[Remove GCH]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.querySelector('[data-chips="prefixTitles"] [data-chip="GCH"]'));
    expect(await focused(), 'after removing the last chip: the input').to.equal('input#about-pet-prefixTitles');
  });

  it('keeps the keyboard in the chat after the first message of a new conversation, and after deleting one', async () => {
    const db = await testDb();
    // a dog whose owner the parent has never written to; the message is deleted again, so the demo conversations stay as they were
    const parent = await db('users').where({ email: 'parent@demo.test' }).first('id');
    const other = await db('pets').join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num')
      .where('pets.privacy', 'public').whereNull('pets.deleted_at').whereNot('pet_owners.user_id', parent.id)
      .whereNotExists(db('conversation_participants').whereRaw('conversation_participants.user_id = pet_owners.user_id').select(db.raw('1')))
      .orderBy('pets.pet_num').first('pets.handle');
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${site.origin}/members/chat?to=${other.handle}`);
    // act once the page is ready and the new conversation is listed and open, not on a compose box about to be replaced
    await page.waitForSelector('body.page-ready');
    await page.waitForSelector('[data-conversation-id="-1"].is-active');
    const box = page.locator('#chat-compose-body');
    await box.waitFor();
    await box.focus();
    await page.keyboard.type('Hello from the keyboard');
    await page.keyboard.press('Enter');
    await page.locator('.chat-delete').waitFor();
    // focus comes back to the compose box once the sent conversation is in place
    await page.waitForFunction(() => document.activeElement?.id === 'chat-compose-body');
    expect(await focused(), 'after the first message').to.equal('textarea#chat-compose-body');
    await page.locator('.chat-delete').focus();
    await page.keyboard.press('Enter');
    await page.locator('.chat-pane--empty').waitFor();
    await page.waitForFunction(() => document.activeElement?.matches('.chat-list__item, .chat-pane--empty') === true);
  });

  it('the block dialog of a chat', async () => {
    await page.goto(`${site.origin}/members/messages`);
    // the inbox widget takes the list's clicks once the page is ready
    await page.waitForSelector('body.page-ready');
    await page.locator('.chat-list__item').first().click();
    const block = page.locator('.chat-block');
    await block.waitFor();
    await expectKeyboardModal(page, block, 'block user');
    expect(await page.locator('.chat-pane__blocked').count(), 'Escape blocks nobody').to.equal(0);
  });

  it('the feedback dialog of a results page', async () => {
    const db = await testDb();
    await db('feedback').del();
    await page.goto(`${site.origin}/members/results/health?i=${site.biscuit}`);
    const answer = page.locator('.feedback-banner__answer[data-answer="yes"]');
    await answer.waitFor();
    await expectKeyboardModal(page, answer, 'feedback');
  });
});
