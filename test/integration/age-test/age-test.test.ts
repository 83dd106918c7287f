import { expect } from 'chai';
import type { Express } from 'express';
import { testDb } from '../../support/database.js';
import { csrfToken } from '../../support/app.js';
import { signInAsDemo } from '../../support/demo.js';
import { demoPopulation, mainText, ownedPetNum } from '../results/population.js';
import { refusedPeople, type People } from '../nutrition/people.js';
import { AGE_TEST_ACCURACY_QUESTION, AGE_TEST_FEEDBACK_INVALID, AGE_TEST_FEEDBACK_THANKS } from '../../../server/shared/messages.js';

describe('age test and microbiome tests on the summary page', function () {
  this.timeout(180_000);
  let app: Express;
  let biscuit: number;
  let maple: number;
  let people: People;

  before(async () => {
    app = await demoPopulation();
    biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
    maple = await ownedPetNum('parent@demo.test', 'Maple');
    people = await refusedPeople(app, biscuit, 'agetest');
  });

  afterEach(async () => {
    const db = await testDb();
    await db('age_tests').where({ pet_num: biscuit }).delete();
    await db('microbiome_tests').whereIn('pet_num', [biscuit, maple]).delete();
  });

  async function releaseAgeTest() {
    const db = await testDb();
    await db('age_tests').insert({
      pet_num: biscuit,
      status: 'released',
      activated_at: '2026-01-05T12:00:00Z',
      released_at: '2026-02-01T12:00:00Z',
      results_uuid: '0b9d6f1e-2f55-4c55-9d7a-6f7c3c1f2a10',
      predicted_birthday: '2021-04-20',
    });
  }

  const summaryOf = async (agent: Awaited<ReturnType<typeof signInAsDemo>>, petNum: number) => (await agent.get(`/members/results/summary?i=${petNum}`).expect(200)).text;

  it("shows an age test in the lab with its status in words and its activation date, and no product offer", async () => {
    const owner = await signInAsDemo(app, 'parent');
    const text = mainText(await summaryOf(owner, maple));
    expect(text).to.include('Age test');
    expect(text).to.include('Processing: the lab is reading the sample.');
    expect(text).to.match(/Activated [A-Z][a-z]+ \d{1,2}, 20\d\d/);
    expect(text).to.not.include('Predicted birthday');
    expect(text).to.not.include('Get the Dog Age Test');
  });

  it('offers the dog-age product under the shop link to owners of a dog without an age test, not to its vet', async () => {
    const owner = await signInAsDemo(app, 'parent');
    const html = await summaryOf(owner, biscuit);
    expect(html).to.include('href="https://shop.embarkvet.com/products/dog-age"');
    const vet = await signInAsDemo(app, 'vet');
    expect(await summaryOf(vet, biscuit)).to.not.include('/products/dog-age');
  });

  it("shows the released predicted birthday and stores the owner's 'Is this accurate?' answer", async () => {
    await releaseAgeTest();
    const owner = await signInAsDemo(app, 'parent');
    const html = await summaryOf(owner, biscuit);
    const text = mainText(html);
    expect(text).to.include('Released: the results are ready.');
    expect(text).to.include('Predicted birthday April 20, 2021');
    expect(text).to.include('Activated January 5, 2026');
    expect(text).to.include(AGE_TEST_ACCURACY_QUESTION);
    expect(html).to.include(`action="/members/results/age-test/feedback?i=${biscuit}"`);

    const token = await csrfToken(owner, `/members/results/summary?i=${biscuit}`);
    const response = await owner.post(`/members/results/age-test/feedback?i=${biscuit}`).type('form').send({ _csrf: token, isAccurate: 'no' }).expect(303);
    expect(response.headers.location).to.equal(`/members/results/summary?i=${biscuit}#age-test`);
    const row = await (await testDb())('age_tests').where({ pet_num: biscuit }).first();
    expect(row.is_accurate).to.equal(false);
    expect(row.is_user_feedback_collected).to.equal(true);
    const after = mainText(await summaryOf(owner, biscuit));
    expect(after).to.include(AGE_TEST_FEEDBACK_THANKS);
    expect(after).to.include('is not accurate');
    expect(after).to.not.include(AGE_TEST_ACCURACY_QUESTION);
  });

  it('refuses a missing or malformed answer with a clear error and changes nothing', async () => {
    await releaseAgeTest();
    const owner = await signInAsDemo(app, 'parent');
    const token = await csrfToken(owner, `/members/results/summary?i=${biscuit}`);
    for (const isAccurate of [undefined, 'maybe', '']) {
      const response = await owner.post(`/members/results/age-test/feedback?i=${biscuit}`).type('form').send({ _csrf: token, isAccurate }).expect(303);
      expect(response.headers.location).to.include('ageTestFeedback=invalid');
    }
    const row = await (await testDb())('age_tests').where({ pet_num: biscuit }).first();
    expect(row.is_user_feedback_collected).to.equal(false);
    expect(row.is_accurate).to.equal(null);
    expect(mainText((await owner.get(`/members/results/summary?i=${biscuit}&ageTestFeedback=invalid`)).text)).to.include(AGE_TEST_FEEDBACK_INVALID);
  });

  it('refuses feedback from the vet, a read-only co-owner, a stranger and without the CSRF token', async () => {
    await releaseAgeTest();
    const vet = await signInAsDemo(app, 'vet');
    expect(await summaryOf(vet, biscuit)).to.not.include('age-test/feedback');
    const cases = [
      { agent: vet, status: 302, location: '/members/forbidden/shared-pet-operation-no-permission' },
      { agent: people.readOnlyCoOwner, status: 302, location: '/members/forbidden/shared-pet-operation-no-permission' },
      { agent: people.stranger, status: 404 },
    ];
    for (const { agent, status, location } of cases) {
      const token = await csrfToken(agent, '/members');
      const response = await agent.post(`/members/results/age-test/feedback?i=${biscuit}`).type('form').send({ _csrf: token, isAccurate: 'yes' });
      expect(response.status).to.equal(status);
      if (location) expect(response.headers.location).to.equal(location);
    }
    const owner = await signInAsDemo(app, 'parent');
    await owner.post(`/members/results/age-test/feedback?i=${biscuit}`).type('form').send({ isAccurate: 'yes' }).expect(403);
    const row = await (await testDb())('age_tests').where({ pet_num: biscuit }).first();
    expect(row.is_user_feedback_collected).to.equal(false);
  });

  it('sends a read-only account to the read-only page', async () => {
    const token = await csrfToken(people.readOnlyAccount, '/members');
    const response = await people.readOnlyAccount.post(`/members/results/age-test/feedback?i=${people.readOnlyAccountPet}`).type('form').send({ _csrf: token, isAccurate: 'yes' });
    expect(response.status).to.equal(302);
    expect(response.headers.location).to.equal('/members/forbidden/read-only-account');
  });

  it('lists microbiome tests with state, type, release date and a report link only when released', async () => {
    const db = await testDb();
    const owner = await signInAsDemo(app, 'parent');
    expect(await summaryOf(owner, biscuit)).to.not.include('data-microbiome');
    await db('microbiome_tests').insert([
      { pet_num: biscuit, test_type: 'gut', state: 'released', report_url: 'https://reports.example.test/gut/123', results_released_at: '2026-03-02T10:00:00Z', created_at: '2026-01-01T00:00:00Z' },
      { pet_num: biscuit, test_type: 'gut', state: 'processing', report_url: 'https://reports.example.test/gut/999', created_at: '2026-02-01T00:00:00Z' },
      { pet_num: biscuit, test_type: 'oral', state: 'released', report_url: 'javascript:alert(1)', results_released_at: '2026-03-03T10:00:00Z' },
    ]);
    const html = await summaryOf(owner, biscuit);
    const text = mainText(html);
    expect(text).to.include('Microbiome');
    expect(text).to.include('Gut microbiome Report ready March 2, 2026 View report');
    expect(text).to.include('Gut microbiome Processing');
    expect(text).to.include('Oral microbiome Report ready March 3, 2026');
    expect(html).to.include('href="https://reports.example.test/gut/123"');
    expect(html).to.not.include('gut/999');
    expect(html).to.not.include('javascript:alert');
  });
});
