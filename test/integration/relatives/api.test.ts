import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { signIn, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import type { Db } from '../../../server/db/index.js';
import type { User } from '../../../server/users/queries.js';
import { RELATEDNESS_CATEGORIES } from '../../../server/genetics/compute/relatedness.js';
import { DOG_NOT_FOUND, INVALID_ARGUMENTS, NOT_AVAILABLE_FOR_DOG, PLEASE_LOG_IN } from '../../../server/shared/messages.js';
import { breedMix, dog, related, releasedSwab, strangersDog, vetOf } from './fixtures.js';

const CATEGORY = (key: string) => {
  const { label, color, explanation } = RELATEDNESS_CATEGORIES.find((c) => c.key === key)!;
  return { label, color, explanation };
};

describe('GET /api/relatives/{petNum}', () => {
  let app: Express;
  let db: Db;
  let owner: User;
  let biscuit: number;
  const others: Record<string, number> = {};

  before(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    owner = await createUser(db, { email: 'owner@relatives.test' });
    biscuit = await dog(db, owner.id, {}, 'Biscuit');
    // Kinship decides the order, not insertion order or category.
    others.cousin = await strangersDog(db, {}, 'Cousin');
    others.sister = await strangersDog(db, { call_name: 'Sis', profile_image_public_id: 'ui/sister' }, 'Sister');
    others.aunt = await strangersDog(db, {}, 'Aunt');
    others.hidden = await strangersDog(db, { is_hidden: true }, 'Hidden');
    others.deleted = await strangersDog(db, { deleted_at: new Date() }, 'Deleted');
    others.private = await strangersDog(db, { privacy: 'private' }, 'Private');
    others.membersOnly = await strangersDog(db, { privacy: 'public-private' }, 'Members');
    others.optedOut = await strangersDog(db, { show_relative_finder: false }, 'Optout');
    await breedMix(db, others.sister, 'Labrador Retriever & Standard Poodle Mix', [
      { slug: 'labrador-retriever', pct: 62.5 },
      { slug: 'standard-poodle', pct: 37.5 },
    ]);
    await releasedSwab(db, others.sister, '2025-06-01T10:00:00Z');
    await related(db, biscuit, others.cousin, 0.031, 'extended', { newForOne: true });
    await related(db, biscuit, others.sister, 0.25, 'immediate', { newForOne: true, newForOther: true });
    await related(db, biscuit, others.aunt, 0.12, 'close');
    for (const key of ['hidden', 'deleted', 'private', 'optedOut']) await related(db, biscuit, others[key], 0.2, 'close', { newForOne: true });
    await related(db, biscuit, others.membersOnly, 0.01, 'distant');
  });

  const get = (agent: request.Agent | ReturnType<typeof request>, petNum: number | string) => agent.get(`/api/relatives/${petNum}`).set('accept', 'application/json');

  it('answers the owner with relatives closest first, hidden, deleted, private and opted-out dogs left out', async () => {
    const agent = await signIn(app, owner.email, TEST_PASSWORD);
    const { body } = await get(agent, biscuit).expect(200).expect('content-type', /json/);
    expect(body.relatedPets.map((p: { displayName: string }) => p.displayName)).to.deep.equal(['Sis', 'Aunt', 'Cousin', 'Members']);
  });

  it('gives each relative the fields of spec 2 §3, and whether the user owns it too', async () => {
    const agent = await signIn(app, owner.email, TEST_PASSWORD);
    const { body } = await get(agent, biscuit).expect(200);
    const sister = await db('pets').where({ pet_num: others.sister }).first('handle');
    expect(body.relatedPets[0]).to.deep.equal({
      handle: sister.handle,
      displayName: 'Sis',
      breedDisplayName: 'Labrador Retriever & Standard Poodle Mix',
      breed1pct: 62.5,
      breed1displayName: 'Labrador Retriever',
      hasPublicImage: true,
      relatednessCategory: CATEGORY('immediateFamily'),
      displayRelatedness: 'shares 50.0% of DNA',
      nonhealthReadyAt: '2025-06-01T10:00:00.000Z',
      isYourDog: false,
      hasOwner: true,
    });
    const aunt = body.relatedPets[1];
    expect(aunt).to.have.all.keys('handle', 'displayName', 'breedDisplayName', 'breed1pct', 'breed1displayName', 'hasPublicImage', 'relatednessCategory', 'displayRelatedness', 'nonhealthReadyAt', 'isYourDog', 'hasOwner');
    expect(aunt).to.include({ breedDisplayName: null, breed1pct: null, breed1displayName: null, hasPublicImage: false, nonhealthReadyAt: null });
    expect(aunt.relatednessCategory).to.deep.equal(CATEGORY('closeFamily'));
  });

  it('reports relatives new for this dog once, then the owner has seen them; the other side keeps its flag', async () => {
    await db('relatives').update({ is_new_for_a: true, is_new_for_b: true });
    const agent = await signIn(app, owner.email, TEST_PASSWORD);
    const first = (await get(agent, biscuit).expect(200)).body;
    expect(first.newRelatedPets.map((p: { displayName: string }) => p.displayName)).to.deep.equal(['Sis', 'Aunt', 'Cousin', 'Members']);
    expect(first.newRelatedPets[0]).to.deep.equal(first.relatedPets[0]);
    expect((await get(agent, biscuit).expect(200)).body.newRelatedPets).to.deep.equal([]);
    // The sister's owner has not looked yet: the pair is still new on her side.
    const pair = await db('relatives').where({ pet_num_a: Math.min(biscuit, others.sister), pet_num_b: Math.max(biscuit, others.sister) }).first();
    expect(biscuit < others.sister ? pair.is_new_for_b : pair.is_new_for_a).to.equal(true);
    expect(biscuit < others.sister ? pair.is_new_for_a : pair.is_new_for_b).to.equal(false);
  });

  it('answers the vet of a patient, without clearing the owner’s new flags', async () => {
    await db('relatives').update({ is_new_for_a: true, is_new_for_b: true });
    const vet = await vetOf(db, biscuit);
    const agent = await signIn(app, vet.email, TEST_PASSWORD);
    const body = (await get(agent, biscuit).expect(200)).body;
    expect(body.relatedPets).to.have.length(4);
    expect(body.newRelatedPets).to.have.length(4);
    expect((await get(agent, biscuit).expect(200)).body.newRelatedPets).to.have.length(4);
  });

  it("answers a signed-in stranger about another's dog as about a dog that does not exist: 404, not found (issue 36 §24)", async () => {
    const stranger = await createUser(db);
    const agent = await signIn(app, stranger.email, TEST_PASSWORD);
    expect((await get(agent, biscuit).expect(404)).body).to.deep.equal({ error: DOG_NOT_FOUND });
    expect((await get(agent, 999_999).expect(404)).body).to.deep.equal({ error: DOG_NOT_FOUND });
  });

  it('refuses signed-out callers', async () => {
    expect((await get(request(app), biscuit).expect(401)).body).to.deep.equal({ error: PLEASE_LOG_IN });
  });

  it("answers 'Invalid Arguments' to a pet number that is not one", async () => {
    const agent = await signIn(app, owner.email, TEST_PASSWORD);
    for (const bad of ['abc', '0', '-3', '1.5', '0012', '99999999999', '1e3']) {
      expect((await get(agent, bad).expect(400)).body, bad).to.deep.equal({ error: INVALID_ARGUMENTS });
    }
  });

  it('answers nothing when the relative finder of the dog is off', async () => {
    const agent = await signIn(app, owner.email, TEST_PASSWORD);
    await db('pets').where({ pet_num: biscuit }).update({ show_relative_finder: false });
    try {
      expect((await get(agent, biscuit).expect(404)).body).to.deep.equal({ error: NOT_AVAILABLE_FOR_DOG });
    } finally {
      await db('pets').where({ pet_num: biscuit }).update({ show_relative_finder: true });
    }
  });

  it('finds relatives stored on either side of the pair', async () => {
    const agent = await signIn(app, owner.email, TEST_PASSWORD);
    const lower = Math.min(...Object.values(others), biscuit);
    expect(lower).to.equal(biscuit); // Biscuit is side a of every pair above…
    const puppy = await dog(db, owner.id, {}, 'Puppy');
    await related(db, puppy, biscuit, 0.25, 'immediate'); // …and side b of this one
    const names = (await get(agent, puppy).expect(200)).body.relatedPets.map((p: { displayName: string }) => p.displayName);
    expect(names).to.deep.equal(['Biscuit']);
    expect((await get(agent, biscuit).expect(200)).body.relatedPets.map((p: { displayName: string }) => p.displayName)).to.include('Puppy');
  });
});
