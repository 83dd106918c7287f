// Usage categories of page parts in Chromium (spec 1 §2, issue 36 §20): the share center, the age test,
// the vet onboarding checklist and the breed reveal are sent when the user sees that part, once per page view.
import { expect } from 'chai';
import type { Page, Request } from 'playwright-core';
import { demoBrowserSuite, pageErrors } from '../support/browser.js';
import { ownedPetNum } from '../integration/results/population.js';
import { DEMO_ACCOUNTS } from '../../server/demo/accounts.js';

const PAGE_VIEW = '/api/usage/page-view';

/** Every usage event the page sends from now on, as { category, path }. */
function usageEvents(page: Page): { category: string; path: string }[] {
  const events: { category: string; path: string }[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(PAGE_VIEW)) events.push(request.postDataJSON());
  });
  return events;
}

/** The usage event of `category` the page sends next, answered by the server. */
async function nextEvent(page: Page, category: string): Promise<Request> {
  const response = await page.waitForResponse((answer) => answer.url().endsWith(PAGE_VIEW) && answer.request().postDataJSON()?.category === category);
  expect(response.status(), `${category} accepted`).to.equal(204);
  return response.request();
}

const isBelowTheFold = (page: Page, selector: string) => page.locator(selector).evaluate((element) => element.getBoundingClientRect().top > window.innerHeight);

describe('usage events of page parts (issue 36 §20)', function () {
  this.timeout(180_000);
  const site = demoBrowserSuite();

  it('sends share-center when the share-with-vet panel is opened, once, and age-test when the age test scrolls into view', async () => {
    const maple = await ownedPetNum(DEMO_ACCOUNTS.parent.email, 'Maple');
    const page = await site.signedInPage('parent', { viewport: { width: 1280, height: 500 } });
    const errors = pageErrors(page);
    const events = usageEvents(page);
    const pageView = nextEvent(page, 'results-summary');
    await page.goto(site.url(`/members/results/summary?i=${maple}`));
    await pageView;
    await page.waitForSelector('body.page-ready');
    expect(await isBelowTheFold(page, '[data-age-test]'), 'the age test starts out of view').to.equal(true);
    expect(events.map((event) => event.category)).to.deep.equal(['results-summary']);

    const summary = page.locator('[data-vet-share] > summary');
    const shared = nextEvent(page, 'share-center');
    await summary.click();
    expect((await shared).postDataJSON()).to.deep.equal({ category: 'share-center', path: '/members/results/summary' });
    await summary.click(); // closed
    await summary.click(); // and opened again: the same page view, no second event

    const aged = nextEvent(page, 'age-test');
    await page.locator('[data-age-test]').scrollIntoViewIfNeeded();
    await aged;
    await page.locator('h1').first().scrollIntoViewIfNeeded();
    await page.locator('[data-age-test]').scrollIntoViewIfNeeded();
    // a later event of the page, so everything sent before it has been seen
    const later = nextEvent(page, 'results-summary');
    await page.evaluate(() => fetch('/api/usage/page-view', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)![1]) }, body: JSON.stringify({ category: 'results-summary', path: location.pathname }) }));
    await later;
    expect(events.map((event) => event.category)).to.deep.equal(['results-summary', 'share-center', 'age-test', 'results-summary']);
    expect(errors).to.deep.equal([]);
  });

  it('sends vet-onboarding-checklist when the checklist on the vet dashboard comes into view', async () => {
    const page = await site.signedInPage('vet', { viewport: { width: 1280, height: 500 } });
    const events = usageEvents(page);
    const pageView = nextEvent(page, 'vet-dashboard');
    await page.goto(site.url('/members'));
    await pageView;
    await page.waitForSelector('body.page-ready');
    expect(await isBelowTheFold(page, '#onboarding'), 'the checklist starts out of view').to.equal(true);
    expect(events.map((event) => event.category)).to.deep.equal(['vet-dashboard']);
    const checklist = nextEvent(page, 'vet-onboarding-checklist');
    await page.locator('#onboarding').scrollIntoViewIfNeeded();
    expect((await checklist).postDataJSON()).to.deep.equal({ category: 'vet-onboarding-checklist', path: '/members' });
  });

  it('sends breed-reveal when the breed page is opened from the reveal banner’s Replay link, not when opened otherwise', async () => {
    const page = await site.signedInPage('parent');
    const events = usageEvents(page);
    await page.goto(site.url('/dog/biscuit'));
    const pageView = nextEvent(page, 'results-breed');
    const revealed = nextEvent(page, 'breed-reveal');
    await page.locator('[data-breed-reveal-banner] a', { hasText: 'Replay breed reveal' }).click();
    await pageView;
    expect((await revealed).postDataJSON()).to.deep.equal({ category: 'breed-reveal', path: '/members/results/breed-and-ancestry' });
    expect(page.url()).to.match(/#breed-reveal$/);

    events.length = 0;
    const plain = nextEvent(page, 'results-breed');
    await page.goto(site.url(`/members/results/breed-and-ancestry?i=${site.biscuit}`));
    await plain;
    await page.waitForSelector('body.page-ready');
    const later = nextEvent(page, 'results-breed');
    await page.reload();
    await later;
    expect(events.map((event) => event.category)).to.deep.equal(['results-breed', 'results-breed']);
  });
});
