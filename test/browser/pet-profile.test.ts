// Issue 5 in Chromium: the parent edits every field of Biscuit's about-pet form and every pet settings
// modal (each field in one of them only, issue 36 §28), reloads and sees the values; the handle check offers an alternative for a taken handle; a
// breeder must answer the neutered/spayed question; deleting a dog asks first and leaves for /members.
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { demoBrowserSuite } from '../support/browser.js';
import { DEMO_ACCOUNTS } from '../support/demo.js';
import { testDb } from '../support/database.js';
import { createPet } from '../support/factories.js';
import { SUBMITTING } from '../../server/shared/messages.js';
import { HANDLE_AVAILABLE, NAME_REQUIRED, TITLE_INVALID, handleTakenText } from '../../server/shared/pet-profile-rules.js';
import { ABOUT_PET_SAVED, deleteResearchText, deleteTitle } from '../../widgets/pet-profile/text.js';
import { ownedPetNum } from '../integration/results/population.js';

type Row = Record<string, unknown>;

describe('about-pet form and pet settings in the browser', function () {
  this.timeout(240_000);
  const site = demoBrowserSuite();
  let page: Page;
  let mapleHandle: string;
  let parentId: number;
  let saved: { pet: Row; registrations: Row[]; socialLinks: Row[]; defaultPrivacy: string };
  let throwaway: number | null = null;
  const errors: string[] = [];

  const aboutUrl = (petNum: number) => `${site.origin}/members/pet/about/${petNum}`;
  const form = () => page.locator('[data-about-pet-form]');
  const setting = (name: string) => page.locator(`[data-setting="${name}"] [data-setting-value]`);

  async function openAbout(petNum = site.biscuit): Promise<void> {
    await page.goto(aboutUrl(petNum));
    await form().waitFor();
    await page.locator('[data-setting="social"]').waitFor();
  }

  async function openSetting(name: string, dialogId: string): Promise<Locator> {
    await page.click(`[data-open-setting="${name}"]`);
    const dialog = page.locator(`dialog#${dialogId}`);
    await dialog.waitFor();
    return dialog;
  }

  async function saveSetting(dialog: Locator): Promise<void> {
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: 'detached' });
  }

  before(async () => {
    const db = await testDb();
    mapleHandle = (await db('pets').where({ pet_num: await ownedPetNum('parent@demo.test', 'Maple') }).first('handle')).handle;
    const parent = await db('users').where({ email: DEMO_ACCOUNTS.parent.email }).first('id', 'default_pet_privacy');
    parentId = parent.id;
    saved = {
      pet: await db('pets').where({ pet_num: site.biscuit }).first(),
      registrations: await db('pet_registrations').where({ pet_num: site.biscuit }),
      socialLinks: await db('pet_social_links').where({ pet_num: site.biscuit }),
      defaultPrivacy: parent.default_pet_privacy,
    };
    page = await site.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await site.signIn(page, 'parent');
  });

  after(async () => {
    const db = await testDb();
    if (saved) {
      const { pet_num: _petNum, ...pet } = saved.pet;
      await db.transaction(async (trx) => {
        await trx('pets').where({ pet_num: site.biscuit }).update(pet);
        await trx('pet_registrations').where({ pet_num: site.biscuit }).delete();
        if (saved.registrations.length) await trx('pet_registrations').insert(saved.registrations);
        await trx('pet_social_links').where({ pet_num: site.biscuit }).delete();
        if (saved.socialLinks.length) await trx('pet_social_links').insert(saved.socialLinks);
        await trx('users').where({ id: parentId }).update({ default_pet_privacy: saved.defaultPrivacy });
      });
    }
    if (throwaway) {
      await db('pet_owners').where({ pet_num: throwaway }).delete().catch(() => {});
      await db('pets').where({ pet_num: throwaway }).delete().catch(() => {});
    }
  });

  it('checks the handle 1 s after typing: a taken one gets an alternative, a free one is Available', async () => {
    await openAbout();
    const status = page.locator('#about-pet-handle-status');
    await page.fill('#about-pet-handle', mapleHandle);
    await page.waitForFunction(() => document.querySelector('[data-handle-status]')?.getAttribute('data-handle-status') === 'taken');
    const text = await status.innerText();
    expect(text.startsWith(handleTakenText(mapleHandle, ''))).to.equal(true);
    const alternative = text.slice(handleTakenText(mapleHandle, '').length);
    expect(alternative).to.match(new RegExp(`^${mapleHandle}-\\d+$`));

    await page.fill('#about-pet-handle', 'biscuit-profile-check');
    await page.waitForFunction(() => document.querySelector('[data-handle-status]')?.getAttribute('data-handle-status') === 'available');
    expect(await status.innerText()).to.equal(HANDLE_AVAILABLE);
  });

  it('shows a field message beside a missing name and saves nothing', async () => {
    await openAbout();
    let mutations = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql') && request.postData()?.includes('UpdatePet')) mutations += 1;
    });
    await page.fill('#about-pet-name', '   ');
    await form().locator('button[type="submit"]').click();
    expect(await page.locator('#about-pet-name-error').innerText()).to.equal(NAME_REQUIRED);
    expect(await page.getAttribute('#about-pet-name', 'aria-invalid')).to.equal('true');
    expect(mutations).to.equal(0);
  });

  it('changes every field of the form, shows Submitting... then the confirmation, and keeps the values after a reload', async () => {
    await openAbout();
    const wasAgreed = await page.isChecked('#about-pet-agreedToResearch');
    await page.fill('#about-pet-name', 'Biscuit Two');
    await page.fill('#about-pet-callName', 'Bis');
    await page.fill('#about-pet-story', 'Found on a beach in 2019.');
    await page.fill('#about-pet-handle', 'biscuit-profile-test');

    await page.selectOption('#about-pet-breedType', 'purebred');
    const breed = page.locator('#about-pet-statedBreedId');
    await page.waitForFunction(() => ((document.querySelector('#about-pet-statedBreedId') as HTMLSelectElement | null)?.options.length ?? 0) > 2);
    const breedOption = breed.locator('option').nth(2);
    const [breedId, breedName] = [await breedOption.getAttribute('value'), await breedOption.innerText()];
    await breed.selectOption(breedId!);
    await page.click('[data-add-registration]');
    const organization = page.locator('#about-pet-registration-0-organization');
    const organizationId = await organization.locator('option').nth(1).getAttribute('value');
    await organization.selectOption(organizationId!);
    await page.fill('#about-pet-registration-0-number', 'HP-123');
    await page.fill('#about-pet-registration-0-name', 'Sunny Beach Biscuit');

    // Titles: the suggestions are filtered case-insensitively and leave out chosen ones.
    await page.fill('#about-pet-prefixTitles', 'gch');
    await page.click('[data-field="prefixTitles"] [data-suggestion="GCH"]');
    await page.fill('#about-pet-prefixTitles', 'gch');
    expect(await page.locator('[data-field="prefixTitles"] [data-suggestion="GCH"]').count()).to.equal(0);
    expect(await page.locator('[data-field="prefixTitles"] [data-suggestion]').count()).to.be.greaterThan(0);
    await page.fill('#about-pet-prefixTitles', '');
    await page.fill('#about-pet-suffixTitles', 'cgc');
    await page.click('[data-field="suffixTitles"] [data-suggestion="CGC"]');

    // Dates: month and year alone make the date estimated; a choice by hand stays.
    await page.selectOption('#about-pet-dateOfBirth-day', '');
    await page.selectOption('#about-pet-dateOfBirth-month', '6');
    await page.selectOption('#about-pet-dateOfBirth-year', '2019');
    expect(await page.isChecked('#about-pet-dateOfBirth-estimated')).to.equal(true);
    await page.check('#about-pet-dateOfBirth-known');
    await page.selectOption('#about-pet-dateOfBirth-month', '7');
    expect(await page.isChecked('#about-pet-dateOfBirth-known')).to.equal(true);
    await page.selectOption('#about-pet-dateOfAdoption-year', '2021');
    expect(await page.isChecked('#about-pet-dateOfAdoption-estimated')).to.equal(true);

    await page.selectOption('#about-pet-sex', 'f');
    await page.selectOption('#about-pet-intact', 'f');
    await page.selectOption('#about-pet-areBothParentsRegistered', 'yes');
    await page.check('#about-pet-isPrimaryOwnerBreeder');
    await page.setChecked('#about-pet-agreedToResearch', !wasAgreed);

    // Hold the mutation until the one-time-submit state (spec 2 §4) has been seen.
    let letItThrough!: () => void;
    const heldUntilSeen = new Promise<void>((resolve) => (letItThrough = resolve));
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('UpdatePet')) await heldUntilSeen;
      await route.continue();
    });
    const submit = form().locator('button[type="submit"]');
    await submit.click();
    expect(await submit.innerText()).to.equal(SUBMITTING);
    expect(await submit.isDisabled()).to.equal(true);
    letItThrough();
    await page.locator('[data-saved]').waitFor();
    expect(await page.locator('[data-saved]').innerText()).to.equal(ABOUT_PET_SAVED);
    await page.unroute('**/graphql');

    await openAbout();
    expect(await page.inputValue('#about-pet-name')).to.equal('Biscuit Two');
    expect(await page.inputValue('#about-pet-callName')).to.equal('Bis');
    expect(await page.inputValue('#about-pet-story')).to.equal('Found on a beach in 2019.');
    expect(await page.inputValue('#about-pet-handle')).to.equal('biscuit-profile-test');
    expect(await page.inputValue('#about-pet-breedType')).to.equal('purebred');
    await page.waitForFunction((id) => (document.querySelector('#about-pet-statedBreedId') as HTMLSelectElement | null)?.value === id, breedId);
    expect(await page.locator('#about-pet-statedBreedId option:checked').innerText()).to.equal(breedName);
    expect(await page.inputValue('#about-pet-registration-0-organization')).to.equal(organizationId);
    expect(await page.inputValue('#about-pet-registration-0-number')).to.equal('HP-123');
    expect(await page.inputValue('#about-pet-registration-0-name')).to.equal('Sunny Beach Biscuit');
    const chips = (field: string) =>
      page.locator(`[data-chips="${field}"] [data-chip]`).evaluateAll((items) => items.map((item) => item.getAttribute('data-chip')));
    expect(await chips('prefixTitles')).to.deep.equal(['GCH']);
    expect(await chips('suffixTitles')).to.deep.equal(['CGC']);
    expect(await page.inputValue('#about-pet-dateOfBirth-day')).to.equal('');
    expect(await page.inputValue('#about-pet-dateOfBirth-month')).to.equal('7');
    expect(await page.inputValue('#about-pet-dateOfBirth-year')).to.equal('2019');
    expect(await page.isChecked('#about-pet-dateOfBirth-known')).to.equal(true);
    expect(await page.inputValue('#about-pet-dateOfAdoption-year')).to.equal('2021');
    expect(await page.isChecked('#about-pet-dateOfAdoption-estimated')).to.equal(true);
    expect(await page.inputValue('#about-pet-sex')).to.equal('f');
    expect(await page.inputValue('#about-pet-intact')).to.equal('f');
    expect(await page.inputValue('#about-pet-areBothParentsRegistered')).to.equal('yes');
    expect(await page.isChecked('#about-pet-isPrimaryOwnerBreeder')).to.equal(true);
    expect(await page.isChecked('#about-pet-agreedToResearch')).to.equal(!wasAgreed);
    // The parent is no breeder: the neutered/spayed question stays optional.
    expect(await page.getAttribute('#about-pet-intact', 'aria-required')).to.equal(null);
  });

  it('shows the server’s message when the save is refused', async () => {
    await openAbout();
    await page.fill('#about-pet-handle', mapleHandle);
    await form().locator('button[type="submit"]').click();
    const error = page.locator('[data-about-pet-form] [data-save-error]');
    await error.waitFor();
    expect((await error.innerText()).trim()).to.not.equal('');
  });

  it('offers each field in one place: the form edits name, story, details and breeding, the settings list the rest (issue 36 §28)', async () => {
    await openAbout();
    const settings = await page.locator('[data-setting]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-setting')));
    expect(settings).to.deep.equal(['social', 'privacy', 'defaultPrivacy', 'hidden', 'deceased', 'delete']);
    // no setting repeats a part of the form
    const formParts = await form().locator('legend').allInnerTexts();
    expect(formParts).to.include.members(['Name and story', 'Details', 'Breeding information']);
    const settingTitles = await page.locator('[data-setting] .pet-settings__title').allInnerTexts();
    expect(settingTitles.filter((title) => formParts.includes(title))).to.deep.equal([]);
  });

  it('opens each settings modal as an accessible dialog that Escape closes once', async () => {
    await openAbout();
    const dialog = await openSetting('social', 'pet-settings-social');
    expect(await page.getByRole('dialog', { name: 'Social media' }).count()).to.equal(1);
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).to.equal(true);
    expect(await dialog.evaluate((element) => (element as HTMLDialogElement).matches(':modal'))).to.equal(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Cancel closes without saving.
    const before = await setting('hidden').innerText();
    const again = await openSetting('hidden', 'pet-settings-hidden');
    await again.locator('#pet-settings-hidden-isHidden').setChecked(before !== 'Hidden');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });
    expect(await setting('hidden').innerText()).to.equal(before);
  });

  it('saves each settings modal, re-renders the list and keeps the values after a reload', async () => {
    await openAbout();
    const name = await page.inputValue('#about-pet-name');
    let dialog = await openSetting('social', 'pet-settings-social');
    await dialog.locator('#pet-settings-social-social-instagram').fill('not a link');
    await dialog.locator('button[type="submit"]').click();
    await dialog.locator('[data-field-error="socialLinks"]').waitFor();
    await dialog.locator('#pet-settings-social-social-instagram').fill('https://instagram.com/biscuit');
    await saveSetting(dialog);
    expect(await setting('social').innerText()).to.equal('Instagram');

    dialog = await openSetting('privacy', 'pet-settings-privacy');
    await dialog.locator('#pet-settings-privacy-privacy').selectOption('private');
    await saveSetting(dialog);
    expect(await setting('privacy').innerText()).to.equal('Private');

    dialog = await openSetting('defaultPrivacy', 'pet-settings-default-privacy');
    await dialog.locator('#pet-settings-default-privacy-privacy').selectOption('public-private');
    await saveSetting(dialog);
    expect(await setting('defaultPrivacy').innerText()).to.equal('Members only');

    dialog = await openSetting('hidden', 'pet-settings-hidden');
    await dialog.locator('#pet-settings-hidden-isHidden').check();
    await saveSetting(dialog);
    expect(await setting('hidden').innerText()).to.equal('Hidden');

    dialog = await openSetting('deceased', 'pet-settings-deceased');
    await dialog.locator('#pet-settings-deceased-isDeceased').check();
    await saveSetting(dialog);
    expect(await setting('deceased').innerText()).to.equal(`${name} has passed away`);

    await openAbout();
    expect(await setting('social').innerText()).to.equal('Instagram');
    expect(await setting('privacy').innerText()).to.equal('Private');
    expect(await setting('defaultPrivacy').innerText()).to.equal('Members only');
    expect(await setting('hidden').innerText()).to.equal('Hidden');
    expect(await setting('deceased').innerText()).to.equal(`${name} has passed away`);
  });

  it('saves a title still typed in its input (no Enter, no suggestion) and refuses an invalid one beside the field', async () => {
    const chips = (field: string) =>
      page.locator(`[data-chips="${field}"] [data-chip]`).evaluateAll((items) => items.map((item) => item.getAttribute('data-chip')));
    const updates: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql') && request.postData()?.includes('UpdatePet')) updates.push(request.postData()!);
    });
    await openAbout();
    const [prefixBefore, suffixBefore] = [await chips('prefixTitles'), await chips('suffixTitles')];
    const submit = form().locator('button[type="submit"]');

    // Too long for a title: the save is refused with the field's message, as after Enter.
    await page.fill('#about-pet-prefixTitles', 'X'.repeat(21));
    await submit.click();
    expect(await page.locator('#about-pet-prefixTitles-error').innerText()).to.equal(TITLE_INVALID);
    expect(updates).to.deep.equal([]);
    await page.click(`[data-chips="prefixTitles"] [aria-label="Remove ${'X'.repeat(21)}"]`);

    await page.fill('#about-pet-prefixTitles', 'CH');
    await page.fill('#about-pet-suffixTitles', 'RN');
    await submit.click();
    await page.locator('[data-saved]').waitFor();
    expect(updates).to.have.length(1);
    expect(updates[0]).to.contain(JSON.stringify({ prefixTitles: [...prefixBefore, 'CH'] }).slice(1, -1));

    // Leaving the field adds the typed text as a chip too.
    await page.fill('#about-pet-suffixTitles', 'TD');
    await page.click('#about-pet-name');
    expect(await chips('suffixTitles')).to.deep.equal([...suffixBefore, 'RN', 'TD']);
    expect(await page.inputValue('#about-pet-suffixTitles')).to.equal('');

    await openAbout();
    expect(await chips('prefixTitles')).to.deep.equal([...prefixBefore, 'CH']);
    expect(await chips('suffixTitles')).to.deep.equal([...suffixBefore, 'RN']);
    expect(errors).to.deep.equal([]);
  });

  it("makes 'cd' + Enter a CD chip, as the suggestions spell it, and saves CD (issue 36 §27)", async () => {
    await openAbout();
    const input = page.locator('#about-pet-suffixTitles');
    for (const title of await page.locator('[data-chips="suffixTitles"] [data-chip]').evaluateAll((items) => items.map((item) => item.getAttribute('data-chip')))) {
      await page.click(`[data-chips="suffixTitles"] [aria-label="Remove ${title}"]`);
    }
    await input.fill('cd');
    await input.press('Enter');
    await page.locator('[data-chips="suffixTitles"] [data-chip="CD"]').waitFor();
    expect(await page.locator('[data-chips="suffixTitles"] [data-chip]').evaluateAll((items) => items.map((item) => item.getAttribute('data-chip')))).to.deep.equal(['CD']);
    await form().locator('button[type="submit"]').click();
    await page.locator('[data-saved]').waitFor();
    expect((await (await testDb())('pets').where({ pet_num: site.biscuit }).first('suffix_titles')).suffix_titles).to.deep.equal(['CD']);
    expect(errors).to.deep.equal([]);
  });

  it('asks before deleting a dog, names it and its research choice, then goes to /members', async () => {
    const db = await testDb();
    throwaway = await createPet(db, parentId, { name: 'Pebble' });
    await openAbout(throwaway);
    let dialog = await openSetting('delete', 'pet-settings-delete');
    expect(await page.getByRole('dialog', { name: deleteTitle('Pebble') }).count()).to.equal(1);
    expect(await dialog.locator('[data-delete-research]').innerText()).to.equal(deleteResearchText('Pebble', false));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    dialog = await openSetting('delete', 'pet-settings-delete');
    await Promise.all([page.waitForURL(`${site.origin}/members`), dialog.getByRole('button', { name: 'Delete Pebble' }).click()]);
    const response = await page.goto(aboutUrl(throwaway));
    expect(response?.status()).to.not.equal(200);
  });

  it('marks the neutered/spayed question required for a breeder', async () => {
    const db = await testDb();
    const row = await db('pets')
      .join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num')
      .join('users', 'users.id', 'pet_owners.user_id')
      .where({ 'users.email': DEMO_ACCOUNTS.breeder.email, 'pet_owners.permission': 'edit' })
      .orderBy('pets.pet_num')
      .first('pets.pet_num');
    const breederPage = await site.signedInPage('breeder');
    breederPage.on('pageerror', (error) => errors.push(error.message));
    await breederPage.goto(aboutUrl(row.pet_num));
    await breederPage.locator('[data-about-pet-form]').waitFor();
    expect(await breederPage.getAttribute('#about-pet-intact', 'aria-required')).to.equal('true');
    expect(await breederPage.locator('label[for="about-pet-intact"]').innerText()).to.contain('(required)');
    expect(errors).to.deep.equal([]);
  });
});
