import { expect } from 'chai';
import type { Express } from 'express';
import { graphql, signIn, testApp } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { createPet, createUser } from '../../support/factories.js';
import { DOG_NOT_FOUND } from '../../../server/shared/messages.js';

async function petNumOf(email: string): Promise<number> {
  const db = await testDb();
  const row = await db('pets').join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num').join('users', 'users.id', 'pet_owners.user_id').where('users.email', email).orderBy('pets.pet_num').first('pets.pet_num');
  return row.pet_num;
}

const navLabels = (html: string) => [...html.matchAll(/class="results-nav__button[^"]*"[^>]*>(?:<span[^>]*>[^<]*<\/span> )?([^<]+)<\/a>/g)].map((m) => m[1]);

describe('pet results navigation', () => {
  let app: Express;

  before(async () => {
    await resetToDemoData();
    app = await testApp();
  });

  it('shows every results page with its button active, the new-experience banner and back link for pet parents', async () => {
    const agent = await signInAsDemo(app, 'parent');
    const petNum = await petNumOf('parent@demo.test');
    for (const [path, label] of [
      ['profile', 'Profile'],
      ['summary', 'Summary'],
      ['research-surveys', 'Research'],
      ['breed-and-ancestry', 'Breed & Ancestry'],
      ['health', 'Health'],
      ['relatives', 'Relatives'],
      ['traits', 'Traits'],
    ]) {
      const html = (await agent.get(`/members/results/${path}?i=${petNum}`).expect(200)).text;
      expect(html, path).to.match(new RegExp(`is-active" href="[^"]+" data-nav="[a-z-]+" aria-current="page">${label.replace('&', '&amp;')}</a>`));
      expect(html).to.include('Check out our new experience!');
      expect(html).to.include('Back to my dogs');
    }
    expect(navLabels((await agent.get(`/members/results/summary?i=${petNum}`)).text)).to.deep.equal(['Summary', 'Breed &amp; Ancestry', 'Health', 'Traits', 'Relatives', 'Care Resources', 'Research', 'Profile']);
  });

  it("shows 'Back to Health' on the health sub-pages", async () => {
    const agent = await signInAsDemo(app, 'parent');
    const petNum = await petNumOf('parent@demo.test');
    for (const sub of ['breed-relevant', 'other']) {
      const html = (await agent.get(`/members/results/health/${sub}?i=${petNum}`).expect(200)).text;
      expect(html).to.include(`href="/members/results/health?i=${petNum}">Back to Health</a>`);
    }
  });

  it('hides Relatives and refuses its page when the relative finder flag is off; shows Care Resources when on', async () => {
    const db = await testDb();
    const petNum = await petNumOf('parent@demo.test');
    await db('pets').where({ pet_num: petNum }).update({ show_relative_finder: false, should_show_care_resources: true });
    const agent = await signInAsDemo(app, 'parent');
    const html = (await agent.get(`/members/results/summary?i=${petNum}`)).text;
    expect(navLabels(html)).to.not.include('Relatives');
    expect(navLabels(html)).to.include('Care Resources');
    await agent.get(`/members/results/relatives?i=${petNum}`).expect(404);
    await agent.get(`/members/results/care?i=${petNum}`).expect(200);
    await db('pets').where({ pet_num: petNum }).update({ show_relative_finder: true, should_show_care_resources: false });
  });

  it('uses the professional order for breeders and no new-experience banner', async () => {
    const agent = await signInAsDemo(app, 'breeder');
    const petNum = await petNumOf('breeder@demo.test');
    const html = (await agent.get(`/members/results/profile?i=${petNum}`)).text;
    expect(navLabels(html)[0]).to.equal('Profile');
    expect(html).to.not.include('Check out our new experience!');
    expect(html).to.include('Back to my dogs');
  });

  it('hides the back-to-list link from a pet parent with one dog', async () => {
    const db = await testDb();
    const user = await createUser(db, { email: 'single@example.test' });
    const petNum = await createPet(db, user.id, { name: 'Solo' });
    const agent = await signIn(app, 'single@example.test', 'secret-pass');
    const html = (await agent.get(`/members/results/summary?i=${petNum}`).expect(200)).text;
    expect(html).to.not.include('Back to my dogs');
    expect(html).to.include('Explore Solo&#39;s Results'); // named although its results are pending (spec 2: only a dog without a name is "your dog")
  });

  it("answers another user's dog and nonsense numbers as a dog not found (issue 36 §24)", async () => {
    const agent = await signInAsDemo(app, 'parent');
    const breederPet = await petNumOf('breeder@demo.test');
    for (const i of [String(breederPet), '999999', 'abc', '-1', '']) {
      const response = await agent.get(`/members/results/summary?i=${i}`).expect(404);
      expect(response.text).to.include(DOG_NOT_FOUND).and.not.include('Not Authorized');
    }
  });

  it("lets a vet read a patient of the practice, read-only, and nobody else's dog", async () => {
    const db = await testDb();
    const biscuit = (await db('pets').where({ name: 'Biscuit' }).first('pet_num')).pet_num;
    const agent = await signInAsDemo(app, 'vet');
    const html = (await agent.get(`/members/results/summary?i=${biscuit}`).expect(200)).text;
    expect(html).to.include('Back to my patients');
    expect(navLabels(html)).to.include('Breed');
    await agent.get(`/members/results/summary?i=${await petNumOf('breeder@demo.test')}`).expect(404);
  });

  it("locks Health and Traits behind one 'Health & Traits' button exactly when GraphQL offers the upgrade (issue 36 §1)", async () => {
    const db = await testDb();
    const user = await createUser(db, { email: 'upgrade@example.test' });
    const petNum = await createPet(db, user.id, { name: 'Pip' });
    const agent = await signIn(app, 'upgrade@example.test', 'secret-pass');
    const swab = (code: string, fields: Record<string, unknown>) => ({ swab_code: code, pet_num: petNum, swab_state: 'activated', activated_at: db.fn.now(), product_type: 'BreedAndAncestry', ...fields });
    const lockedOn = async (path: string) => {
      const labels = navLabels((await agent.get(path).expect(200)).text);
      const locked = labels.includes('Health &amp; Traits');
      expect(labels.includes('Health') || labels.includes('Traits'), `${path}: ${labels}`).to.equal(!locked);
      return locked;
    };
    const offered = async () => (await graphql(agent, 'query($n: Int!) { me { petByPetNum(petNum: $n) { isUpgradeAvailable } } }', { n: petNum })).body.data.me.petByPetNum.isUpgradeAvailable;

    // [swabs added, oldest first; whether the upgrade is offered]
    const cases: [Record<string, unknown>[], boolean][] = [
      [[], false],
      [[{}], true],
      [[{ comprehensive_upgrade_purchased_at: db.fn.now() }], false],
      [[{ product_type: 'ComprehensiveConsumer' }], false],
      [[{}, { swab_state: 'void' }], true], // a void swab is not the current one
      [[{}, { is_methylation: true, product_type: 'Age' }], true], // nor is the age test's swab
      [[{}, { product_type: 'ComprehensiveConsumer' }], false], // the newest swab decides
    ];
    for (const [index, [swabs, expected]] of cases.entries()) {
      await db('swabs').where({ pet_num: petNum }).delete();
      for (const [n, fields] of swabs.entries()) {
        await db('swabs').insert({ ...swab(`UPGRADE-${index}-${n}-000`, fields), created_at: new Date(Date.UTC(2026, 0, 1 + n)) });
      }
      expect(await offered(), `case ${index}`).to.equal(expected);
      for (const path of [`/members/results/summary?i=${petNum}`, `/members/results/health/other?i=${petNum}`, `/members/pet/about/${petNum}`]) {
        expect(await lockedOn(path), `case ${index}: ${path}`).to.equal(expected);
      }
    }
  });

  it('lets an admin read any dog', async () => {
    const agent = await signInAsDemo(app, 'admin');
    await agent.get(`/members/results/summary?i=${await petNumOf('breeder@demo.test')}`).expect(200);
  });
});
