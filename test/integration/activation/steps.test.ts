// activateSelectDog, activateHowDidYouHear, activateContributeToResearch, activateSwab (issue 15):
// every refusal, what activation writes, the race of two browsers, and the lab ingest afterwards.
import { expect } from 'chai';
import type { Express } from 'express';
import { csrfToken, testApp, signIn } from '../../support/app.js';
import { testDb } from '../../support/database.js';
import { resetToDemoData, signInAsDemo, DEMO_ACCOUNTS } from '../../support/demo.js';
import { createPet, createUser, shareOwnership, TEST_PASSWORD } from '../../support/factories.js';
import { genotypeFile, testLab, testWorld } from '../../support/lab.js';
import * as messages from '../../../server/shared/messages.js';
import { NAME_REQUIRED, SEX_INVALID } from '../../../server/shared/pet-profile-rules.js';
import { DEMO_EXTRA_KITS } from '../../../server/demo/accounts.js';
import { ingestGenotypeFile } from '../../../server/lab/ingest.js';
import { ACTIVATE, activateThroughGraphql, call, errorOf, HOW_HEARD, LOOK_UP, RESEARCH, SELECT_DOG } from './helpers.js';

const CODE = 'EM-DEMO-0001';

async function snapshot() {
  const db = await testDb();
  return {
    kits: await db('kits').orderBy('id').select('box_key', 'state', 'activated_at'),
    swabs: await db('swabs').orderBy('id').select('swab_code', 'swab_state', 'pet_num'),
    pets: Number((await db('pets').count('* as c'))[0].c),
    products: Number((await db('pet_products').count('* as c'))[0].c),
  };
}

