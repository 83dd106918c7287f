import { expect } from 'chai';
import type { Express } from 'express';
import { testDb } from '../../support/database.js';
import { graphql } from '../../support/app.js';
import { signInAsDemo } from '../../support/demo.js';
import { demoPopulation, ownedPetNum } from '../results/population.js';
import { seedSurveys } from '../../../server/surveys/seed.js';
import { INVALID_ARGUMENTS, NOT_AUTHORIZED } from '../../../server/shared/messages.js';

const ADD_SURVEY = 'mutation($survey: NewSurveyInput!) { addSurvey(survey: $survey) { id slug category title priority isTargeted isAdminOnly isShownOnResearchPage color targetPetNums } }';
const UPDATE_SURVEY = 'mutation($id: Int!, $changes: SurveyChangesInput!) { updateSurvey(id: $id, changes: $changes) { id slug title subtitle color priority isAdminOnly targetPetNums } }';
const ADD_CATEGORY = 'mutation($category: NewSurveyCategoryInput!) { addSurveyCategory(category: $category) { id category subtitle priority } }';
const UPDATE_CATEGORY = 'mutation($id: Int!, $changes: SurveyCategoryChangesInput!) { updateSurveyCategory(id: $id, changes: $changes) { id category subtitle priority } }';

describe('admin: add and update surveys and survey categories', function () {
  this.timeout(180_000);
  let app: Express;
  let biscuit: number;

  before(async () => {
    app = await demoPopulation();
    biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
    const db = await testDb();
    await seedSurveys(db);
    await db('survey_categories').where({ category: 'Profile' }).delete();
  });

  after(async () => {
    const db = await testDb();
    await db('surveys').where('slug', 'like', 'admin-test-%').delete();
    await db('survey_categories').where({ category: 'Profile' }).delete();
  });

  it('lets an admin add a category and a targeted survey, then update both', async () => {
    const admin = await signInAsDemo(app, 'admin');
    const category = (await graphql(admin, ADD_CATEGORY, { category: { category: 'Profile', subtitle: ' About your dog ', priority: 5 } })).body.data.addSurveyCategory;
    expect(category).to.deep.include({ category: 'Profile', subtitle: 'About your dog', priority: 5 });
    const survey = {
      slug: 'admin-test-puppyhood',
      templateId: 'tpl-puppy',
      category: 'Profile',
      title: 'Puppyhood',
      color: '#112233',
      priority: 3,
      isTargeted: true,
      targetPetNums: [biscuit],
    };
    const added = (await graphql(admin, ADD_SURVEY, { survey })).body.data.addSurvey;
    expect(added).to.deep.include({ slug: 'admin-test-puppyhood', category: 'Profile', isTargeted: true, isAdminOnly: false, isShownOnResearchPage: true, targetPetNums: [biscuit] });
    const updated = (await graphql(admin, UPDATE_SURVEY, { id: added.id, changes: { title: 'Puppy days', color: null, isAdminOnly: true, targetPetNums: [] } })).body.data.updateSurvey;
    expect(updated).to.deep.include({ slug: 'admin-test-puppyhood', title: 'Puppy days', color: null, priority: 3, isAdminOnly: true, targetPetNums: [] });
    const renamed = (await graphql(admin, UPDATE_CATEGORY, { id: category.id, changes: { priority: 50, subtitle: null } })).body.data.updateSurveyCategory;
    expect(renamed).to.deep.include({ category: 'Profile', priority: 50, subtitle: null });
  });

  it('renames a category with its surveys, which then save under the new name', async () => {
    const db = await testDb();
    const admin = await signInAsDemo(app, 'admin');
    // 'Survey' is a type no category has here (the first test adds Profile)
    const general = await db('survey_categories').where({ category: 'General' }).first('id');
    const slugs = await db('surveys').where({ category: 'General' }).orderBy('slug').pluck('slug');
    expect(slugs).to.include('diet-and-exercise');
    try {
      const renamed = (await graphql(admin, UPDATE_CATEGORY, { id: general.id, changes: { category: 'Survey' } })).body.data.updateSurveyCategory;
      expect(renamed).to.deep.include({ id: general.id, category: 'Survey' });
      expect(await db('surveys').where({ category: 'Survey' }).orderBy('slug').pluck('slug')).to.deep.equal(slugs);
      const diet = await db('surveys').where({ slug: 'diet-and-exercise' }).first('id');
      const saved = await graphql(admin, UPDATE_SURVEY, { id: diet.id, changes: { category: 'Survey', priority: 11 } });
      expect(saved.body.errors).to.equal(undefined);
      expect(saved.body.data.updateSurvey).to.deep.include({ priority: 11 });
      expect((await graphql(admin, UPDATE_SURVEY, { id: diet.id, changes: { category: 'General' } })).body.errors[0].message).to.equal(INVALID_ARGUMENTS);
    } finally {
      await db('survey_categories').where({ id: general.id }).update({ category: 'General' });
      await db('surveys').where({ slug: 'diet-and-exercise' }).update({ priority: 10 });
    }
  });

  it("answers the same slug sent twice at once (a double click, two admins) with one survey and 'Invalid Arguments', not a server error", async () => {
    const db = await testDb();
    const admin = await signInAsDemo(app, 'admin');
    const { category } = await db('survey_categories').orderBy('id').first('category');
    const survey = { slug: 'admin-test-twice', templateId: 'tpl', category, title: 'Twice' };
    const added = await Promise.all([1, 2, 3].map(() => graphql(admin, ADD_SURVEY, { survey })));
    expect(added.map((response) => response.body.errors?.[0]?.message ?? 'added').sort()).to.deep.equal([INVALID_ARGUMENTS, INVALID_ARGUMENTS, 'added']);
    expect(Number((await db('surveys').where({ slug: 'admin-test-twice' }).count('* as c').first())!.c)).to.equal(1);
    const others: { id: number; slug: string }[] = await db('surveys').where('slug', 'not like', 'admin-test-%').orderBy('id').limit(2).select('id', 'slug');
    const renamed = await Promise.all(others.map(({ id }) => graphql(admin, UPDATE_SURVEY, { id, changes: { slug: 'admin-test-renamed' } })));
    expect(renamed.map((response) => response.body.errors?.[0]?.message ?? 'renamed').sort()).to.deep.equal([INVALID_ARGUMENTS, 'renamed']);
    for (const { id, slug } of others) await db('surveys').where({ id }).update({ slug });
  });

  it("refuses non-admins with 'Not Authorized', changing nothing", async () => {
    const db = await testDb();
    const before = await db('surveys').count('* as c').first();
    for (const account of ['parent', 'vet', 'subadmin'] as const) {
      const agent = await signInAsDemo(app, account);
      const response = await graphql(agent, ADD_SURVEY, { survey: { slug: 'admin-test-nope', templateId: 't', category: 'Health', title: 'Nope' } });
      expect(response.body.errors[0].message, account).to.equal(NOT_AUTHORIZED);
      expect((await graphql(agent, ADD_CATEGORY, { category: { category: 'Breed' } })).body.errors[0].message).to.equal(NOT_AUTHORIZED);
    }
    expect(await db('surveys').count('* as c').first()).to.deep.equal(before);
  });

  it("refuses invalid surveys and categories with 'Invalid Arguments', changing nothing", async () => {
    const db = await testDb();
    const admin = await signInAsDemo(app, 'admin');
    const good = { slug: 'admin-test-valid', templateId: 'tpl', category: 'Health', title: 'Valid' };
    const existing = await db('surveys').first('id', 'slug', 'title');
    const before = await db('surveys').count('* as c').first();
    for (const survey of [
      { ...good, slug: 'Bad Slug' },
      { ...good, title: '   ' },
      { ...good, category: 'Nonsense' },
      { ...good, color: 'red' },
      { ...good, priority: 5000 },
      { ...good, targetPetNums: [99999999] },
      { ...good, slug: existing.slug },
      { ...good, category: 'Breed' }, // no such category row yet
    ]) {
      const response = await graphql(admin, ADD_SURVEY, { survey });
      expect(response.body.errors?.[0]?.message, JSON.stringify(survey)).to.equal(INVALID_ARGUMENTS);
    }
    expect(await db('surveys').count('* as c').first()).to.deep.equal(before);
    expect((await graphql(admin, UPDATE_SURVEY, { id: 99999999, changes: { title: 'x' } })).body.errors[0].message).to.equal(INVALID_ARGUMENTS);
    expect((await graphql(admin, UPDATE_SURVEY, { id: existing.id, changes: { title: '' } })).body.errors[0].message).to.equal(INVALID_ARGUMENTS);
    expect((await db('surveys').where({ id: existing.id }).first('title')).title).to.equal(existing.title);
    expect((await graphql(admin, ADD_CATEGORY, { category: { category: 'Health' } })).body.errors[0].message).to.equal(INVALID_ARGUMENTS);
    const health = await db('survey_categories').where({ category: 'Health' }).first('id');
    expect((await graphql(admin, UPDATE_CATEGORY, { id: health.id, changes: { category: 'Trait' } })).body.errors[0].message).to.equal(INVALID_ARGUMENTS);
  });
});
