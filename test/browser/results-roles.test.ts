// Breeders and vets click through every results page of a dog they may see, as pet parents do.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { sharedChromium, closeContexts, newContext, serve, signInThroughRequest } from '../support/browser.js';
import { DEMO_ACCOUNTS } from '../support/demo.js';
import { DEMO_PASSWORD } from '../../server/demo/accounts.js';
import { demoPopulation, ownedPetNum } from '../integration/results/population.js';
import { testDb } from '../support/database.js';

describe('results pages in the browser for breeders and vets', function () {
  this.timeout(180_000);
  let browser: Browser;
  let site: Awaited<ReturnType<typeof serve>>;

  before(async () => {
    site = await serve(await demoPopulation());
    browser = await sharedChromium();
  });

  after(async () => {
    await closeContexts(browser);
    await site?.close();
  });

  /** Follows every button of the results navigation in turn and checks each page is that page. */
  async function clickThroughNavigation(page: Page, firstUrl: string): Promise<string[]> {
    await page.goto(firstUrl);
    const labels = await page.locator('.results-nav a:not(.is-locked)').allInnerTexts();
    for (const label of labels) {
      await Promise.all([page.waitForLoadState('load'), page.click(`.results-nav a:not(.is-locked) >> text="${label.trim()}"`)]);
      expect(await page.locator('.results-nav a.is-active').innerText(), label).to.equal(label);
      expect(await page.locator('h1').first().innerText(), label).to.not.equal('Not found');
    }
    return labels.map((label) => label.trim());
  }

  it("lets the breeder read every results page of a kennel dog, profile first", async () => {
    const page = await (await newContext(browser)).newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInThroughRequest(page.context(), site.origin, DEMO_ACCOUNTS.breeder.email, DEMO_PASSWORD);
    const db = await testDb();
    const dog = await db('pets').join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num').join('users', 'users.id', 'pet_owners.user_id').join('genotypes', 'genotypes.pet_num', 'pets.pet_num').where('users.email', DEMO_ACCOUNTS.breeder.email).first('pets.pet_num');
    const labels = await clickThroughNavigation(page, `${site.origin}/members/results/profile?i=${dog.pet_num}`);
    expect(labels[0]).to.equal('Profile');
    expect(labels).to.include.members(['Summary', 'Breed & Ancestry', 'Health', 'Traits']);
    expect(errors).to.deep.equal([]);
  });

  it("lets the vet read every results page of a patient, with 'Breed' for breed results", async () => {
    const page = await (await newContext(browser)).newPage();
    await signInThroughRequest(page.context(), site.origin, DEMO_ACCOUNTS.vet.email, DEMO_PASSWORD);
    const biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
    const labels = await clickThroughNavigation(page, `${site.origin}/members/results/profile?i=${biscuit}`);
    expect(labels).to.include('Breed').and.not.include('Breed & Ancestry');
    expect(await page.locator('.results-back-links').innerText()).to.contain('Back to my patients');
  });

  it("offers the vet 'Chat with owner' only for relatives with an owner, and it opens that chat (issue 36 \u00a72)", async () => {
    const page = await (await newContext(browser)).newPage();
    await signInThroughRequest(page.context(), site.origin, DEMO_ACCOUNTS.vet.email, DEMO_PASSWORD);
    const db = await testDb();
    const otis = await db('pets').where({ name: 'Otis' }).whereNotExists(db('pet_owners').whereRaw('pet_owners.pet_num = pets.pet_num')).first('pet_num');
    await page.goto(`${site.origin}/members/results/relatives?i=${otis.pet_num}`);
    const handles = await page.locator('.relative-card').evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.handle!));
    const owned = new Set<string>(await db('pets').whereIn('handle', handles).whereExists(db('pet_owners').whereRaw('pet_owners.pet_num = pets.pet_num')).pluck('handle'));
    expect(owned.size, 'a relative a member owns').to.be.greaterThan(0);
    expect(owned.size, 'a littermate the practice registered').to.be.lessThan(handles.length);
    for (const handle of handles) {
      expect(await page.locator(`.relative-card[data-handle="${handle}"] >> text="Chat with owner"`).count(), handle).to.equal(owned.has(handle) ? 1 : 0);
    }
    const first = handles.find((handle) => owned.has(handle))!;
    const [response] = await Promise.all([page.waitForEvent('response', (r) => r.url().includes('/members/chat?to=')), page.locator(`.relative-card[data-handle="${first}"] >> text="Chat with owner"`).click()]);
    expect(response.status()).to.equal(200);
    await page.waitForLoadState('load');
    expect(await page.locator('.chat-page__error').count()).to.equal(0);
  });

  it("takes the vet from a patient's results back to the patient list, not the vets' marketing page (issue 36 §3)", async () => {
    const page = await (await newContext(browser)).newPage();
    await signInThroughRequest(page.context(), site.origin, DEMO_ACCOUNTS.vet.email, DEMO_PASSWORD);
    const biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
    await page.goto(`${site.origin}/members/results/summary?i=${biscuit}`);
    await Promise.all([page.waitForURL(`${site.origin}/members`), page.locator('.results-back-links a', { hasText: 'Back to my patients' }).click()]);
    expect(await page.locator('h1').first().innerText()).to.equal('My Patients');
    expect(await page.locator('#patients-title').innerText()).to.equal('Patients');
  });
});