describe('kit activation steps', function () {
  this.timeout(120_000);
  let app: Express;

  beforeEach(async () => {
    await resetToDemoData();
    app = await testApp();
  });

  it('activates EM-DEMO-0001 for a new dog: kit, swab, product, answers and consent date in one go', async () => {
    const agent = await signInAsDemo(app, 'newbie');
    const { data, error } = await activateThroughGraphql(agent, CODE, { newPet: { name: '  Pepper ', sex: 'f', breedType: 'mixed' } });
    expect(error).to.equal(null);
    const done = data.activateSwab;
    expect(done).to.include({ step: 'done', agreedToResearch: true, howDidYouHear: 'Veterinarian' });
    expect(done.activatedDate).to.be.a('string');
    expect(done.researchConsentDate).to.be.a('string');

    const db = await testDb();
    const pet = await db('pets').where({ pet_num: done.petNum }).first('name', 'sex', 'breed_type', 'agreed_to_research', 'agreed_to_research_at');
    expect(pet).to.include({ name: 'Pepper', sex: 'f', breed_type: 'mixed', agreed_to_research: true });
    expect(pet.agreed_to_research_at).to.be.instanceOf(Date);
    const newbie = await db('users').where({ email: DEMO_ACCOUNTS.newbie.email }).first('id', 'how_heard_about_us');
    expect(newbie.how_heard_about_us).to.equal('Veterinarian');
    expect(await db('pet_owners').where({ pet_num: done.petNum }).select('user_id', 'permission')).to.deep.equal([{ user_id: newbie.id, permission: 'edit' }]);
    expect(await db('kits').where({ box_key: CODE }).first('state')).to.deep.equal({ state: 'activated' });
    expect(await db('swabs').where({ swab_code: 'DEMONEWBIE0001' }).first('swab_state', 'pet_num', 'activated_by_user_id')).to.deep.equal({ swab_state: 'activated', pet_num: done.petNum, activated_by_user_id: newbie.id });
    expect(await db('pet_products').where({ pet_num: done.petNum }).select('product_type', 'purchase_source')).to.deep.equal([{ product_type: 'BreedAndAncestry', purchase_source: 'shop' }]);

    // The kit activates once: looking it up again, by either code, says so.
    expect((await call(agent, LOOK_UP, { code: CODE })).error).to.equal(messages.ACTIVATION_ALREADY_ACTIVATED);
    expect((await call(agent, ACTIVATE, { code: CODE })).error).to.equal(messages.ACTIVATION_ALREADY_ACTIVATED);
  });

  it('lets the lab ingest the swab once activated, and shows the dog awaiting results with the timeline before', async () => {
    const agent = await signInAsDemo(app, 'newbie');
    const { data } = await activateThroughGraphql(agent, 'DEMONEWBIE0001', { newPet: { name: 'Scout', sex: 'm' } });
    const petNum = data.activateSwab.petNum;
    const summary = await agent.get(`/members/results/summary?i=${petNum}`).expect(200);
    expect(summary.text).to.include(messages.ACTIVATION_AWAITING_RESULTS);
    expect(summary.text).to.match(/data-timeline-step="activated" data-done="true"/);
    expect(summary.text).to.match(/data-timeline-step="received" data-done="false"/);

    const db = await testDb();
    const lab = await testLab(db);
    const dog = testWorld().simulator.purebred('beagle', 'm');
    const outcome = await ingestGenotypeFile(db, lab, { fileName: 'scout.tsv', text: genotypeFile(dog, 'DEMONEWBIE0001') });
    expect(outcome).to.include({ status: 'released', petNum });
  });

  it('activates for one of the account\'s own dogs, and refuses a dog that already has a DNA test', async () => {
    const db = await testDb();
    const owner = await createUser(db);
    const ownDog = await createPet(db, owner.id, { name: 'Rex' });
    const agent = await signIn(app, owner.email, TEST_PASSWORD);
    const { data } = await activateThroughGraphql(agent, CODE, { petNum: ownDog });
    expect(data.activateSwab).to.include({ petNum: ownDog, step: 'done' });

    // The age test may go to the same dog; another DNA kit may not.
    await db('kits').insert({ box_key: 'EM-TEST-0100', order_sku: 'sku', product_type: 'ComprehensiveConsumer', state: 'shipped', tracking_number: 'TRACK-1' });
    const [{ id: kitId }] = await db('kits').where({ box_key: 'EM-TEST-0100' }).select('id');
    await db('swabs').insert({ swab_code: 'TESTKIT0000100', kit_id: kitId, product_type: 'ComprehensiveConsumer' });
    await call(agent, LOOK_UP, { code: 'EM-TEST-0100' });
    expect((await call(agent, SELECT_DOG, { code: 'EM-TEST-0100', petNum: ownDog })).error).to.equal(messages.ACTIVATION_DOG_HAS_DNA_TEST.replace('{name}', 'Rex'));
  });

  it('refuses a dog of another account, a dog shared read-only, and unclear dog choices, changing nothing', async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'newbie');
    const biscuit = (await db('pets').where({ name: 'Biscuit' }).first('pet_num')).pet_num;
    const newbie = await db('users').where({ email: DEMO_ACCOUNTS.newbie.email }).first('id');
    const stranger = await createUser(db);
    const sharedDog = await createPet(db, stranger.id);
    await shareOwnership(db, sharedDog, newbie.id, 'read');
    const before = await snapshot();

    expect((await call(agent, SELECT_DOG, { code: CODE, petNum: biscuit })).error, 'before the code').to.equal(messages.ACTIVATION_NOT_STARTED);
    await call(agent, LOOK_UP, { code: CODE });
    expect((await call(agent, SELECT_DOG, { code: CODE, petNum: biscuit })).error).to.equal(messages.ACTIVATION_NOT_YOUR_DOG);
    expect((await call(agent, SELECT_DOG, { code: CODE, petNum: sharedDog })).error).to.equal(messages.ACTIVATION_NOT_YOUR_DOG);
    expect((await call(agent, SELECT_DOG, { code: CODE, petNum: 999999 })).error).to.equal(messages.ACTIVATION_NOT_YOUR_DOG);
    expect((await call(agent, SELECT_DOG, { code: CODE })).error).to.equal(messages.ACTIVATION_CHOOSE_DOG);
    expect((await call(agent, SELECT_DOG, { code: CODE, petNum: sharedDog, newPet: { name: 'Both' } })).error).to.equal(messages.ACTIVATION_CHOOSE_DOG);
    expect((await call(agent, SELECT_DOG, { code: CODE, newPet: { name: '   ' } })).error).to.equal(NAME_REQUIRED);
    expect((await call(agent, SELECT_DOG, { code: CODE, newPet: { name: 'Rex', sex: 'x' } })).error).to.equal(SEX_INVALID);
    expect((await call(agent, SELECT_DOG, { code: 'EM-DEMO-0002', newPet: { name: 'Rex' } })).error, 'another code than the open one').to.equal(messages.ACTIVATION_NOT_STARTED);
    expect((await call(agent, SELECT_DOG, { code: CODE, newPet: { name: 'Rex' }, practiceId: 1 })).error).to.equal(messages.ACTIVATION_NOT_A_PRACTICE_KIT);

    const open = await db('kit_activations').first('step', 'pet_num', 'new_pet');
    expect(open).to.deep.equal({ step: 'selectDog', pet_num: null, new_pet: null });
    expect(await snapshot()).to.deep.equal(before);
  });

  it('asks the steps in order and refuses answers that are not on the list', async () => {
    const agent = await signInAsDemo(app, 'newbie');
    await call(agent, LOOK_UP, { code: CODE });
    expect((await call(agent, HOW_HEARD, { code: CODE, answer: 'Veterinarian' })).error).to.equal(messages.ACTIVATION_EARLIER_STEP);
    expect((await call(agent, RESEARCH, { code: CODE, agree: true })).error).to.equal(messages.ACTIVATION_EARLIER_STEP);
    expect((await call(agent, ACTIVATE, { code: CODE })).error).to.equal(messages.ACTIVATION_EARLIER_STEP);
    await call(agent, SELECT_DOG, { code: CODE, newPet: { name: 'Rex' } });
    expect((await call(agent, HOW_HEARD, { code: CODE, answer: '<script>alert(1)</script>' })).error).to.equal(messages.ACTIVATION_HOW_HEARD_REQUIRED);
    expect((await call(agent, RESEARCH, { code: CODE, agree: true })).error).to.equal(messages.ACTIVATION_EARLIER_STEP);
    expect((await call(agent, HOW_HEARD, { code: CODE, answer: 'Friend or family' })).data.activateHowDidYouHear.step).to.equal('contributeToResearch');
    expect((await call(agent, ACTIVATE, { code: CODE })).error).to.equal(messages.ACTIVATION_EARLIER_STEP);
    const declined = (await call(agent, RESEARCH, { code: CODE, agree: false })).data.activateContributeToResearch;
    expect(declined).to.include({ step: 'activate', agreedToResearch: false, researchConsentDate: null });
    // Changing an earlier answer keeps the later ones.
    expect((await call(agent, SELECT_DOG, { code: CODE, newPet: { name: 'Rexy' } })).data.activateSelectDog).to.include({ step: 'activate', newPetName: 'Rexy' });
    const done = (await call(agent, ACTIVATE, { code: CODE })).data.activateSwab;
    const pet = await (await testDb())('pets').where({ pet_num: done.petNum }).first('name', 'agreed_to_research', 'agreed_to_research_at');
    expect(pet).to.deep.equal({ name: 'Rexy', agreed_to_research: false, agreed_to_research_at: null });
  });

  it('starts an age test, a microbiome test, or a vet practice\'s patient record as the kit says', async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'newbie');
    const age = (await activateThroughGraphql(agent, DEMO_EXTRA_KITS.ageTest, { newPet: { name: 'Oldie' } })).data.activateSwab;
    expect(await db('age_tests').where({ pet_num: age.petNum }).select('status')).to.deep.equal([{ status: 'activated' }]);
    expect(await db('swabs').where({ swab_code: 'DEMOAGETEST0001' }).first('swab_state', 'pet_num')).to.deep.equal({ swab_state: 'activated', pet_num: age.petNum });

    const gut = (await activateThroughGraphql(agent, DEMO_EXTRA_KITS.microbiome, { petNum: age.petNum })).data.activateSwab;
    expect(gut.petNum).to.equal(age.petNum);
    expect(await db('microbiome_tests').where({ pet_num: age.petNum }).select('state')).to.deep.equal([{ state: 'activated' }]);

    const vetCode = DEMO_EXTRA_KITS.vetOrdered;
    await call(agent, LOOK_UP, { code: vetCode });
    const practice = await db('vet_practices').where({ name: 'Riverside Animal Hospital' }).first('id');
    expect((await call(agent, SELECT_DOG, { code: vetCode, newPet: { name: 'Patient' } })).error).to.equal(messages.ACTIVATION_PRACTICE_REQUIRED.replace('{practice}', 'Riverside Animal Hospital'));
    expect((await call(agent, SELECT_DOG, { code: vetCode, newPet: { name: 'Patient' }, practiceId: practice.id + 100 })).error).to.equal(messages.ACTIVATION_NOT_A_PRACTICE_KIT);
    const vet = (await activateThroughGraphql(agent, vetCode, { newPet: { name: 'Patient' }, practiceId: practice.id })).data.activateSwab;
    expect(await db('practice_patients').where({ pet_num: vet.petNum }).select('practice_id', 'client_email')).to.deep.equal([{ practice_id: practice.id, client_email: DEMO_ACCOUNTS.newbie.email }]);
    // The vet now sees the dog.
    const vetAgent = await signInAsDemo(app, 'vet');
    await vetAgent.get(`/members/results/summary?i=${vet.petNum}`).expect(200);
  });

  it('lets one of two browsers racing to activate the same kit win; the other is told it is activated', async () => {
    const db = await testDb();
    const first = await signInAsDemo(app, 'newbie');
    const otherUser = await createUser(db);
    const second = await signIn(app, otherUser.email, TEST_PASSWORD);
    for (const agent of [first, second]) {
      await call(agent, LOOK_UP, { code: CODE });
      await call(agent, SELECT_DOG, { code: CODE, newPet: { name: 'Racer' } });
      await call(agent, HOW_HEARD, { code: CODE, answer: 'Store' });
      await call(agent, RESEARCH, { code: CODE, agree: true });
    }
    const answers = await Promise.all([call(first, ACTIVATE, { code: CODE }), call(second, ACTIVATE, { code: CODE })]);
    const errors = answers.map((answer) => answer.error);
    expect(errors.filter((error) => error === null)).to.have.length(1);
    expect(errors.filter((error) => error === messages.ACTIVATION_ALREADY_ACTIVATED)).to.have.length(1);
    expect(await db('pets').where({ name: 'Racer' }).count('* as c')).to.deep.equal([{ c: 1 }]);
    expect(Number((await db('pet_products').join('swabs', 'swabs.id', 'pet_products.swab_id').where({ 'swabs.swab_code': 'DEMONEWBIE0001' }).count('* as c'))[0].c)).to.equal(1);
  });

  it('lets one of two tabs of the same account win; the other is told the kit is activated', async () => {
    const agent = await signInAsDemo(app, 'newbie');
    await call(agent, LOOK_UP, { code: CODE });
    await call(agent, SELECT_DOG, { code: CODE, newPet: { name: 'Twin' } });
    await call(agent, HOW_HEARD, { code: CODE, answer: 'Store' });
    await call(agent, RESEARCH, { code: CODE, agree: true });
    // Both tabs hold the same page's token; fetching two at once would race on the session.
    const token = await csrfToken(agent, '/help');
    const post = () => agent.post('/graphql').set('x-csrf-token', token).set('accept', 'application/json').send({ query: ACTIVATE, variables: { code: CODE } });
    const answers = (await Promise.all([post(), post()])).map((response) => ({ error: errorOf(response) }));
    expect(answers.map((answer) => answer.error).sort()).to.deep.equal([messages.ACTIVATION_ALREADY_ACTIVATED, null].sort());
    expect(await (await testDb())('pets').where({ name: 'Twin' }).count('* as c')).to.deep.equal([{ c: 1 }]);
  });
});
