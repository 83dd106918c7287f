// /admin/surveys (issue 16 point 4): admins only; lists every survey and category for the widget.
import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { signIn, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { seedSurveys } from '../../../server/surveys/seed.js';

describe('/admin/surveys', () => {
  let app: Express;

  before(async () => {
    const db = await testDb();
    await resetDatabase(db);
    await seedSurveys(db);
    app = await testApp();
  });

  it('lists surveys (admin-only ones too) and categories, with the widget props', async () => {
    const admin = await signIn(app, (await createUser(await testDb(), { isAdmin: true })).email, TEST_PASSWORD);
    const page = await admin.get('/admin/surveys').expect(200);
    expect(page.text).to.include('data-widget="survey-admin"');
    expect(page.text).to.include('Pilot survey (staff review)').and.include('Skin and allergies');
    expect(page.text).to.include('&#34;categoryTypes&#34;:[&#34;Breed&#34;,&#34;General&#34;,&#34;Health&#34;,&#34;LifeStage&#34;,&#34;Profile&#34;,&#34;Survey&#34;,&#34;Trait&#34;]');
  });

  it('refuses everyone but admins', async () => {
    await request(app).get('/admin/surveys').expect(302).expect('Location', '/');
    const member = await signIn(app, (await createUser(await testDb())).email, TEST_PASSWORD);
    await member.get('/admin/surveys').expect(403);
    const subadmin = await signIn(app, (await createUser(await testDb(), { canImpersonateAsSubAdmin: true, canScanKits: true })).email, TEST_PASSWORD);
    await subadmin.get('/admin/surveys').expect(403);
  });
});
