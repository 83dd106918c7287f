// The widgets' server side on the demo family: Biscuit (tested, close family) and Maple (age test in the lab, no birthday).
import { expect } from 'chai';
import type { Express } from 'express';
import { loadDemoDataIfEmpty } from '../../../server/demo/seed.js';
import { DEMO_PASSWORD } from '../../../server/demo/accounts.js';
import { findPet } from '../../../server/pets/queries.js';
import { geneticStatsProps } from '../../../server/results/genetic-stats.js';
import { LIFE_STAGE_PENDING } from '../../../server/shared/messages.js';
import { signIn, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { testLab } from '../../support/lab.js';

describe('genetic stats and relatives of the demo dogs', function () {
  this.timeout(180_000);
  let app: Express;
  const nums: Record<string, number> = {};

  before(async () => {
    const db = await testDb();
    await resetDatabase(db);
    await loadDemoDataIfEmpty(db, { populationSize: 160, lab: await testLab(db), currentYear: 2026 });
    app = await testApp();
    const pets = await db('pets').join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num').join('users', 'users.id', 'pet_owners.user_id').where('users.email', 'parent@demo.test').select('pets.pet_num', 'pets.name');
    for (const pet of pets) nums[pet.name] = pet.pet_num;
  });

  it("shows Maple's life stage as 'Pending' and Biscuit's computed stats", async () => {
    const db = await testDb();
    const maple = await geneticStatsProps(db, (await findPet(db, nums.Maple))!, { isPublic: false });
    expect(maple).to.deep.include({ lifeStage: null, hasAgeTest: true });
    expect(maple!.display.lifeStage).to.equal(LIFE_STAGE_PENDING);
    const biscuit = await geneticStatsProps(db, (await findPet(db, nums.Biscuit))!, { isPublic: false });
    const stats = await db('genetic_stats').where({ pet_num: nums.Biscuit }).first();
    expect(biscuit!.predictedWeightLbs).to.equal(Number(stats.predicted_weight_lbs));
    expect(biscuit!.display.predictedWeight).to.equal(`${Math.round(Number(stats.predicted_weight_lbs))} lbs`);
    expect(biscuit!.lifeStage).to.be.a('string');
    expect(await geneticStatsProps(db, (await findPet(db, nums.Maple))!, { isPublic: true })).to.equal(null);
  });

  it("lists Biscuit's relatives closest first, close family among them, as stored by the lab", async () => {
    const db = await testDb();
    const agent = await signIn(app, 'parent@demo.test', DEMO_PASSWORD);
    const { body } = await agent.get(`/api/relatives/${nums.Biscuit}`).set('accept', 'application/json').expect(200);
    const stored = await db('relatives')
      .join('pets', (join) => join.on(db.raw('pets.pet_num = case when relatives.pet_num_a = ? then relatives.pet_num_b else relatives.pet_num_a end', [nums.Biscuit])))
      .where((q) => q.where('pet_num_a', nums.Biscuit).orWhere('pet_num_b', nums.Biscuit))
      .where({ 'pets.is_hidden': false, 'pets.show_relative_finder': true })
      .whereNull('pets.deleted_at')
      .whereNot('pets.privacy', 'private')
      .orderBy('kinship', 'desc')
      .select('pets.handle', 'relatives.kinship');
    expect(body.relatedPets.length).to.equal(stored.length).and.be.greaterThan(0);
    const kinship = new Map(stored.map((r) => [r.handle, Number(r.kinship)]));
    const answered = body.relatedPets.map((p: { handle: string }) => p.handle);
    expect([...answered].sort()).to.deep.equal([...kinship.keys()].sort());
    const kinships = answered.map((handle: string) => kinship.get(handle)!);
    expect(kinships).to.deep.equal([...kinships].sort((a, b) => b - a)); // closest first
    expect(body.relatedPets.some((p: { relatednessCategory: { label: string } }) => ['Immediate family', 'Close family'].includes(p.relatednessCategory.label))).to.equal(true);
  });
});
