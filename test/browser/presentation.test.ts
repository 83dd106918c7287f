// Issue 36 §14: the presentation constants of spec 2 §9 in Chromium. Scroll reveal (view factor 0.2,
// 200 ms × step), reduced motion and no scripts showing everything; the hero at 60% of the window's
// smaller side; the xl breakpoint (1440 px); the gallery slider's fixed height above 768 px; the home
// video dialog; the care-resources banner of a dog's summary.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite, demoBrowserSuite, LAPTOP, PHONE } from '../support/browser.js';
import { signInAsDemo } from '../support/demo.js';
import { mediaTestApp, petNumOf, testJpeg, upload, type MediaTestApp } from '../integration/media/helpers.js';
import { testDb } from '../support/database.js';
import { seriousViolations } from '../support/axe.js';
import { REVEAL_STEP_DELAY_MS } from '../../widgets/startup/constants.js';
import { resetToDemoData } from '../support/demo.js';

describe('presentation constants in the browser (spec 2 §9)', function () {
  this.timeout(240_000);
  let media: MediaTestApp;
  const site = browserSuite(async () => {
    await resetToDemoData();
    media = await mediaTestApp();
    return media.app;
  });

  after(async () => {
    await (await testDb())('media').delete();
    media?.cleanUp();
  });

  const pendingSteps = (page: Page) =>
    page.locator('.steps [data-reveal]').evaluateAll((items) =>
      items.map((item) => ({ pending: item.classList.contains('reveal-pending'), opacity: getComputedStyle(item).opacity, delay: getComputedStyle(item).transitionDelay })),
    );

  it('reveals the sections below the fold as they scroll into view, staggered by 200 ms a step', async () => {
    const page = await site.openPage('/', { viewport: LAPTOP });
    await page.waitForFunction(() => document.querySelector('.steps [data-reveal].reveal-pending') !== null);
    // what the first screen shows is never hidden
    expect(await page.locator('.hero [data-reveal].reveal-pending, .hero .reveal-pending').count()).to.equal(0);
    const before = await pendingSteps(page);
    expect(before.map((step) => [step.pending, step.opacity])).to.deep.equal([[true, '0'], [true, '0'], [true, '0']]);

    // each step's fade waits 200 ms × its step: seen by holding the reveal at its start
    await page.evaluate(() => {
      (window as unknown as { delays: string[] }).delays = [];
      document.addEventListener('transitionrun', (event) => (window as unknown as { delays: string[] }).delays.push(`${(event.target as HTMLElement).dataset.reveal}:${getComputedStyle(event.target as HTMLElement).transitionDelay}`));
    });
    await page.locator('.steps').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => [...document.querySelectorAll('.steps [data-reveal]')].every((item) => !item.classList.contains('reveal-pending')));
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('.steps [data-reveal]')].every((item) => getComputedStyle(item).opacity === '1'));
    const delays = await page.evaluate(() => [...new Set((window as unknown as { delays: string[] }).delays)]);
    for (const step of [1, 2, 3]) expect(delays, `step ${step}`).to.include(`${step}:${(step * REVEAL_STEP_DELAY_MS) / 1000}s`);
    // once shown, a card's own transitions are its own again
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLElement>('.steps [data-reveal]')].every((item) => item.style.transitionDelay === ''));
  });

  it('hides nothing with reduced motion, nor without scripts', async () => {
    const page = await site.newPage({ viewport: LAPTOP });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(site.url('/'));
    await page.waitForSelector('body.page-ready');
    expect(await page.locator('.reveal-pending').count()).to.equal(0);
    expect(await page.locator('[data-reveal]').evaluateAll((items) => items.every((item) => getComputedStyle(item).opacity === '1'))).to.equal(true);

    const noScript = await site.openPage('/', { viewport: LAPTOP, javaScriptEnabled: false });
    expect(await noScript.locator('[data-reveal]').count()).to.be.greaterThan(9);
    expect(await noScript.locator('[data-reveal]').evaluateAll((items) => items.every((item) => getComputedStyle(item).opacity === '1'))).to.equal(true);
  });

  it('loads the reveal script only on pages that mark something to reveal', async () => {
    for (const [path, expected] of [['/', true], ['/help', false]] as const) {
      const page = await site.newPage({ viewport: LAPTOP });
      const scripts: string[] = [];
      page.on('response', (response) => scripts.push(response.url()));
      await page.goto(site.url(path));
      await page.waitForSelector('body.page-ready');
      const bodies = await Promise.all(
        scripts.filter((url) => url.endsWith('.js')).map((url) => page.evaluate(async (u) => (await fetch(u)).text(), url)),
      );
      expect(bodies.some((body) => body.includes('reveal-pending')), path).to.equal(expected);
    }
  });

  it('opens the home video in a dialog that Esc closes, fetching the video only then; without scripts the link is the video', async () => {
    const page = await site.newPage({ viewport: PHONE });
    const videoRequests: string[] = [];
    page.on('request', (request) => request.url().endsWith('.webm') && videoRequests.push(request.url()));
    await page.goto(site.url('/'));
    await page.waitForSelector('body.page-ready');
    const link = page.getByRole('link', { name: 'Watch how it works (12 seconds)' });
    await page.waitForFunction(() => document.querySelector('a[data-home-video]')?.getAttribute('aria-haspopup') === 'dialog');
    expect(videoRequests, 'nothing of the video before it is asked for').to.deep.equal([]);
    expect(await page.locator('#home-video-dialog').isVisible()).to.equal(false);

    await link.click();
    const dialog = page.getByRole('dialog', { name: 'How it works' });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => (element as HTMLDialogElement).matches(':modal'))).to.equal(true);
    expect(await dialog.locator('video track[kind="captions"]').count()).to.equal(1);
    expect(await seriousViolations(page)).to.deep.equal([]);
    await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('#home-video-dialog video')!.currentSrc.endsWith('/static/video/how-it-works.webm'));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // the dialog's close event, which pauses the video, comes in a task after the dialog hides
    await page.waitForFunction(() => (document.querySelector('#home-video-dialog video') as HTMLVideoElement).paused);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-home-video'))).to.equal(true);

    const noScript = await site.openPage('/', { javaScriptEnabled: false });
    const href = await noScript.getByRole('link', { name: 'Watch how it works (12 seconds)' }).getAttribute('href');
    const video = await noScript.request.get(site.url(href!));
    expect([video.status(), video.headers()['content-type']]).to.deep.equal([200, 'video/webm']);
    expect((await noScript.request.get(site.url('/static/video/how-it-works.vtt'))).status()).to.equal(200);
  });

  it('makes the hero image 60% of the smaller window side, on a phone and a laptop', async () => {
    for (const viewport of [PHONE, LAPTOP, { width: 900, height: 1200 }]) {
      const page = await site.openPage('/', { viewport });
      const box = await page.locator('.hero__art').boundingBox();
      expect(box!.height, `${viewport.width}×${viewport.height}`).to.be.closeTo(0.6 * Math.min(viewport.width, viewport.height), 1);
    }
  });

  it('widens the page frame from the xl breakpoint (1440 px)', async () => {
    const width = async (viewportWidth: number) => {
      const page = await site.openPage('/help', { viewport: { width: viewportWidth, height: 900 } });
      return (await page.locator('main.page').boundingBox())!.width;
    };
    expect(await width(1439)).to.equal(1240);
    expect(await width(1440)).to.equal(1360);
  });

  it('gives the gallery slider a fixed height above 768 px, and each photo its own height below', async () => {
    const parent = await signInAsDemo(media.app, 'parent');
    const biscuit = await petNumOf('biscuit');
    for (const [width, height, name] of [[400, 200, 'wide.jpg'], [200, 400, 'tall.jpg']] as const) {
      expect((await upload(parent, biscuit, await testJpeg({ width, height, seed: width }), name, { mediaType: 'image', isGalleryUpload: 'true' })).status, name).to.equal(201);
    }
    const heights = async (viewportWidth: number) => {
      const page = await site.openPage('/dog/biscuit#gallery', { viewport: { width: viewportWidth, height: 900 } });
      await page.waitForFunction(() => document.querySelectorAll('.gallery-carousel .gallery-slide__media img').length === 2);
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.gallery-carousel .gallery-slide__media img')].every((img) => img.complete && img.naturalWidth > 0));
      return page.locator('.gallery-carousel .gallery-slide__media').evaluateAll((slides) => slides.map((slide) => Math.round(slide.getBoundingClientRect().height)));
    };
    const wide = await heights(769);
    expect(wide).to.deep.equal([480, 480]);
    const narrow = await heights(768);
    expect([...narrow].sort(), 'each slide as tall as its photo').to.deep.equal([200, 400]);
  });
});

describe('the care-resources banner in the browser (spec 2 §2)', function () {
  this.timeout(240_000);
  const demo = demoBrowserSuite();

  it("shows the care-resources banner on the summary of a dog whose flag is on, and it opens the dog's care resources", async () => {
    await (await testDb())('pets').where({ pet_num: demo.biscuit }).update({ should_show_care_resources: true });
    const page = await demo.openReadyPage(`/members/results/summary?i=${demo.biscuit}`, { viewport: PHONE, as: 'parent' });
    const banner = page.locator('[data-care-resources-banner]');
    expect(await banner.getByRole('heading').innerText()).to.equal('Care resources for Biscuit');
    expect(await seriousViolations(page, '[data-care-resources-banner]')).to.deep.equal([]);
    await Promise.all([page.waitForURL(/\/members\/results\/care\?i=/), banner.getByRole('link', { name: 'See care resources' }).click()]);
  });
});
