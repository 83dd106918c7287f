// QA findings on the about page in Chromium: after a save, the page's own summary, heading and title show
// the saved values without a reload; a refused profile picture upload stays on the about page with the
// reason beside the picture.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { demoBrowserSuite } from '../support/browser.js';
import { testDb } from '../support/database.js';
import { UPLOAD_FAILED } from '../../server/shared/messages.js';
import { ABOUT_PET_SAVED } from '../../widgets/pet-profile/text.js';

type Row = Record<string, unknown>;

describe('the about page after a save or a refused picture', function () {
  this.timeout(240_000);
  const site = demoBrowserSuite();
  let page: Page;
  let saved: Row;
  const errors: string[] = [];

  const aboutUrl = () => site.url(`/members/pet/about/${site.biscuit}`);
  const summary = (key: string) => page.locator(`[data-summary="${key}"]`);
  const summaryRow = (key: string) => page.locator(`[data-summary-row="${key}"]`);

  async function openAbout(): Promise<void> {
    await page.goto(aboutUrl());
    await page.locator('[data-about-pet-form]').waitFor();
    await page.locator('[data-setting="social"]').waitFor();
  }

  /** Every summary text and whether its row shows, as the page holds them now. */
  const summaryState = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-summary]')].map((element) => ({
        key: element.dataset.summary,
        text: element.textContent,
        shown: !element.closest<HTMLElement>('[data-summary-row]')?.hidden,
      })),
    );

  before(async () => {
    saved = await (await testDb())('pets').where({ pet_num: site.biscuit }).first();
    page = await site.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await site.signIn(page, 'parent');
  });

  after(async () => {
    if (!saved) return;
    const { pet_num: _petNum, ...pet } = saved;
    const db = await testDb();
    await db('pets').where({ pet_num: site.biscuit }).update(pet);
    await db('media').where({ pet_num: site.biscuit }).delete();
  });

  afterEach(() => expect(errors).to.deep.equal([]));

  it('shows the saved name, call name, titles, birthday and story in the summary, heading and title at once', async () => {
    await (await testDb())('pets').where({ pet_num: site.biscuit }).update({ call_name: null, story: null, prefix_titles: [], suffix_titles: [] });
    await openAbout();
    expect(await summaryRow('callName').isHidden()).to.equal(true);
    expect(await summaryRow('story').isHidden()).to.equal(true);

    await page.fill('#about-pet-name', 'Biscuit Renamed');
    await page.fill('#about-pet-callName', 'Bisky');
    await page.fill('#about-pet-story', 'Found on a beach.');
    await page.fill('#about-pet-prefixTitles', 'GCH');
    await page.press('#about-pet-prefixTitles', 'Enter');
    await page.selectOption('#about-pet-dateOfBirth-year', '2019');
    await page.selectOption('#about-pet-dateOfBirth-month', '7');
    await page.selectOption('#about-pet-dateOfBirth-day', '14');
    await page.locator('[data-about-pet-form] button[type="submit"]').click();
    await page.locator('[data-saved]').waitFor();
    expect(await page.locator('[data-saved]').innerText()).to.equal(ABOUT_PET_SAVED);

    expect(await page.locator('[data-summary-title]').innerText()).to.equal('About Biscuit Renamed');
    expect(await page.title()).to.equal('About Biscuit Renamed | Embark');
    expect(await page.locator('[data-summary-back]').innerText()).to.contain("Back to Bisky's profile");
    expect(await summary('name').innerText()).to.equal('Biscuit Renamed');
    expect(await summary('callName').innerText()).to.equal('Bisky');
    expect(await summaryRow('callName').isVisible()).to.equal(true);
    expect(await summary('prefixTitles').innerText()).to.equal('GCH');
    expect(await summary('dateOfBirth').innerText()).to.equal('July 14, 2019');
    expect(await summary('story').innerText()).to.equal('Found on a beach.');
    expect(await summaryRow('story').isVisible()).to.equal(true);
    // The settings list beside the form takes the saved dog too.
    expect(await page.locator('#pet-settings-title').innerText()).to.equal('Settings for Biscuit Renamed');

    // What the script wrote is what the server renders.
    const written = await summaryState();
    await openAbout();
    expect(await summaryState()).to.deep.equal(written);
  });

  it('updates the summary after the form or a settings modal saves, and hides rows cleared', async () => {
    await openAbout();
    await page.fill('#about-pet-callName', '');
    await page.fill('#about-pet-story', '');
    await page.locator('[data-about-pet-form] button[type="submit"]').click();
    await summaryRow('callName').waitFor({ state: 'hidden' });
    expect(await summaryRow('story').isHidden()).to.equal(true);
    expect(await page.locator('[data-summary-back]').innerText()).to.contain("Back to Biscuit Renamed's profile");

    await page.click('[data-open-setting="hidden"]');
    const dialog = page.locator('dialog#pet-settings-hidden');
    await dialog.locator('#pet-settings-hidden-isHidden').check();
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelector('[data-summary="isHidden"]')?.textContent === 'Hidden from every public list');
    expect(await summaryRow('isHidden').isVisible()).to.equal(true);
  });

  it('keeps the parent on the about page with the reason beside the picture when the upload is refused', async () => {
    await openAbout();
    await page.setInputFiles('#profile-picture-file', { name: 'me.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all\n') });
    await Promise.all([page.waitForURL(`${aboutUrl()}#profile-picture`), page.click('#profile-picture button[type="submit"]')]);
    const error = page.locator('#profile-picture [data-profile-picture-error]');
    expect(await error.innerText()).to.contain(UPLOAD_FAILED).and.contain('The file is not a JPEG, PNG, WebP, GIF, AVIF or TIFF image.');
    expect(await page.getAttribute('#profile-picture-file', 'aria-describedby')).to.equal('profile-picture-error');
    expect(await page.locator('body').innerText()).to.not.contain('Back to the gallery');
  });
});
