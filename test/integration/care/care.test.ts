import { expect } from 'chai';
import type { Express } from 'express';
import request from 'supertest';
import { testDb } from '../../support/database.js';
import { csrfToken, graphql } from '../../support/app.js';
import { signInAsDemo } from '../../support/demo.js';
import { demoPopulation, mainText, ownedPetNum } from '../results/population.js';
import { refusedPeople, type People } from '../nutrition/people.js';
import { seedCareResources } from '../../../server/care/seed.js';
import { carePageId } from '../../../server/care/rules.js';
import { CARE_FEEDBACK_QUESTION, CARE_FEEDBACK_THANKS, INVALID_ARGUMENTS, NOT_AUTHORIZED, PLEASE_LOG_IN } from '../../../server/shared/messages.js';

const SHOULD_SHOW = 'query($pageId: String!) { shouldShowCareResourcesFeedback(pageId: $pageId) }';
const ADD = 'mutation($feedback: CareResourcesFeedbackInput!) { addCareResourcesFeedback(feedback: $feedback) }';

describe('care resources page and feedback', function () {
  this.timeout(180_000);
  let app: Express;
  let biscuit: number;
  let people: People;

  before(async () => {
    app = await demoPopulation();
    biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
    people = await refusedPeople(app, biscuit, 'care');
    await seedCareResources(await testDb());
  });

  afterEach(async () => {
    await (await testDb())('care_resources_feedback').delete();
  });

  it('seeds breed-, health- and trait-targeted resources once', async () => {
    const db = await testDb();
    const categories = (await db('care_resource_targets').distinct('category').pluck('category')).sort();
    expect(categories).to.deep.equal(['breed', 'health', 'trait']);
    expect(await seedCareResources(db)).to.equal(0);
  });

  it("lists the resources matching the dog's results with what they were chosen for", async () => {
    const db = await testDb();
    const owner = await signInAsDemo(app, 'parent');
    const text = mainText((await owner.get(`/members/results/care?i=${biscuit}`).expect(200)).text);
    // Every tested dog has an E locus result, which the coat colour guide targets.
    expect(text).to.include('How your dog got its coat colour (trait)');
    expect(text).to.include('Chosen for: E Locus');
    const atRiskMdr1 = await db('health_results').join('health_conditions as hc', 'hc.id', 'health_results.health_condition_id').where({ pet_num: biscuit, 'hc.slug': 'mdr1' }).whereIn('call', ['at_risk', 'carrier']).first('call');
    expect(text.includes('MDR1: medications to discuss with your vet')).to.equal(Boolean(atRiskMdr1));
    const breeds = await db('breed_mix_rows').join('breeds', 'breeds.id', 'breed_mix_rows.breed_id').where({ pet_num: biscuit }).pluck('breeds.slug');
    expect(text.includes('Retrievers: keeping weight down')).to.equal(breeds.some((slug: string) => ['labrador-retriever', 'golden-retriever', 'chesapeake-bay-retriever'].includes(slug)));
  });

  it('shows the data settings read-only, with a link to change them for the owner only', async () => {
    const db = await testDb();
    await db('pets').where({ pet_num: biscuit }).update({ share_care_resources_profile_and_results: true, share_care_resources_surveys: false });
    try {
      const owner = await signInAsDemo(app, 'parent');
      const html = (await owner.get(`/members/results/care?i=${biscuit}`).expect(200)).text;
      expect(mainText(html)).to.match(/profile and results to personalise care resources On .* research survey answers to personalise care resources Off/);
      expect(html).to.include(`href="/members/pet/about/${biscuit}#data-settings"`);
      const vet = await signInAsDemo(app, 'vet');
      expect((await vet.get(`/members/results/care?i=${biscuit}`).expect(200)).text).to.not.include('#data-settings');
    } finally {
      await db('pets').where({ pet_num: biscuit }).update({ share_care_resources_profile_and_results: false });
    }
  });

  it('stores the page feedback form, then thanks and stops asking', async () => {
    const owner = await signInAsDemo(app, 'parent');
    const page = (await owner.get(`/members/results/care?i=${biscuit}`).expect(200)).text;
    expect(mainText(page)).to.include(CARE_FEEDBACK_QUESTION);
    const token = await csrfToken(owner, `/members/results/care?i=${biscuit}`);
    const response = await owner
      .post(`/members/results/care/feedback?i=${biscuit}`)
      .type('form')
      .send(`_csrf=${encodeURIComponent(token)}&isHelpful=yes&selectedFeedback=Relevant+to+my+dog&selectedFeedback=Practical+advice&additionalText=Great+tips`)
      .expect(303);
    expect(response.headers.location).to.equal(`/members/results/care?i=${biscuit}&feedback=thanks#care-feedback`);
    const [row] = await (await testDb())('care_resources_feedback').select();
    expect(row).to.include({ pet_num: biscuit, page_id: carePageId(biscuit), is_helpful: true, additional_text: 'Great tips' });
    expect(row.selected_feedback).to.deep.equal(['Relevant to my dog', 'Practical advice']);
    expect(mainText((await owner.get(response.headers.location.split('#')[0])).text)).to.include(CARE_FEEDBACK_THANKS);
    expect(mainText((await owner.get(`/members/results/care?i=${biscuit}`)).text)).to.not.include(CARE_FEEDBACK_QUESTION);
  });

  it('refuses a form without an answer, with too long text or with an unknown chip, storing nothing', async () => {
    const owner = await signInAsDemo(app, 'parent');
    const token = await csrfToken(owner, `/members/results/care?i=${biscuit}`);
    for (const body of [{ additionalText: 'hi' }, { isHelpful: 'yes', additionalText: 'x'.repeat(501) }, { isHelpful: 'no', selectedFeedback: 'Made up' }]) {
      const response = await owner.post(`/members/results/care/feedback?i=${biscuit}`).type('form').send({ _csrf: token, ...body }).expect(303);
      expect(response.headers.location).to.include('feedback=invalid');
    }
    expect(await (await testDb())('care_resources_feedback').count('* as c').first()).to.deep.equal({ c: 0 });
    await people.stranger.post(`/members/results/care/feedback?i=${biscuit}`).type('form').send({ _csrf: await csrfToken(people.stranger, '/members'), isHelpful: 'yes' }).expect(404);
  });

  it('answers shouldShowCareResourcesFeedback and stores addCareResourcesFeedback over GraphQL', async () => {
    const owner = await signInAsDemo(app, 'parent');
    const pageId = carePageId(biscuit);
    expect((await graphql(owner, SHOULD_SHOW, { pageId })).body.data.shouldShowCareResourcesFeedback).to.equal(true);
    const resource = await (await testDb())('care_resources').where({ slug: 'coat-colour-genetics-explained' }).first('id');
    const added = await graphql(owner, ADD, { feedback: { pageId, petNum: biscuit, careResourceId: resource.id, isHelpful: false, selectedFeedback: ['Too general'], additionalText: ' More please ' } });
    expect(added.body).to.deep.equal({ data: { addCareResourcesFeedback: true } });
    const row = await (await testDb())('care_resources_feedback').first();
    expect(row).to.include({ care_resource_id: resource.id, is_helpful: false, additional_text: 'More please' });
    expect((await graphql(owner, SHOULD_SHOW, { pageId })).body.data.shouldShowCareResourcesFeedback).to.equal(false);
    expect((await graphql(owner, SHOULD_SHOW, { pageId: 'care-resources:other' })).body.data.shouldShowCareResourcesFeedback).to.equal(true);
  });

  it("refuses bad feedback with 'Invalid Arguments', another user's dog with 'Not Authorized', and signed-out callers", async () => {
    const owner = await signInAsDemo(app, 'parent');
    const good = { pageId: 'care-resources', isHelpful: true };
    for (const feedback of [
      { ...good, pageId: '' },
      { ...good, pageId: '<script>' },
      { ...good, additionalText: 'x'.repeat(501) },
      { ...good, selectedFeedback: ['Made up'] },
      { ...good, careResourceId: 999999 },
      { pageId: 'care-resources' },
    ]) {
      const response = await graphql(owner, ADD, { feedback });
      expect(response.body.errors?.[0]?.message, JSON.stringify(feedback)).to.equal(INVALID_ARGUMENTS);
    }
    expect((await graphql(owner, SHOULD_SHOW, { pageId: 'x'.repeat(101) })).body.errors[0].message).to.equal(INVALID_ARGUMENTS);
    const refused = await graphql(people.stranger, ADD, { feedback: { ...good, petNum: biscuit } });
    expect(refused.body.errors[0].message).to.equal(NOT_AUTHORIZED);
    expect(await (await testDb())('care_resources_feedback').count('* as c').first()).to.deep.equal({ c: 0 });
    const anonymous = request.agent(app);
    const signedOut = await graphql(anonymous, SHOULD_SHOW, { pageId: 'care-resources' });
    expect(signedOut.body.errors[0].message).to.equal(PLEASE_LOG_IN);
  });
});
