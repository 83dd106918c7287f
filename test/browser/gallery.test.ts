// Issue 12 in Chromium: the parent uploads a real JPEG whose EXIF says "rotate 90°", sees it upright in
// the carousel, wags (and sees a refused wag revert with 'Action failed!'), captions, rotates, makes it
// the profile picture and deletes it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { sharedChromium, closeContexts, newContext, serve, signInThroughRequest } from '../support/browser.js';
import { DEMO_ACCOUNTS, resetToDemoData, signInAsDemo } from '../support/demo.js';
import { testDb } from '../support/database.js';
import { DEMO_PASSWORD } from '../../server/demo/accounts.js';
import { seriousViolations } from '../support/axe.js';
import { MEDIA_ACTION_FAILED, MEDIA_GAVE_A_WAG, MEDIA_GIVE_A_WAG } from '../../server/shared/messages.js';
import { filesUnder, mediaTestApp, petNumOf, testJpeg, upload, type MediaTestApp } from '../integration/media/helpers.js';

const MINIMAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('gallery in the browser', function () {
  this.timeout(240_000);
  let browser: Browser;
  let page: Page;
  let t: MediaTestApp;
  let site: Awaited<ReturnType<typeof serve>>;
  let biscuit: number;
  let photoFile: string;
  const errors: string[] = [];

  const activeImage = () => page.locator('.gallery-carousel .swiper-slide-active .gallery-slide__media img');
  const naturalSize = () => activeImage().evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth ? [img.naturalWidth, img.naturalHeight] : null));
  async function waitForSize(size: [number, number]) {
    await page.waitForFunction(([w, h]) => {
      const img = document.querySelector<HTMLImageElement>('.gallery-carousel .swiper-slide-active .gallery-slide__media img');
      return Boolean(img && img.complete && img.naturalWidth === w && img.naturalHeight === h);
    }, size);
  }

  before(async () => {
    await resetToDemoData();
    biscuit = await petNumOf('biscuit');
    t = await mediaTestApp();
    site = await serve(t.app);
    // 400 × 200 pixels stored sideways, with EXIF orientation 6: upright it is 200 wide and 400 tall.
    photoFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-browser-')), 'sideways.jpg');
    fs.writeFileSync(photoFile, await testJpeg({ width: 400, height: 200, orientation: 6, seed: 7 }));
    browser = await sharedChromium();
    page = await (await newContext(browser)).newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('dialog', (dialog) => void dialog.accept());
    await signInThroughRequest(page.context(), site.origin, DEMO_ACCOUNTS.parent.email, DEMO_PASSWORD);
  });

  after(async () => {
    await closeContexts(browser);
    await site?.close();
    t?.cleanUp();
    if (photoFile) fs.rmSync(path.dirname(photoFile), { recursive: true, force: true });
    const db = await testDb();
    await db('pets').update({ profile_image_public_id: null });
    await db('media').delete();
  });

  it('uploads, shows upright, wags, captions, rotates, becomes the profile picture and is deleted', async () => {
    const db = await testDb();
    await page.goto(`${site.origin}/members/results/profile?i=${biscuit}`);
    await page.locator('.gallery__empty').waitFor();
    await page.selectOption('#gallery-media-type', 'image');
    await page.setInputFiles('#gallery-file', photoFile);
    await Promise.all([page.waitForURL(/\/members\/pet-upload-succeeded\/image\//), page.click('.gallery-upload button[type="submit"]')]);
    expect(await page.locator('h1').innerText()).to.equal('Photo uploaded');
    expect(await seriousViolations(page), 'landing page').to.deep.equal([]);
    await Promise.all([page.waitForURL(/\/members\/results\/profile\?i=/), page.click('text=Go to Biscuit’s gallery')]);

    // Upright in the carousel: EXIF orientation applied on the server.
    await waitForSize([200, 400]);
    expect(await naturalSize()).to.deep.equal([200, 400]);
    expect(await seriousViolations(page), 'gallery').to.deep.equal([]);

    // A wag, then a refused one that reverts.
    const wag = page.locator('.swiper-slide-active [data-wag-button]');
    const count = page.locator('.swiper-slide-active [data-wag-count]');
    expect(await wag.innerText()).to.equal(MEDIA_GIVE_A_WAG);
    const wagged = page.waitForResponse((response) => response.url().includes('/api/media-likes/'));
    await wag.click();
    expect((await wagged).status()).to.equal(200);
    await page.waitForFunction(() => document.querySelector('.swiper-slide-active [data-wag-count]')?.textContent === '1 wag');
    expect(await wag.innerText()).to.equal(MEDIA_GAVE_A_WAG);
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.swiper-slide-active [data-wag-button]')?.disabled);
    expect(await db('media_likes').count('* as n').first()).to.deep.equal({ n: 1 });
    await page.route('**/api/media-likes/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal Server Error"}' }));
    await wag.click();
    await page.locator('.swiper-slide-active .gallery-wag__error').waitFor();
    expect(await page.locator('.swiper-slide-active .gallery-wag__error').innerText()).to.equal(MEDIA_ACTION_FAILED);
    expect(await count.innerText()).to.equal('1 wag');
    expect(await wag.innerText()).to.equal(MEDIA_GAVE_A_WAG);
    await page.unroute('**/api/media-likes/**');

    // Caption: the display toggles to an edit area and back.
    await page.click('.swiper-slide-active >> text=Add a caption');
    await page.fill('.swiper-slide-active textarea', 'Biscuit at the beach');
    await page.click('.swiper-slide-active >> text=Save caption');
    await page.locator('.swiper-slide-active [data-caption]').waitFor();
    expect(await page.locator('.swiper-slide-active [data-caption]').innerText()).to.equal('Biscuit at the beach');
    expect((await db('media').first('caption')).caption).to.equal('Biscuit at the beach');

    // Rotate: a quarter turn clockwise makes it 400 × 200.
    await page.click('.swiper-slide-active >> text=Rotate');
    await waitForSize([400, 200]);
    expect((await db('media').first('rotation')).rotation).to.equal(90);

    // Profile picture: the page reloads with it set.
    await Promise.all([page.waitForEvent('load'), page.click('.swiper-slide-active >> text=Set as profile picture')]);
    await page.locator('.swiper-slide-active >> text=Unset profile picture').waitFor();
    const media = await db('media').first('public_id');
    expect((await db('pets').where({ pet_num: biscuit }).first('profile_image_public_id')).profile_image_public_id).to.equal(media.public_id);

    // Delete: the page reloads without it, and its files are gone.
    await Promise.all([page.waitForEvent('load'), page.click('.swiper-slide-active >> text=Delete')]);
    await page.locator('.gallery__empty').waitFor();
    expect(await db('media').select()).to.deep.equal([]);
    expect(filesUnder(t.mediaDir)).to.deep.equal([]);
    expect((await db('pets').where({ pet_num: biscuit }).first('profile_image_public_id')).profile_image_public_id).to.equal(null);
    expect(errors).to.deep.equal([]);
  });

  it('uploads an MP4 that plays in the carousel; its grid tile shows its first frame under a play mark', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${site.origin}/members/results/profile?i=${biscuit}`);
    await page.locator('.gallery__empty').waitFor();
    // A real H.264 MP4: 1.2 s of an animated canvas, recorded by Chromium's MediaRecorder.
    const mp4 = Buffer.from(
      await page.evaluate(async () => {
        const canvas = document.createElement('canvas');
        canvas.width = 320;
        canvas.height = 240;
        const context = canvas.getContext('2d')!;
        const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/mp4;codecs=avc1.42E01E' });
        const chunks: Blob[] = [];
        recorder.ondataavailable = (event) => chunks.push(event.data);
        let frame = 0;
        let thirtyDrawn!: (value: unknown) => void;
        const drawnEnough = new Promise((resolve) => (thirtyDrawn = resolve));
        const draw = setInterval(() => {
          context.fillStyle = `hsl(${(frame * 15) % 360} 70% 50%)`;
          context.fillRect(0, 0, 320, 240);
          frame++;
          if (frame === 30) thirtyDrawn(undefined);
        }, 40);
        recorder.start();
        await drawnEnough;
        const stopped = new Promise((resolve) => (recorder.onstop = resolve));
        recorder.stop();
        await stopped;
        clearInterval(draw);
        return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
      }),
    );
    expect(mp4.subarray(4, 8).toString('latin1')).to.equal('ftyp');
    await page.selectOption('#gallery-media-type', 'video');
    await page.setInputFiles('#gallery-file', { name: 'walk.mp4', mimeType: 'video/mp4', buffer: mp4 });
    await Promise.all([page.waitForURL(/\/members\/pet-upload-succeeded\/video\//), page.click('.gallery-upload button[type="submit"]')]);
    await page.goto(`${site.origin}/members/results/profile?i=${biscuit}`);

    // It plays: the browser decodes frames and its clock moves.
    const played = await page.locator('.gallery-carousel .swiper-slide-active video').evaluate(async (video: HTMLVideoElement) => {
      video.muted = true;
      await video.play();
      // until its clock has moved, whatever the machine's speed
      await new Promise<void>((resolve) => {
        const moved = () => {
          if (video.currentTime <= 0) return;
          video.removeEventListener('timeupdate', moved);
          resolve();
        };
        video.addEventListener('timeupdate', moved);
      });
      return { width: video.videoWidth, height: video.videoHeight, moved: video.currentTime > 0, error: video.error?.message ?? null };
    });
    expect(played).to.deep.equal({ width: 320, height: 240, moved: true, error: null });
    // The tile loads the video's metadata and first frame, not the whole file, under a play mark.
    const tile = page.locator('.gallery-grid .gallery-grid__video');
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('.gallery-grid__video video')?.readyState ?? 0) >= 2);
    expect(await tile.locator('video').getAttribute('preload')).to.equal('metadata');
    expect(await tile.locator('.gallery-grid__play').count()).to.equal(1);
    // The carousel grows with its slide (a video's size arrives late, the caption editor opens): its
    // buttons are never cut off.
    const cutOff = () =>
      page.evaluate(() => {
        const carousel = document.querySelector('.gallery-carousel')!.getBoundingClientRect();
        const slide = document.querySelector('.swiper-slide-active .gallery-slide')!.getBoundingClientRect();
        return Math.round(slide.bottom - carousel.bottom);
      });
    await page.click('.swiper-slide-active >> text=Add a caption');
    await page.locator('.swiper-slide-active textarea').waitFor();
    await page.waitForFunction(() => {
      const carousel = document.querySelector('.gallery-carousel')!.getBoundingClientRect();
      return document.querySelector('.swiper-slide-active .gallery-slide')!.getBoundingClientRect().bottom <= carousel.bottom + 1;
    }).catch(() => undefined);
    expect(await cutOff()).to.be.at.most(0);
    expect(await seriousViolations(page), 'gallery with a video').to.deep.equal([]);
    expect(errors).to.deep.equal([]);
  });
  it('offers staff looking through a read-only impersonation no change; a refused action opens the page the server names, not an alert (issue 36 §9)', async () => {
    const db = await testDb();
    await db('pets').update({ profile_image_public_id: null });
    await db('media').delete();
    const parent = await signInAsDemo(t.app, 'parent');
    await upload(parent, biscuit, await testJpeg({ seed: 9 }), 'still.jpg');
    const staff = await (await newContext(browser)).newPage();
    staff.on('pageerror', (error) => errors.push(error.message));
    await signInThroughRequest(staff.context(), site.origin, DEMO_ACCOUNTS.subadmin.email, DEMO_PASSWORD);
    await staff.goto(`${site.origin}/cs/impersonate`);
    await staff.fill('#email', DEMO_ACCOUNTS.parent.email);
    await Promise.all([staff.waitForURL(`${site.origin}/members`), staff.click('button[type="submit"]')]);

    await staff.goto(`${site.origin}/members/results/profile?i=${biscuit}`);
    await staff.locator('.gallery-carousel .swiper-slide-active').waitFor();
    expect(await staff.locator('.gallery-upload').count(), 'upload form').to.equal(0);
    const slide = staff.locator('.swiper-slide-active');
    expect(await slide.locator('.gallery-slide__actions, [data-wag-button]').count(), 'rotate, delete, profile picture, wag').to.equal(0);
    expect(await slide.locator('text=Add a caption').count(), 'caption editing').to.equal(0);
    expect(await slide.locator('[data-wag-count]').innerText()).to.equal('0 wags');

    await staff.close();

    // An owner whose edit permission was taken away while the page was open: the refusal opens the shared-dog page, not an alert.
    await page.goto(`${site.origin}/members/results/profile?i=${biscuit}`);
    await page.locator('.swiper-slide-active >> text=Rotate').waitFor();
    const owner = await db('pet_owners').join('users', 'users.id', 'pet_owners.user_id').where({ pet_num: biscuit, email: DEMO_ACCOUNTS.parent.email }).first('pet_owners.user_id');
    await db('pet_owners').where({ pet_num: biscuit, user_id: owner.user_id }).update({ permission: 'read' });
    try {
      await Promise.all([page.waitForURL(/\/members\/forbidden\/shared-pet-operation-no-permission$/), page.click('.swiper-slide-active >> text=Rotate')]);
    } finally {
      await db('pet_owners').where({ pet_num: biscuit, user_id: owner.user_id }).update({ permission: 'edit' });
    }
    expect((await db('media').first('rotation')).rotation).to.equal(0);
    expect(errors).to.deep.equal([]);
  });
  it('leaves a landing page by its backdrop: to My Dogs after a photo, to the profile after a document; a click on the card stays (issue 36 §10)', async () => {
    const parent = await signInAsDemo(t.app, 'parent');
    const photoLanding = (await upload(parent, biscuit, await testJpeg({ seed: 11 }), 'backdrop.jpg', { mediaType: 'image' }, { asPage: true })).headers.location;
    const documentLanding = (await upload(parent, biscuit, MINIMAL_PDF, 'backdrop.pdf', { mediaType: 'document' }, { asPage: true })).headers.location;
    for (const [landing, leavesTo] of [
      [photoLanding, `${site.origin}/members`],
      [documentLanding, `${site.origin}/members/results/profile?i=${biscuit}`],
    ]) {
      await page.goto(`${site.origin}${landing}`);
      await page.locator('body[data-page-ready]').waitFor();
      await page.click('.page-backdrop > .card h1');
      expect(page.url(), 'a click on the card').to.equal(`${site.origin}${landing}`);
      await Promise.all([page.waitForURL(leavesTo), page.click('.page-backdrop', { position: { x: 4, y: 4 } })]);
    }
    expect(errors).to.deep.equal([]);
  });
});
