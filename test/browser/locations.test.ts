// The parent edits Biscuit's places, vet information and data settings on the about page in Chromium,
// with our own place search (no maps key): a city found by typing is saved with its address and coordinates.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { demoBrowserSuite } from '../support/browser.js';
import { testDb } from '../support/database.js';
import { LOCATION_SAVE_FAILED, NOT_AUTHORIZED, VET_UPDATE_FAILED } from '../../server/shared/messages.js';
import type { Db } from '../../server/db/index.js';

describe('locations, vet information and data settings in the browser', function () {
  this.timeout(180_000);
  const site = demoBrowserSuite();
  let page: Page;
  let db: Db;
  let original: { embark_may_contact_vet: boolean | null; share_care_resources_surveys: boolean; share_care_resources_profile_and_results: boolean };
  const errors: string[] = [];

  before(async () => {
    db = await testDb();
    original = await db('pets').where({ pet_num: site.biscuit }).first('embark_may_contact_vet', 'share_care_resources_surveys', 'share_care_resources_profile_and_results');
    await db('locations').where({ pet_num: site.biscuit }).delete();
    page = await site.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await site.signIn(page, 'parent');
  });

  after(async () => {
    await db('locations').where({ pet_num: site.biscuit }).delete();
    if (original) await db('pets').where({ pet_num: site.biscuit }).update(original);
  });

  const aboutPage = async () => {
    await page.goto(`${site.origin}/members/pet/about/${site.biscuit}`);
    await page.waitForSelector('[data-location-type="live"]');
  };
  const location = (type: string) => db('locations').where({ pet_num: site.biscuit, location_type: type }).first();
  const dialog = () => page.locator('dialog[open]');
  /** Types in the open dialog's place search and picks the prediction whose text starts with `choice`. */
  const searchAndPick = async (text: string, choice: string) => {
    const box = dialog().getByRole('combobox');
    await box.fill(text);
    await dialog().getByRole('option', { name: new RegExp(`^${choice}`) }).first().click();
    await dialog().locator('.place-search__status').waitFor({ state: 'detached' });
  };
  const saveAndReload = async () => {
    await Promise.all([page.waitForEvent('load'), dialog().getByRole('button', { name: 'Save' }).click()]);
    await page.waitForSelector('[data-location-type="live"]');
  };

  it('saves a city found by typing, with its formatted address and coordinates, and shows it after reload', async () => {
    await aboutPage();
    expect(await page.locator('[data-location-type="live"] [data-location-address]').innerText()).to.equal('Not set');
    await page.getByRole('button', { name: 'Edit: Where Biscuit lives' }).click();
    const box = dialog().getByRole('combobox');
    await box.fill('portl');
    // Keyboard: the first prediction is highlighted; Enter chooses it and fetches its details.
    await dialog().getByRole('option', { name: /^Portland OR, USA/ }).waitFor();
    expect(await box.getAttribute('aria-expanded')).to.equal('true');
    await box.press('ArrowDown');
    await box.press('ArrowUp');
    await box.press('Enter');
    expect(await box.inputValue()).to.equal('Portland, OR, USA');
    await dialog().locator('.place-search__status').waitFor({ state: 'detached' });
    await saveAndReload();

    expect(await page.locator('[data-location-type="live"] [data-location-address]').innerText()).to.equal('Portland, OR, USA');
    const row = await location('live');
    expect(row).to.include({ formatted_address: 'Portland, OR, USA', address_input: 'portl', name: 'Portland', place_id: 'city:5746545', business_type: null });
    expect(row.lng_lat[0]).to.be.closeTo(-122.676, 0.01);
    expect(row.lng_lat[1]).to.be.closeTo(45.523, 0.01);
    expect(row.address_components.map((c: { shortName: string }) => c.shortName)).to.deep.equal(['Portland', 'OR', 'US']);
  });

  it("saves where the dog came from with its business type, then removes it", async () => {
    await aboutPage();
    await page.getByRole('button', { name: 'Edit: Where Biscuit came from' }).click();
    await searchAndPick('ithaca', 'Ithaca NY, USA');
    await dialog().getByLabel('Shelter').check();
    await saveAndReload();
    expect(await page.locator('[data-location-type="from"] [data-location-address]').innerText()).to.equal('Ithaca, NY, USA');
    expect(await page.locator('[data-location-type="from"] .locations__business').innerText()).to.equal('(Shelter)');
    expect(await location('from')).to.include({ business_type: 'shelter', formatted_address: 'Ithaca, NY, USA' });

    // Remove asks first (issue 36 §29): declining keeps the place, accepting removes it.
    const remove = page.getByRole('button', { name: 'Remove: Where Biscuit came from' });
    const questions: string[] = [];
    page.once('dialog', (question) => void (questions.push(question.message()), question.dismiss()));
    await remove.click();
    expect(questions).to.deep.equal(['Remove Ithaca, NY, USA from “Where Biscuit came from”?']);
    expect(await location('from')).to.include({ formatted_address: 'Ithaca, NY, USA' });
    expect(await page.locator('[data-location-type="from"] [data-location-address]').innerText()).to.equal('Ithaca, NY, USA');
    page.once('dialog', (question) => void question.accept());
    await Promise.all([page.waitForEvent('load'), remove.click()]);
    await page.waitForSelector('[data-location-type="from"]');
    expect(await page.locator('[data-location-type="from"] [data-location-address]').innerText()).to.equal('Not set');
    expect(await location('from')).to.equal(undefined);
    expect((await location('live')).formatted_address).to.equal('Portland, OR, USA');
  });

  it("shows the snackbar when a save fails and keeps the saved place", async () => {
    await aboutPage();
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('UpdatePetLocations')) await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'Internal Server Error' }] }) });
      else await route.continue();
    });
    try {
      await page.getByRole('button', { name: 'Edit: Where Biscuit lives' }).click();
      await searchAndPick('london', 'London UK');
      await dialog().getByRole('button', { name: 'Save' }).click();
      await dialog().getByRole('alert').filter({ hasText: LOCATION_SAVE_FAILED }).waitFor();
      expect(await dialog().count()).to.equal(1); // the modal stays open to try again
    } finally {
      await page.unroute('**/graphql');
    }
    expect((await location('live')).formatted_address).to.equal('Portland, OR, USA');
  });

  it('saves the vet practice with the contact permission, clears it when no practice is chosen, and resets it', async () => {
    await aboutPage();
    await page.waitForSelector('[data-vet-practice]');
    await page.getByRole('button', { name: 'Edit veterinary information' }).click();
    await searchAndPick('ithaca', 'Ithaca NY, USA');
    await dialog().getByLabel('Embark may contact my vet about Biscuit').check();
    await saveAndReload();
    await page.waitForSelector('[data-vet-practice]');
    expect(await page.locator('[data-vet-practice]').innerText()).to.equal('Ithaca, Ithaca, NY, USA');
    expect(await page.locator('[data-may-contact-vet]').innerText()).to.equal('Yes');
    expect(await location('practice')).to.include({ formatted_address: 'Ithaca, NY, USA' });
    expect((await db('pets').where({ pet_num: site.biscuit }).first('embark_may_contact_vet')).embark_may_contact_vet).to.equal(true);

    // Without a practice (the search emptied), embarkMayContactVet is sent as null whatever the box says.
    await page.getByRole('button', { name: 'Edit veterinary information' }).click();
    expect(await dialog().getByLabel('Embark may contact my vet about Biscuit').isChecked()).to.equal(true);
    await dialog().getByRole('combobox').fill('');
    await saveAndReload();
    await page.waitForSelector('[data-vet-practice]');
    expect(await page.locator('[data-vet-practice]').innerText()).to.equal('No veterinary practice chosen');
    expect(await location('practice')).to.equal(undefined);
    expect((await db('pets').where({ pet_num: site.biscuit }).first('embark_may_contact_vet')).embark_may_contact_vet).to.equal(null);

    // A practice with the box unticked sends false; the reset clears it all.
    await page.getByRole('button', { name: 'Edit veterinary information' }).click();
    await searchAndPick('portland', 'Portland OR, USA');
    await saveAndReload();
    await page.waitForSelector('[data-vet-practice]');
    expect((await db('pets').where({ pet_num: site.biscuit }).first('embark_may_contact_vet')).embark_may_contact_vet).to.equal(false);
    await page.getByRole('button', { name: 'Reset veterinary information' }).click();
    await Promise.all([page.waitForEvent('load'), dialog().getByRole('button', { name: 'Reset' }).click()]);
    await page.waitForSelector('[data-vet-practice]');
    expect(await location('practice')).to.equal(undefined);
    expect((await db('pets').where({ pet_num: site.biscuit }).first('embark_may_contact_vet')).embark_may_contact_vet).to.equal(null);
  });

  it("shows 'Failed to update information: Not Authorized' when the vet update is refused", async () => {
    await aboutPage();
    await page.waitForSelector('[data-vet-practice]');
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('UpdateVetPracticeDetails')) await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: null, errors: [{ message: NOT_AUTHORIZED }] }) });
      else await route.continue();
    });
    try {
      await page.getByRole('button', { name: 'Edit veterinary information' }).click();
      await searchAndPick('ithaca', 'Ithaca NY, USA');
      await dialog().getByRole('button', { name: 'Save' }).click();
      await dialog().getByRole('alert').filter({ hasText: VET_UPDATE_FAILED.replace('{message}', NOT_AUTHORIZED) }).waitFor();
      expect(page.url()).to.contain(`/members/pet/about/${site.biscuit}`); // not sent home
    } finally {
      await page.unroute('**/graphql');
    }
    expect(await location('practice')).to.equal(undefined);
  });

  it('keeps data settings switched after reload', async () => {
    await db('pets').where({ pet_num: site.biscuit }).update({ share_care_resources_surveys: false, share_care_resources_profile_and_results: true });
    await aboutPage();
    const surveys = page.getByRole('switch', { name: 'Share Biscuit\u2019s research survey answers to personalise care resources' });
    const profile = page.getByRole('switch', { name: 'Share Biscuit\u2019s profile and results to personalise care resources' });
    await surveys.waitFor();
    expect(await surveys.isChecked()).to.equal(false);
    expect(await profile.isChecked()).to.equal(true);
    await surveys.check();
    await page.locator('.data-settings__status').filter({ hasText: 'Saved' }).waitFor();
    await profile.uncheck();
    await page.locator('.data-settings__status').filter({ hasText: 'Saved' }).waitFor();
    await profile.and(page.locator(':enabled')).waitFor();

    await aboutPage();
    await surveys.waitFor();
    expect(await surveys.isChecked()).to.equal(true);
    expect(await profile.isChecked()).to.equal(false);
    expect(await db('pets').where({ pet_num: site.biscuit }).first('share_care_resources_surveys', 'share_care_resources_profile_and_results')).to.deep.equal({
      share_care_resources_surveys: true,
      share_care_resources_profile_and_results: false,
    });
    expect(errors).to.deep.equal([]);
  });
});
