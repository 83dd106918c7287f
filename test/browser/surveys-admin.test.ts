// /admin/surveys in Chromium (QA of issue 16 point 4): a renamed category carries its surveys along in
// the page, the forms come into view with focus and give it back, statuses never go stale, and the
// "Shown to" column counts its dogs in English.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite, PHONE } from '../support/browser.js';
import { demoAccountsApp } from '../support/demo.js';
import { testDb } from '../support/database.js';

/** What the focused element is, in words a failing assertion can show. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const tag = element.tagName.toLowerCase();
    return element.getAttribute('name') ? `${tag}[name=${element.getAttribute('name')}]` : `${tag} ${element.textContent?.trim() ?? ''}`;
  });

/** The row's Edit button (its visible text is "Edit", then the row's name for screen readers). */
const editButton = (page: Page, row: string) => page.locator(`${row} button`);

async function isInViewport(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.top < window.innerHeight && box.bottom > 0;
  });
}

describe('survey admin page in the browser', function () {
  this.timeout(120_000);
  const site = browserSuite(demoAccountsApp);

  async function surveysPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
    const page = await site.signedInPage('admin', { viewport });
    await page.goto(site.url('/admin/surveys'));
    await page.waitForSelector('[data-survey-admin]');
    return page;
  }

  const categoryCell = (page: Page, slug: string) => page.locator(`[data-survey="${slug}"] td`).nth(2).innerText();
  const categorySelect = (page: Page) => page.locator('[data-survey-form] select[name="category"]');
  /** The select's value and its options' values: the value must be one of them. */
  const selectState = (page: Page) =>
    categorySelect(page).evaluate((select: HTMLSelectElement) => ({ value: select.value, options: [...select.options].map((option) => option.value) }));

  it('shows a renamed category on its surveys, and their edit forms select it and save', async () => {
    const page = await surveysPage();
    expect(await categoryCell(page, 'diet-and-exercise')).to.equal('General');
    await editButton(page, '[data-category="General"]').click();
    await page.selectOption('[data-category-form] select[name="category"]', 'Profile');
    await page.click('[data-category-form] button[type="submit"]');
    await page.waitForSelector('[data-category="Profile"]');
    expect(await page.locator('[data-survey-saved]').innerText()).to.equal('Saved category Profile.');

    expect(await categoryCell(page, 'diet-and-exercise')).to.equal('Profile');
    expect(await categoryCell(page, 'survey-pilot-staff-review')).to.equal('Profile');
    expect(await page.locator('[data-survey-table] td:text-is("General")').count()).to.equal(0);

    await editButton(page, '[data-survey="diet-and-exercise"]').click();
    const state = await selectState(page);
    expect(state.value).to.equal('Profile');
    expect(state.options).to.include(state.value);
    await page.fill('[data-survey-form] input[name="subtitle"]', 'Meals, treats and walks');
    await page.click('[data-survey-form] button[type="submit"]');
    await page.waitForSelector('[data-survey-saved]:text-is("Saved survey Diet and exercise.")');
    expect(await page.locator('[data-survey-error]').count()).to.equal(0);
    const db = await testDb();
    expect(await db('surveys').where({ slug: 'diet-and-exercise' }).first('category', 'subtitle')).to.deep.equal({ category: 'Profile', subtitle: 'Meals, treats and walks' });
  });

  it('brings an edit form into view with focus on its first field, and gives focus back to the Edit button', async () => {
    const page = await surveysPage();
    await editButton(page, '[data-survey="senior-dog-cognition"]').click();
    expect(await isInViewport(page, '[data-survey-form] h3')).to.equal(true);
    expect(await focused(page)).to.equal('input[name=title]');
    // Edit again on the same row goes back to the open form, keeping what was typed
    await page.fill('[data-survey-form] input[name="subtitle"]', 'Half typed');
    await editButton(page, '[data-survey="senior-dog-cognition"]').click();
    expect(await focused(page)).to.equal('input[name=title]');
    expect(await page.inputValue('[data-survey-form] input[name="subtitle"]')).to.equal('Half typed');
    await page.click('[data-survey-form] button:text-is("Cancel")');
    expect(await page.locator('[data-survey-form]').count()).to.equal(0);
    expect(await focused(page)).to.equal('button Edit Senior dog cognition');

    // with the keyboard alone: Enter opens, Enter saves, focus lands back on the row's Edit button
    await page.keyboard.press('Enter');
    expect(await focused(page)).to.equal('input[name=title]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-survey-saved]');
    expect(await focused(page)).to.equal('button Edit Senior dog cognition');
    expect(await isInViewport(page, '[data-survey-saved]')).to.equal(true);

    await editButton(page, '[data-category="Health"]').click();
    expect(await isInViewport(page, '[data-category-form] h3')).to.equal(true);
    expect(await focused(page)).to.equal('select[name=category]');
    await page.click('[data-category-form] button:text-is("Cancel")');
    expect(await focused(page)).to.equal('button Edit Health');

    // an add form's Cancel goes back to its Add button
    await page.click('[data-add-survey]');
    expect(await focused(page)).to.equal('input[name=title]');
    await page.click('[data-survey-form] button:text-is("Cancel")');
    expect(await focused(page)).to.equal('button Add a survey');
  });

  it('brings the form into view on a phone too', async () => {
    const page = await surveysPage(PHONE);
    await editButton(page, '[data-survey="diet-and-exercise"]').click();
    expect(await isInViewport(page, '[data-survey-form] h3')).to.equal(true);
    expect(await focused(page)).to.equal('input[name=title]');
  });

  it('clears a success status when another form opens, so it never sits beside an error', async () => {
    const page = await surveysPage();
    await editButton(page, '[data-category="LifeStage"]').click();
    await page.fill('[data-category-form] input[name="priority"]', '21');
    await page.click('[data-category-form] button[type="submit"]');
    await page.waitForSelector('[data-survey-saved]:text-is("Saved category LifeStage.")');

    await page.click('[data-add-survey]');
    expect(await page.locator('[data-survey-saved]').count()).to.equal(0);
    await page.fill('[data-survey-form] input[name="title"]', 'Walks');
    await page.fill('[data-survey-form] input[name="slug"]', 'diet-and-exercise');
    await page.fill('[data-survey-form] input[name="templateId"]', 'tpl-walks');
    await page.click('[data-survey-form] button[type="submit"]');
    await page.waitForSelector('[data-survey-error]:text-is("Another survey already has this slug.")');
    expect(await page.locator('[data-survey-saved]').count()).to.equal(0);
    expect(await page.locator('.alert--success').count()).to.equal(0);
  });

  it('says "1 target dog" for one and "2 target dogs" for two', async () => {
    const db = await testDb();
    const pets = await db('pets').orderBy('pet_num').limit(2).pluck('pet_num');
    const [one, two] = await db('surveys').whereIn('slug', ['joint-health', 'skin-and-allergies']).orderBy('slug').select('id', 'slug');
    await db('surveys').whereIn('id', [one.id, two.id]).update({ is_targeted: true });
    await db('survey_target_pets').insert([{ survey_id: one.id, pet_num: pets[0] }, ...pets.map((petNum: number) => ({ survey_id: two.id, pet_num: petNum }))]);
    const page = await surveysPage();
    const shownTo = (slug: string) => page.locator(`[data-survey="${slug}"] td`).nth(4).innerText();
    expect(await shownTo('joint-health')).to.equal('members, 1 target dog, research page');
    expect(await shownTo('skin-and-allergies')).to.equal('members, 2 target dogs, research page');
  });
});
