// Issue 11: view counting, the dogs-like-mine page, and every dog link of the members area answering 200.
import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { DEMO_ACCOUNTS, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import type { Db } from '../../../server/db/index.js';
import { demoPopulation, ownedPetNum } from '../results/population.js';

describe('public profiles of the demo dogs', function () {
  this.timeout(240_000);
  let app: Express;

  before(async () => {
    app = await demoPopulation();
  });

  async function handleOf(petNum: number): Promise<string> {
    return (await (await testDb())('pets').where({ pet_num: petNum }).first('handle')).handle;
  }

  it('counts a view once per visitor per day, never the owner’s own, and sets no cookie for a signed-out visitor', async () => {
    const db = await testDb();
    const biscuit = await ownedPetNum(DEMO_ACCOUNTS.parent.email, 'Biscuit');
    await db('pets').where({ pet_num: biscuit }).update({ privacy: 'public' });
    const handle = await handleOf(biscuit);
    const count = async () => (await request(app).get(`/api/public-profile-view-count/${handle}`).expect(200)).body.publicProfileViewCount;
    const start = await count();

    const first = await request(app).get(`/dog/${handle}`).set('user-agent', 'Crawler A').expect(200);
    expect(first.headers['set-cookie'] ?? []).to.deep.equal([]);
    await request(app).get(`/dog/${handle}`).set('user-agent', 'Crawler A').expect(200);
    expect(await count()).to.equal(start + 1);
    await request(app).get(`/dog/${handle}`).set('user-agent', 'Crawler B').expect(200);
    expect(await count()).to.equal(start + 2);

    const owner = await signInAsDemo(app, 'parent');
    await owner.get(`/dog/${handle}`).expect(200);
    expect(await count()).to.equal(start + 2);
    const vet = await signInAsDemo(app, 'vet');
    await vet.get(`/dog/${handle}`).expect(200);
    await vet.get(`/dog/${handle}`).expect(200);
    expect(await count()).to.equal(start + 3);
  });

  it('keeps a signed-out visitor’s copy of a profile only while the dog, its counts and gallery stand, each view with its own nonce', async () => {
    const db = await testDb();
    const biscuit = await ownedPetNum(DEMO_ACCOUNTS.parent.email, 'Biscuit');
    await db('pets').where({ pet_num: biscuit }).update({ privacy: 'public' });
    const handle = await handleOf(biscuit);
    const view = async () => {
      const response = await request(app).get(`/dog/${handle}`).set('user-agent', 'Kept copy').expect(200);
      const nonce = /'nonce-([^']+)'/.exec(response.headers['content-security-policy'])![1];
      for (const tag of response.text.match(/<script[^>]*>/g)!) expect(tag).to.include(`nonce="${nonce}"`);
      return { html: response.text, nonce };
    };
    const [first, second] = [await view(), await view()];
    expect(first.nonce).to.not.equal(second.nonce);
    expect(second.html).to.not.match(/\b[nt][0-9a-f]{32}\b/);
    const { name } = await db('pets').where({ pet_num: biscuit }).first('name');
    try {
      await db('pets').where({ pet_num: biscuit }).update({ name: 'Biscotti' });
      expect((await view()).html).to.include('Biscotti');
    } finally {
      await db('pets').where({ pet_num: biscuit }).update({ name });
    }
    expect((await view()).html).to.not.include('Biscotti');
  });

  it('compares an owner’s dog with another by genotype on /dogs-like-mine, and refuses a dog the visitor does not own', async () => {
    const db = await testDb();
    const biscuit = await ownedPetNum(DEMO_ACCOUNTS.parent.email, 'Biscuit');
    const other = await db('pets').join('genotypes', 'genotypes.pet_num', 'pets.pet_num').whereNot('pets.pet_num', biscuit).where({ 'pets.privacy': 'public', 'pets.is_hidden': false, 'genotypes.is_current': true }).orderBy('pets.pet_num').first('pets.handle');
    const parent = await signInAsDemo(app, 'parent');
    const page = await parent.get(`/dogs-like-mine/${await handleOf(biscuit)}/${other.handle}`).expect(200);
    const score = Number(page.text.match(/data-likeness-score="([\d.]+)"/)?.[1]);
    expect(score).to.be.within(0, 100);
    const breeder = await signInAsDemo(app, 'breeder');
    await breeder.get(`/dogs-like-mine/${await handleOf(biscuit)}/${other.handle}`).expect(404);
    await request(app).get(`/dogs-like-mine/${await handleOf(biscuit)}/${other.handle}`).expect(302);
  });

  it('answers 200 for every /dog/, /related/ and /dogs-like-mine/ link on the results pages of the demo dogs', async () => {
    const db = await testDb();
    const pages = ['summary', 'breed-and-ancestry', 'relatives', 'profile', 'health', 'traits'];
    for (const account of ['parent', 'breeder', 'vet'] as const) {
      const agent = await signInAsDemo(app, account);
      const dogs = account === 'vet' ? await patientsOfDemoVet(db) : await dogsOfDemoAccount(db, account);
      const links = new Set<string>();
      for (const petNum of dogs.slice(0, 4)) {
        for (const page of pages) {
          const html = (await agent.get(`/members/results/${page}?i=${petNum}`)).text;
          for (const match of html.matchAll(/href="(\/(?:dog|related|dogs-like-mine)\/[^"#?]+)/g)) links.add(match[1]);
        }
        const relatives = (await agent.get(`/api/relatives/${petNum}`).set('accept', 'application/json')).body.relatedPets ?? [];
        for (const relative of relatives) links.add(`/dog/${relative.handle}`);
      }
      expect(links.size, `${account} sees dog links`).to.be.greaterThan(0);
      for (const link of links) {
        const answer = await agent.get(link);
        expect(answer.status, `${account}: ${link}`).to.equal(200);
      }
    }
  });
});

function dogsOfDemoAccount(db: Db, account: 'parent' | 'breeder'): Promise<number[]> {
  return db('pets').join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num').join('users', 'users.id', 'pet_owners.user_id')
    .where('users.email', DEMO_ACCOUNTS[account].email).whereNull('pets.deleted_at').pluck('pets.pet_num');
}

/** The demo vet owns no dogs: it reads its practice's patients. */
function patientsOfDemoVet(db: Db): Promise<number[]> {
  return db('practice_patients').join('practice_users', 'practice_users.practice_id', 'practice_patients.practice_id')
    .join('users', 'users.id', 'practice_users.user_id').join('pets', 'pets.pet_num', 'practice_patients.pet_num')
    .where('users.email', DEMO_ACCOUNTS.vet.email).whereNull('pets.deleted_at').orderBy('practice_patients.pet_num').pluck('practice_patients.pet_num');
}
