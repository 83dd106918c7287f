// The feedback banner (issue 4 point 8, spec 2 §4, §5, §8, §9) and the page-view event (point 10,
// spec 1 §9) in Chromium, on the results pages of parent@demo.test's dog with the demo population.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { demoBrowserSuite } from '../support/browser.js';
import { testDb } from '../support/database.js';
import { DEMO_ACCOUNTS } from '../../server/demo/accounts.js';
import { FEEDBACK_ERROR, FEEDBACK_QUESTION, FEEDBACK_THANKS } from '../../server/shared/feedback-rules.js';
import { captureLogLines, type LogEntry } from '../../server/usage/log.js';
import type { Db } from '../../server/db/index.js';

describe('feedback banner and page views in the browser', function () {
  this.timeout(240_000);
  const site = demoBrowserSuite();
  let page: Page;
  let db: Db;
  let biscuitUuid: string;
  let consoleErrors: string[];

  before(async () => {
    db = await testDb();
    biscuitUuid = (await db('pets').where({ pet_num: site.biscuit }).first('id')).id;
  });

  beforeEach(async () => {
    await db('feedback').del();
    page = await site.newPage();
    consoleErrors = [];
    // Only our widget's and tracker's errors: other parts of the page may miss an image.
    page.on('console', (message) => message.type() === 'error' && /feedback|usage/i.test(message.text()) && consoleErrors.push(message.text()));
    page.on('pageerror', (error) => console.error('page error:', error));
    await site.signIn(page, 'parent');
  });

  const banner = () => page.locator('.feedback-banner');
  const dialog = () => page.locator('dialog.modal[id^="feedback-"][open]');
  /** What the server says next when the banner asks whether to show itself. */
  const shouldShowAnswer = async (): Promise<boolean> => {
    const response = await page.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('ShouldShowFeedback'));
    return (await response.json()).data.shouldShowFeedback;
  };

  it('takes a Yes with a chip and text, confirms it, stores it and hides the banner on closing', async () => {
    await page.goto(`${site.origin}/members/results/health?i=${site.biscuit}`);
    await banner().waitFor();
    expect(await banner().innerText()).to.include(FEEDBACK_QUESTION);

    await banner().locator('[data-answer="yes"]').click();
    await dialog().waitFor();
    expect(await dialog().locator('.feedback-chip').allInnerTexts()).to.deep.equal(['Specific', 'Learned something', 'Easy to understand', 'Will use', 'Put me at ease']);
    const submit = dialog().locator('button[type="submit"]');
    const counter = dialog().locator('.feedback-form__counter');
    expect(await counter.innerText()).to.equal('0/500');

    await dialog().locator('[data-chip="learned_something"]').click();
    expect(await dialog().locator('[data-chip="learned_something"]').getAttribute('aria-pressed')).to.equal('true');

    // Over the limit: the counter says so and submit is disabled; back within it, enabled again.
    const textBox = dialog().locator('textarea');
    await textBox.fill('x'.repeat(501));
    expect(await counter.innerText()).to.include('501/500');
    expect(await submit.isDisabled()).to.equal(true);
    await textBox.fill('The carrier explanation helped.');
    expect(await counter.innerText()).to.equal('31/500');
    expect(await submit.isEnabled()).to.equal(true);

    await submit.click();
    await dialog().getByText(FEEDBACK_THANKS).waitFor();
    const rows = await db('feedback').select('page', 'variant', 'pet_uuid', 'is_helpful', 'selected_feedback', 'additional_text');
    expect(rows).to.deep.equal([
      { page: 'health', variant: 'default', pet_uuid: biscuitUuid, is_helpful: true, selected_feedback: ['learned_something'], additional_text: 'The carrier explanation helped.' },
    ]);

    await dialog().locator('.modal__close').click();
    await banner().waitFor({ state: 'detached' });
    const asked = shouldShowAnswer();
    await page.reload();
    expect(await asked, 'the server no longer asks on this page').to.equal(false);
    expect(await banner().count()).to.equal(0);
    // Other pages of the dog still ask.
    await page.goto(`${site.origin}/members/results/traits?i=${site.biscuit}`);
    await banner().waitFor();
    expect(consoleErrors).to.deep.equal([]);
  });

  it("shows the No chips, and 'Error submitting feedback' when the server fails; closing keeps the banner", async () => {
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('addFeedback')) {
        await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'Internal Server Error' }] }) });
      } else {
        await route.continue();
      }
    });
    await page.goto(`${site.origin}/members/results/summary?i=${site.biscuit}`);
    await banner().locator('[data-answer="no"]').click();
    await dialog().waitFor();
    expect(await dialog().locator('.feedback-chip').allInnerTexts()).to.deep.equal(['Not specific', 'Did not learn anything', 'Too long', 'Worried me']);
    await dialog().locator('[data-chip="too_long"]').click();
    await dialog().locator('button[type="submit"]').click();
    expect(await dialog().locator('[role="alert"]').innerText()).to.equal(FEEDBACK_ERROR);
    expect(await db('feedback').count('* as c').then((r) => Number(r[0].c))).to.equal(0);

    const refetched = shouldShowAnswer();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await refetched, 'the refetch answers true').to.equal(true);
    expect(await banner().isVisible(), 'the banner stays').to.equal(true);
  });

  it('sends the page view with the category about 25 ms after start-up', async () => {
    const lines: LogEntry[] = [];
    const restore = captureLogLines((entry) => lines.push(entry));
    try {
      await page.addInitScript(() => {
        const w = window as unknown as { __pageViews: number };
        w.__pageViews = 0;
        const original = window.fetch.bind(window);
        window.fetch = (input, init) => {
          if (String(input).includes('/api/usage/page-view')) w.__pageViews++;
          return original(input, init);
        };
      });
      // the page's clock stands still but as the test moves it
      await page.clock.install({ time: new Date('2026-11-24T12:00:00Z') });
      await page.clock.pauseAt(new Date('2026-11-24T12:00:01Z'));
      const pageViews = () => page.evaluate(() => (window as unknown as { __pageViews: number }).__pageViews);
      // The dashboard's own page view, from signing in, may still be on its way: wait for this page's.
      const answered = page.waitForResponse(
        (response) => response.url().endsWith('/api/usage/page-view') && response.request().postDataJSON()?.category === 'results-traits',
      );
      await page.goto(`${site.origin}/members/results/traits?i=${site.biscuit}`);
      // the start-up module waits 25 ms before it sends the page view
      expect(await pageViews(), 'nothing sent at start-up').to.equal(0);
      await page.clock.runFor(24);
      expect(await pageViews(), 'nor 24 ms after').to.equal(0);
      await page.clock.runFor(1);
      const response = await answered;
      expect(await pageViews()).to.equal(1);
      expect(response.status()).to.equal(204);
      expect(response.request().postDataJSON()).to.deep.equal({ category: 'results-traits', path: '/members/results/traits' });
      expect(await response.request().headerValue('x-csrf-token')).to.be.a('string').and.not.equal('');


      const parent = await db('users').where({ email: DEMO_ACCOUNTS.parent.email }).first('id');
      expect(lines.find((line) => line.category === 'results-traits')).to.deep.include({ level: 30, userId: parent.id, impersonated: false, path: '/members/results/traits' });
    } finally {
      restore();
    }
  });

  it('logs a failed page view as an error and shows nothing', async () => {
    await page.route('**/api/usage/page-view', (route) => route.fulfill({ status: 500, body: 'boom' }));
    const failed = page.waitForEvent('console', (message) => message.type() === 'error' && message.text().includes('Usage tracking event failed'));
    await page.goto(`${site.origin}/members/profile`);
    await failed;
    expect(await page.locator('body').innerText()).to.not.include('Usage tracking');
    expect(await page.locator('[role="alert"]:visible').count()).to.equal(0);
  });
});
