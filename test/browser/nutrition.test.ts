// A pet parent goes from Biscuit's summary to the nutrition page in Chromium, fixes a mistake, saves and requests.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { demoBrowserSuite } from '../support/browser.js';
import { testDb } from '../support/database.js';
import { NUTRITION_REQUESTED, NUTRITION_SAVED } from '../../server/shared/messages.js';

describe('nutrition recommendation form in the browser', function () {
  this.timeout(180_000);
  const site = demoBrowserSuite();
  let page: Page;

  before(async () => {
    page = await site.newPage();
  });

  after(async () => {
    const db = await testDb();
    await db('nutrition_recommendation_requests').where({ pet_num: site.biscuit }).delete();
    await db('nutrition_input_data').where({ pet_num: site.biscuit }).delete();
  });

  it('fills the form, sees a field error, corrects it, saves and requests a recommendation', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await site.signIn(page, 'parent');
    await page.goto(`${site.origin}/members/results/summary?i=${site.biscuit}`);
    await Promise.all([page.waitForURL(/\/members\/nutrition\?i=/), page.click('[data-nutrition-link] a')]);
    expect(await page.locator('h1').innerText()).to.equal('Biscuit: Nutrition Recommendation');
    expect(await page.locator('[data-nutrition-submit-request]').count()).to.equal(0);

    await page.fill('#currentFood', 'Trail Mix Adult Chicken & Rice');
    await page.selectOption('#foodType', 'dry');
    await page.fill('#feedingAmount', 'two cups');
    await page.selectOption('#feedingUnit', 'cups');
    await page.fill('#mealsPerDay', '2');
    await page.fill('#currentWeightLbs', '54');
    await page.selectOption('#activityLevel', 'moderate');
    await page.selectOption('#bodyConditionScore', '5');
    await page.check('input[name="healthGoals"][value="joint_support"]');
    await Promise.all([page.waitForLoadState('load'), page.click('[data-nutrition-form] button[type="submit"]')]);

    expect(await page.locator('#feedingAmount-error').innerText()).to.equal('Please enter the daily amount as a number');
    expect(await page.locator('#feedingAmount').getAttribute('aria-invalid')).to.equal('true');
    expect(await page.inputValue('#currentFood')).to.equal('Trail Mix Adult Chicken & Rice');
    expect(await page.isChecked('input[name="healthGoals"][value="joint_support"]')).to.equal(true);

    await page.fill('#feedingAmount', '2');
    await Promise.all([page.waitForURL(/saved=1/), page.click('[data-nutrition-form] button[type="submit"]')]);
    expect(await page.locator('[data-nutrition-notice]').innerText()).to.equal(NUTRITION_SAVED);
    expect(await page.inputValue('#feedingAmount')).to.equal('2');

    await Promise.all([page.waitForURL(/requested=1/), page.click('[data-nutrition-submit-request]')]);
    expect(await page.locator('[data-nutrition-notice]').innerText()).to.equal(NUTRITION_REQUESTED);
    expect(await page.locator('[data-nutrition-request-status]').getAttribute('data-nutrition-request-status')).to.equal('requested');
    expect(errors).to.deep.equal([]);
  });
});
