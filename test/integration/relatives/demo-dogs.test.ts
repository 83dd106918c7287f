// The widgets' server side on the demo family: Biscuit (tested, close family) and Maple (age test in the lab, no birthday).
import { expect } from 'chai';
import type { Express } from 'express';
import { DEMO_PASSWORD } from '../../../server/demo/accounts.js';
import { findPet } from '../../../server/pets/queries.js';
import { loadGeneticStatsProps } from '../../../server/results/genetic-stats.js';
import { LIFE_STAGE_PENDING } from '../../../server/shared/messages.js';
import { signIn } from '../../support/app.js';
import { testDb } from '../../support/database.js';
import { demoPopulation } from '../results/population.js';

describe('genetic stats and relatives of the demo dogs', function () {
  this.timeout(180_000);
  let app: Express;
  const nums: Record<string, number> = {};

  before(async () => {
    app = await demoPopulation();
    const db = await testDb();
    const pets = await db('pets').join('pet_owners', 'pet_owners.pet_num', 'pets.pet_num').join('users', 'users.id', 'pet_owners.user_id').where('users.email', 'parent@demo.test').select('pets.pet_num', 'pets.name');
    for (const pet of pets) nums[pet.name] = pet.pet_num;
  });

  it("shows Maple's life stage as 'Pending' and Biscuit's computed stats", async () => {
    const db = await testDb();
    const maple = await loadGeneticStatsProps(db, (await findPet(db, nums.Maple))!, { isPublic: false });
    expect(maple).to.deep.include({ lifeStage: null, hasAgeTest: true });
    expect(maple!.display.lifeStage).to.equal(LIFE_STAGE_PENDING);
    const biscuit = await loadGeneticStatsProps(db, (await findPet(db, nums.Biscuit))!, { isPublic: false });
    const stats = await db('genetic_stats').where({ pet_num: nums.Biscuit }).first();
    expect(biscuit!.predictedWeightLbs).to.equal(Number(stats.predicted_weight_lbs));
    expect(biscuit!.display.predictedWeight).to.equal(`${Math.round(Number(stats.predicted_weight_lbs))} lbs`);
    expect(biscuit!.lifeStage).to.be.a('string');
    expect(await loadGeneticStatsProps(db, (await findPet(db, nums.Maple))!, { isPublic: true })).to.equal(null);
  });

  it("lists Biscuit's relatives closest first, close family among them, with the lab's kinship", async () => {
    const db = await testDb();
    const agent = await signIn(app, 'parent@demo.test', DEMO_PASSWORD);
    const { body } = await agent.get(`/api/relatives/${nums.Biscuit}`).set('accept', 'application/json').expect(200);
    expect(body.relatedPets.length).to.be.greaterThan(0);
    const kinships: number[] = [];
    for (const pet of body.relatedPets as { handle: string }[]) {
      const other = await db('pets').where({ handle: pet.handle }).first('pet_num');
      const stored = await db('relatives')
        .where((q) => q.where({ pet_num_a: nums.Biscuit, pet_num_b: other.pet_num }).orWhere({ pet_num_a: other.pet_num, pet_num_b: nums.Biscuit }))
        .first('kinship');
      expect(stored, `${pet.handle} is a relative the lab found`).to.not.equal(undefined);
      kinships.push(Number(stored.kinship));
    }
    expect(kinships).to.deep.equal([...kinships].sort((a, b) => b - a)); // closest first
    expect(body.relatedPets.some((p: { relatednessCategory: { label: string } }) => ['Immediate family', 'Close family'].includes(p.relatednessCategory.label))).to.equal(true);
  });

  it('leaves out relatives that are hidden, private, deleted or out of the relative finder, and only those', async () => {
    const db = await testDb();
    const agent = await signIn(app, 'parent@demo.test', DEMO_PASSWORD);
    const handles = async () => ((await agent.get(`/api/relatives/${nums.Biscuit}`).set('accept', 'application/json').expect(200)).body.relatedPets as { handle: string }[]).map((p) => p.handle);
    const before = await handles();
    expect(before.length, 'Biscuit needs five relatives for this test').to.be.at.least(5);
    const [hidden, secret, gone, optedOut] = before;
    await db('pets').where({ handle: hidden }).update({ is_hidden: true });
    await db('pets').where({ handle: secret }).update({ privacy: 'private' });
    await db('pets').where({ handle: gone }).update({ deleted_at: db.fn.now() });
    await db('pets').where({ handle: optedOut }).update({ show_relative_finder: false });
    expect(await handles()).to.deep.equal(before.slice(4));
  });
});
