import { expect } from 'chai';
import type { Express } from 'express';
import request from 'supertest';
import { testDb } from '../../support/database.js';
import { csrfToken, graphql } from '../../support/app.js';
import { signInAsDemo } from '../../support/demo.js';
import { demoPopulation, mainText, ownedPetNum } from '../results/population.js';
import { refusedPeople, type People } from './people.js';
import { DOG_NOT_FOUND, INVALID_ARGUMENTS, NOT_AUTHORIZED, NUTRITION_INPUTS_REQUIRED, NUTRITION_REQUESTED, NUTRITION_SAVED } from '../../../server/shared/messages.js';

const SAVE = 'mutation($petNum: Int!, $input: NutritionInputDataInput!) { saveNutritionInputData(petNum: $petNum, input: $input) { petNum inputs { currentFood bodyConditionScore healthGoals foodAllergies } } }';
const SUBMIT = 'mutation($petNum: Int!) { submitNutritionRecommendationRequest(petNum: $petNum) { id petNum status inputs { currentFood } } }';

const GOOD = {
  currentFood: 'Trail Mix Adult Chicken & Rice',
  foodType: 'dry',
  feedingAmount: 2.5,
  feedingUnit: 'cups',
  mealsPerDay: 2,
  activityLevel: 'active',
  bodyConditionScore: 6,
  currentWeightLbs: 54.5,
  healthGoals: ['lose_weight', 'joint_support'],
  foodAllergies: null,
  notes: 'Loves carrots',
};

