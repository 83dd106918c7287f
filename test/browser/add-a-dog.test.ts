// A pet parent adds a dog through the add-a-dog form in Chromium, fixing a date mistake on the way.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser.js';
import { testDb } from '../support/database.js';
import { DATE_DAY_NEEDS_MONTH_AND_YEAR } from '../../server/shared/pet-profile-rules.js';
import { demoPopulation } from '../integration/results/population.js';

describe('add a dog in the browser', function () {
  this.timeout(180_000);
  const site = browserSuite(demoPopulation);
  let page: Page;
  let added: number | undefined;

  before(async () => {
    page = await site.newPage();
  });

  after(async () => {
    if (added) await (await testDb())('pets').where({ pet_num: added }).delete();
  });

  it('refuses a day without month and year, then adds the dog and opens its about page', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await site.signIn(page, 'parent');
    await page.goto(`${site.origin}/members`);
    await Promise.all([page.waitForURL(/\/members\/add-a-dog$/), page.click('footer a:text-is("Add a Dog")')]);

    await page.fill('#name', 'Juniper');
    await page.selectOption('#sex', 'f');
    await page.selectOption('#breedType', 'mixed');
    await page.selectOption('#dobDay', '12');
    await page.click('[data-add-a-dog-submit]');
    expect(await page.locator('#dateOfBirth-error').innerText()).to.equal(`Date of birth: ${DATE_DAY_NEEDS_MONTH_AND_YEAR}`);
    expect(await page.inputValue('#name')).to.equal('Juniper');

    await page.selectOption('#dobMonth', '3');
    await page.selectOption('#dobYear', '2024');
    await Promise.all([page.waitForURL(/\/members\/pet\/about\/\d+$/), page.click('[data-add-a-dog-submit]')]);
    added = Number(page.url().split('/').pop());
    expect(await page.locator('h1').first().innerText()).to.equal('About Juniper');
    expect(await page.locator('[data-summary="sex"]').innerText()).to.equal('Female');

    const pet = await (await testDb())('pets').where({ pet_num: added }).first('name', 'breed_type', 'date_of_birth_precision');
    expect(pet).to.deep.equal({ name: 'Juniper', breed_type: 'mixed', date_of_birth_precision: 'day' });
    await page.goto(`${site.origin}/members`);
    expect(await page.locator('main').innerText()).to.include('Juniper');
    expect(errors).to.deep.equal([]);
  });
});
