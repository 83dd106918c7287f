import { expect } from 'chai';
import type { Express } from 'express';
import { testDb } from '../../support/database.js';
import { signIn } from '../../support/app.js';
import { signInAsDemo } from '../../support/demo.js';
import { createUser } from '../../support/factories.js';
import { awaitingPetNum, demoPopulation, mainText, ownedPetNum } from './population.js';
import { DOG_NOT_FOUND, NOT_AUTHORIZED } from '../../../server/shared/messages.js';

const PAGES = ['profile', 'summary', 'research-surveys', 'breed-and-ancestry', 'health', 'health/breed-relevant', 'health/other', 'relatives', 'traits'];

describe('results pages: access and empty states', function () {
  this.timeout(180_000);
  let app: Express;
  let biscuit: number;

  before(async () => {
    app = await demoPopulation();
    biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
    await (await testDb())('pets').where({ pet_num: biscuit }).update({ should_show_care_resources: true });
  });

  it('answers every results page for the owner, with the heading and the results navigation', async () => {
    const agent = await signInAsDemo(app, 'parent');
    for (const page of [...PAGES, 'care']) {
      const response = await agent.get(`/members/results/${page}?i=${biscuit}`);
      expect(response.status, page).to.equal(200);
      expect(response.text, page).to.include('class="results-nav"');
      expect(response.text, page).to.match(/<link rel="stylesheet" href="\/static\/(build\/results-[A-Z2-7]{8}|css\/results)\.css">/);
      expect(response.text, page).to.not.include('Results pending');
    }
  });

  it('names the dog by its call name in the tab title as in the heading', async () => {
    const db = await testDb();
    await db('pets').where({ pet_num: biscuit }).update({ call_name: 'Bisc' });
    try {
      const agent = await signInAsDemo(app, 'parent');
      for (const path of [`/members/results/summary?i=${biscuit}`, `/members/results/health/other?i=${biscuit}`]) {
        const html = (await agent.get(path).expect(200)).text;
        const title = html.match(/<title>([^<]*)<\/title>/)![1];
        expect(title, path).to.match(/^Bisc: /);
      }
      expect((await agent.get(`/members/results/summary?i=${biscuit}`)).text).to.match(/<h1[^>]*>Bisc: /);
    } finally {
      await db('pets').where({ pet_num: biscuit }).update({ call_name: null });
    }
  });

  it("answers another user's dog as a dog that does not exist, and a missing or malformed i: 404, never 'Not Authorized' (issue 36 §24)", async () => {
    const db = await testDb();
    await createUser(db, { email: 'stranger@example.test' });
    const stranger = await signIn(app, 'stranger@example.test', 'secret-pass');
    for (const page of [...PAGES, 'care']) {
      const refused = await stranger.get(`/members/results/${page}?i=${biscuit}`);
      expect(refused.status, page).to.equal(404);
      expect(refused.text, page).to.include(DOG_NOT_FOUND);
      expect(refused.text, page).to.not.include(NOT_AUTHORIZED);
      expect(refused.text, page).to.not.include('Biscuit');
    }
    const owner = await signInAsDemo(app, 'parent');
    for (const i of ['abc', '0', '-3', '1.5', '99999999', '']) {
      const response = await owner.get(`/members/results/summary?i=${i}`);
      expect(response.status, i).to.equal(404);
      expect(response.text, i).to.include(DOG_NOT_FOUND);
      expect(response.text, i).to.not.include(NOT_AUTHORIZED);
    }
  });

  it("labels the breed page 'Breed' for a vet looking at a patient, and 'Breed & Ancestry' for the owner", async () => {
    const vet = await signInAsDemo(app, 'vet');
    const asVet = await vet.get(`/members/results/breed-and-ancestry?i=${biscuit}&countryCode=GB`).expect(200);
    expect(asVet.text).to.match(/<h1>Biscuit: Breed<\/h1>/);
    const owner = await signInAsDemo(app, 'parent');
    const asOwner = await owner.get(`/members/results/breed-and-ancestry?i=${biscuit}&countryCode=zz9`).expect(200);
    expect(asOwner.text).to.include('<h1>Biscuit: Breed &amp; Ancestry</h1>');
  });

  it("shows 'Results pending' with the swab state for a dog whose swab awaits the lab", async () => {
    const pup = await awaitingPetNum();
    const breeder = await signInAsDemo(app, 'breeder');
    for (const page of ['summary', 'breed-and-ancestry', 'health', 'traits', 'relatives']) {
      const text = mainText((await breeder.get(`/members/results/${page}?i=${pup}`).expect(200)).text);
      expect(text, page).to.include('Results pending');
      expect(text, page).to.include('we are waiting for the swab to reach the lab');
      expect(text, page).to.include('Swab state: activated');
    }
    const summary = (await breeder.get(`/members/results/summary?i=${pup}`)).text;
    expect(summary).to.not.include('/raw-data');
  });

  it('links the raw data from the summary for owners of a tested dog only', async () => {
    const owner = await signInAsDemo(app, 'parent');
    expect((await owner.get(`/members/results/summary?i=${biscuit}`)).text).to.include(`href="/members/pet/${biscuit}/raw-data"`);
    const vet = await signInAsDemo(app, 'vet');
    expect((await vet.get(`/members/results/summary?i=${biscuit}`)).text).to.not.include('/raw-data');
  });

  it("shows the profile details: name, handle, sex, birth date or 'estimated', breed type and titles", async () => {
    const db = await testDb();
    const pet = await db('pets').where({ pet_num: biscuit }).first();
    await db('pets').where({ pet_num: biscuit }).update({ prefix_titles: ['CH'], suffix_titles: ['CGC'], is_date_of_birth_estimated: true, date_of_birth: '2021-03-05', date_of_birth_precision: 'day' });
    try {
      const owner = await signInAsDemo(app, 'parent');
      const text = mainText((await owner.get(`/members/results/profile?i=${biscuit}`).expect(200)).text);
      expect(text).to.include('CH Biscuit CGC');
      expect(text).to.include(`Handle ${pet.handle}`);
      expect(text).to.match(/Sex (Male|Female)/);
      expect(text).to.include('Birth date March 5, 2021 (estimated)');
      expect(text).to.include('Titles CH, CGC');
    } finally {
      await db('pets').where({ pet_num: biscuit }).update({ prefix_titles: pet.prefix_titles, suffix_titles: pet.suffix_titles, is_date_of_birth_estimated: pet.is_date_of_birth_estimated, date_of_birth: pet.date_of_birth, date_of_birth_precision: pet.date_of_birth_precision });
    }
  });

  it('escapes user text: a dog name with markup is shown as text', async () => {
    const db = await testDb();
    const pet = await db('pets').where({ pet_num: biscuit }).first('name', 'story');
    await db('pets').where({ pet_num: biscuit }).update({ name: '<b>Bis</b>', story: '<script>alert(1)</script>' });
    try {
      const owner = await signInAsDemo(app, 'parent');
      const html = (await owner.get(`/members/results/profile?i=${biscuit}`).expect(200)).text;
      expect(html).to.not.include('<script>alert(1)</script>');
      expect(html).to.include('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).to.not.include('<b>Bis</b>');
    } finally {
      await db('pets').where({ pet_num: biscuit }).update(pet);
    }
  });

  it('lists research surveys by category, hiding admin-only ones, and care resources matched to the results', async () => {
    const db = await testDb();
    await db('survey_categories').insert({ category: 'Health', subtitle: 'About health', priority: 2 }).onConflict('category').ignore();
    await db('surveys').insert([
      { slug: 'results-test-open', template_id: 't1', category: 'Health', title: 'Itchy skin survey', priority: 1 },
      { slug: 'results-test-admin', template_id: 't2', category: 'Health', title: 'Staff only survey', is_admin_only: true },
    ]);
    const breedId = (await db('breed_mix_rows').where({ pet_num: biscuit, rank: 1 }).first('breed_id')).breed_id;
    const [resource] = await db('care_resources').insert({ slug: 'results-test-care', title: 'Caring for your breed', summary: 'Exercise needs' }).returning('id');
    await db('care_resource_targets').insert({ care_resource_id: resource.id, category: 'breed', breed_id: breedId });
    const owner = await signInAsDemo(app, 'parent');
    const research = mainText((await owner.get(`/members/results/research-surveys?i=${biscuit}`).expect(200)).text);
    expect(research).to.include('Itchy skin survey');
    expect(research).to.include('0% done');
    expect(research).to.not.include('Staff only survey');
    const care = mainText((await owner.get(`/members/results/care?i=${biscuit}`).expect(200)).text);
    expect(care).to.include('Caring for your breed');
    expect(care).to.include('(breed)');
  });
});