describe('nutrition recommendation: page and GraphQL', function () {
  this.timeout(180_000);
  let app: Express;
  let biscuit: number;
  let maple: number;
  let people: People;

  before(async () => {
    app = await demoPopulation();
    biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
    maple = await ownedPetNum('parent@demo.test', 'Maple');
    people = await refusedPeople(app, biscuit, 'nutrition');
  });

  afterEach(async () => {
    const db = await testDb();
    await db('nutrition_recommendation_requests').delete();
    await db('nutrition_input_data').delete();
  });

  it('is linked from the summary for owners who may edit, not for the vet', async () => {
    const owner = await signInAsDemo(app, 'parent');
    expect((await owner.get(`/members/results/summary?i=${biscuit}`)).text).to.include(`href="/members/nutrition?i=${biscuit}"`);
    const vet = await signInAsDemo(app, 'vet');
    expect((await vet.get(`/members/results/summary?i=${biscuit}`)).text).to.not.include('/members/nutrition');
  });

  it('sends everyone else away: vet and read-only co-owner, read-only account, stranger, signed out', async () => {
    const vet = await signInAsDemo(app, 'vet');
    for (const agent of [vet, people.readOnlyCoOwner]) {
      const response = await agent.get(`/members/nutrition?i=${biscuit}`).expect(302);
      expect(response.headers.location).to.equal('/members/forbidden/shared-pet-operation-no-permission');
    }
    const readOnly = await people.readOnlyAccount.get(`/members/nutrition?i=${people.readOnlyAccountPet}`).expect(302);
    expect(readOnly.headers.location).to.equal('/members/forbidden/read-only-account');
    const stranger = await people.stranger.get(`/members/nutrition?i=${biscuit}`).expect(404);
    expect(stranger.text).to.include(DOG_NOT_FOUND);
    expect((await request(app).get(`/members/nutrition?i=${biscuit}`).expect(302)).headers.location).to.equal('/');
    const token = await csrfToken(vet, '/members');
    await vet.post(`/members/nutrition?i=${biscuit}`).type('form').send({ _csrf: token, ...GOOD }).expect(302);
    expect(await (await testDb())('nutrition_input_data').first()).to.equal(undefined);
  });

  it('saves the form, shows the saved values, then stores a request', async () => {
    const owner = await signInAsDemo(app, 'parent');
    const page = (await owner.get(`/members/nutrition?i=${biscuit}`).expect(200)).text;
    expect(mainText(page)).to.include('Save the details above first');
    const token = await csrfToken(owner, `/members/nutrition?i=${biscuit}`);
    const form = `_csrf=${encodeURIComponent(token)}&currentFood=Trail+Mix&foodType=dry&feedingAmount=2.5&feedingUnit=cups&mealsPerDay=2&activityLevel=active&bodyConditionScore=6&currentWeightLbs=54.5&healthGoals=lose_weight&healthGoals=joint_support&foodAllergies=&notes=`;
    const saved = await owner.post(`/members/nutrition?i=${biscuit}`).type('form').send(form).expect(303);
    expect(saved.headers.location).to.equal(`/members/nutrition?i=${biscuit}&saved=1`);
    const row = await (await testDb())('nutrition_input_data').where({ pet_num: biscuit }).first();
    expect(row.inputs).to.deep.equal({ currentFood: 'Trail Mix', foodType: 'dry', feedingAmount: 2.5, feedingUnit: 'cups', mealsPerDay: 2, activityLevel: 'active', bodyConditionScore: 6, currentWeightLbs: 54.5, healthGoals: ['lose_weight', 'joint_support'], foodAllergies: null, notes: null });
    const after = (await owner.get(saved.headers.location).expect(200)).text;
    expect(mainText(after)).to.include(NUTRITION_SAVED);
    expect(after).to.include('value="Trail Mix"');
    expect(after).to.match(/<option value="6" selected>/);
    const requested = await owner.post(`/members/nutrition/request?i=${biscuit}`).type('form').send({ _csrf: token }).expect(303);
    expect(requested.headers.location).to.equal(`/members/nutrition?i=${biscuit}&requested=1`);
    const stored = await (await testDb())('nutrition_recommendation_requests').where({ pet_num: biscuit }).select();
    expect(stored).to.have.length(1);
    expect(stored[0].status).to.equal('requested');
    expect(stored[0].inputs.currentFood).to.equal('Trail Mix');
    expect(mainText((await owner.get(requested.headers.location)).text)).to.include(NUTRITION_REQUESTED);
  });

  it('refuses bad form input with a message per field, keeping what was typed and saving nothing', async () => {
    const owner = await signInAsDemo(app, 'parent');
    const token = await csrfToken(owner, `/members/nutrition?i=${biscuit}`);
    const response = await owner
      .post(`/members/nutrition?i=${biscuit}`)
      .type('form')
      .send({ _csrf: token, currentFood: '  ', foodType: 'pizza', feedingAmount: 'lots', feedingUnit: 'cups', mealsPerDay: '0', activityLevel: 'active', bodyConditionScore: '10', currentWeightLbs: '54' })
      .expect(400);
    const text = mainText(response.text);
    for (const message of [
      'Please correct the fields marked below.',
      'Please tell us what your dog eats now',
      'Please choose the type of food',
      'Please enter the daily amount as a number',
      'Meals per day must be a whole number from 1 to 6',
      'Body condition must be a whole number from 1 to 9',
      'Please choose at least one health goal',
    ]) {
      expect(text).to.include(message);
    }
    expect(response.text).to.include('value="lots"');
    expect(await (await testDb())('nutrition_input_data').first()).to.equal(undefined);
    const early = await owner.post(`/members/nutrition/request?i=${maple}`).type('form').send({ _csrf: token }).expect(400);
    expect(mainText(early.text)).to.include(NUTRITION_INPUTS_REQUIRED);
    expect(await (await testDb())('nutrition_recommendation_requests').first()).to.equal(undefined);
  });

  it('saves inputs and submits a request over GraphQL, one open request per dog', async () => {
    const owner = await signInAsDemo(app, 'parent');
    const refused = await graphql(owner, SUBMIT, { petNum: biscuit });
    expect(refused.body.errors[0].message).to.equal(NUTRITION_INPUTS_REQUIRED);
    const saved = await graphql(owner, SAVE, { petNum: biscuit, input: GOOD });
    expect(saved.body.data.saveNutritionInputData).to.deep.equal({ petNum: biscuit, inputs: { currentFood: GOOD.currentFood, bodyConditionScore: 6, healthGoals: GOOD.healthGoals, foodAllergies: null } });
    const first = (await graphql(owner, SUBMIT, { petNum: biscuit })).body.data.submitNutritionRecommendationRequest;
    expect(first).to.deep.include({ petNum: biscuit, status: 'requested', inputs: { currentFood: GOOD.currentFood } });
    await graphql(owner, SAVE, { petNum: biscuit, input: { ...GOOD, currentFood: 'Home cooked' } });
    const second = (await graphql(owner, SUBMIT, { petNum: biscuit })).body.data.submitNutritionRecommendationRequest;
    expect(second.id).to.equal(first.id);
    expect(second.inputs.currentFood).to.equal('Home cooked');
    expect(await (await testDb())('nutrition_recommendation_requests').count('* as c').first()).to.deep.equal({ c: 1 });
  });

  it("refuses bad input with 'Invalid Arguments' and other users with 'Not Authorized', changing nothing", async () => {
    const owner = await signInAsDemo(app, 'parent');
    for (const input of [
      { ...GOOD, bodyConditionScore: 10 },
      { ...GOOD, bodyConditionScore: 0 },
      { ...GOOD, feedingAmount: -1 },
      { ...GOOD, currentFood: ' ' },
      { ...GOOD, healthGoals: [] },
      { ...GOOD, foodType: 'pizza' },
      { ...GOOD, notes: 'x'.repeat(501) },
    ]) {
      const response = await graphql(owner, SAVE, { petNum: biscuit, input });
      expect(response.body.errors?.[0]?.message, JSON.stringify(input).slice(0, 80)).to.equal(INVALID_ARGUMENTS);
    }
    const vet = await signInAsDemo(app, 'vet');
    for (const agent of [vet, people.readOnlyCoOwner, people.stranger]) {
      expect((await graphql(agent, SAVE, { petNum: biscuit, input: GOOD })).body.errors[0].message).to.equal(NOT_AUTHORIZED);
      expect((await graphql(agent, SUBMIT, { petNum: biscuit })).body.errors[0].message).to.equal(NOT_AUTHORIZED);
    }
    expect((await graphql(people.readOnlyAccount, SAVE, { petNum: people.readOnlyAccountPet, input: GOOD })).body.errors[0].message).to.equal(NOT_AUTHORIZED);
    expect(await (await testDb())('nutrition_input_data').first()).to.equal(undefined);
  });
});
