import { expect } from 'chai';
import type { Express } from 'express';
import { testDb } from '../../support/database.js';
import { graphql } from '../../support/app.js';
import { signInAsDemo } from '../../support/demo.js';
import { demoPopulation, mainText, ownedPetNum } from '../results/population.js';
import { refusedPeople, type People } from '../nutrition/people.js';
import { seedSurveys } from '../../../server/surveys/seed.js';
import { INVALID_ARGUMENTS, NOT_AUTHORIZED } from '../../../server/shared/messages.js';

const PROGRESS = 'query($petNum: Int!) { surveyProgress(petNum: $petNum) { status progressPct survey { slug category isAdminOnly targetPetNums } } }';

describe('research surveys: page, surveyProgress', function () {
  this.timeout(180_000);
  let app: Express;
  let biscuit: number;
  let maple: number;
  let people: People;

  before(async () => {
    app = await demoPopulation();
    biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
    maple = await ownedPetNum('parent@demo.test', 'Maple');
    people = await refusedPeople(app, biscuit, 'surveys');
    const db = await testDb();
    await seedSurveys(db, [biscuit]);
    // Another test may have made a category first, with its own priority.
    for (const [category, priority] of [['Health', 40], ['Trait', 30], ['LifeStage', 20], ['General', 10]] as const) {
      await db('survey_categories').where({ category }).update({ priority });
    }
    await db('surveys').insert([
      { slug: 'test-hidden-from-page', template_id: 'h', category: 'General', title: 'Not on the research page', is_shown_on_research_page: false },
      { slug: 'test-targeted-maple', template_id: 't', category: 'Health', title: 'Only for Maple', is_targeted: true, priority: 99 },
    ]);
    const targeted = await db('surveys').where({ slug: 'test-targeted-maple' }).first('id');
    await db('survey_target_pets').insert({ survey_id: targeted.id, pet_num: maple });
    const diet = await db('surveys').where({ slug: 'diet-and-exercise' }).first('id');
    await db('survey_responses').insert({ survey_id: diet.id, pet_num: biscuit, status: 'completed', progress_pct: 100, completed_at: db.fn.now() });
  });

  after(async () => {
    await (await testDb())('surveys').where('slug', 'like', 'test-%').delete();
  });

  it('lists surveys by category priority then survey priority, with progress, admin-only ones hidden', async () => {
    const owner = await signInAsDemo(app, 'parent');
    const html = (await owner.get(`/members/results/research-surveys?i=${biscuit}`).expect(200)).text;
    const categories = [...html.matchAll(/data-survey-category="([A-Za-z]+)"/g)].map((m) => m[1]);
    expect(categories.slice(0, 4)).to.deep.equal(['Health', 'Trait', 'LifeStage', 'General']);
    const slugs = [...html.matchAll(/data-survey="([a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(slugs.indexOf('skin-and-allergies')).to.be.lessThan(slugs.indexOf('joint-health'));
    expect(slugs.indexOf('behaviour-and-temperament')).to.be.lessThan(slugs.indexOf('coat-and-shedding'));
    const text = mainText(html);
    expect(text).to.include('Life Stage');
    expect(text).to.match(/Skin and allergies .*50% done/);
    expect(text).to.match(/Diet and exercise .*Completed/);
    expect(slugs).to.not.include('survey-pilot-staff-review');
    expect(slugs).to.not.include('test-hidden-from-page');
    expect(slugs).to.not.include('test-targeted-maple');
    const mapleHtml = (await owner.get(`/members/results/research-surveys?i=${maple}`).expect(200)).text;
    expect(mapleHtml).to.include('data-survey="test-targeted-maple"');
    const admin = await signInAsDemo(app, 'admin');
    expect((await admin.get(`/members/results/research-surveys?i=${biscuit}`).expect(200)).text).to.include('data-survey="survey-pilot-staff-review"');
  });

  it("answers surveyProgress for the dog's visible surveys, including those not on the research page", async () => {
    const owner = await signInAsDemo(app, 'parent');
    const { body } = await graphql(owner, PROGRESS, { petNum: biscuit });
    const bySlug = new Map(body.data.surveyProgress.map((p: { survey: { slug: string } }) => [p.survey.slug, p]));
    expect(bySlug.get('skin-and-allergies')).to.deep.include({ status: 'started', progressPct: 50 });
    expect(bySlug.get('diet-and-exercise')).to.deep.include({ status: 'completed', progressPct: 100 });
    expect(bySlug.get('joint-health')).to.deep.include({ status: 'not_started', progressPct: 0 });
    expect(bySlug.has('test-hidden-from-page')).to.equal(true);
    expect(bySlug.has('survey-pilot-staff-review')).to.equal(false);
    expect(bySlug.has('test-targeted-maple')).to.equal(false);
    const admin = await signInAsDemo(app, 'admin');
    const asAdmin = (await graphql(admin, PROGRESS, { petNum: maple })).body.data.surveyProgress;
    const targeted = asAdmin.find((p: { survey: { slug: string } }) => p.survey.slug === 'test-targeted-maple');
    expect(targeted.survey.targetPetNums).to.deep.equal([maple]);
    const ownerView = (await graphql(owner, PROGRESS, { petNum: maple })).body.data.surveyProgress;
    expect(ownerView.find((p: { survey: { slug: string } }) => p.survey.slug === 'test-targeted-maple').survey.targetPetNums).to.deep.equal([]);
  });

  it("refuses another user's dog with 'Not Authorized' and a bad petNum with 'Invalid Arguments'", async () => {
    expect((await graphql(people.stranger, PROGRESS, { petNum: biscuit })).body.errors[0].message).to.equal(NOT_AUTHORIZED);
    const owner = await signInAsDemo(app, 'parent');
    for (const petNum of [0, -1, 'abc', 1.5]) {
      expect((await graphql(owner, PROGRESS, { petNum })).body.errors[0].message, String(petNum)).to.equal(INVALID_ARGUMENTS);
    }
  });
});
