// Issue 17, as a new user meets it: an admin uploads each real export at /admin/lab for a swab the
// lab does not know, registering a new dog of an account; the owner then reads the dogs' results.
// The upload is ingested by its `lab.ingest` job (issue 34): this app runs no worker, so the test
// runs the due jobs while the page of the upload waits, and the page shows the outcome by itself.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser.js';
import { testApp } from '../support/app.js';
import { resetDatabase, testDb } from '../support/database.js';
import { createUser, TEST_PASSWORD } from '../support/factories.js';
import { REAL_EXPORTS, realDataPresent } from '../support/realdata.js';
import { runLabIngestJobs } from '../support/lab-uploads.js';

const ADMIN = { email: 'realdata-admin@example.test', password: TEST_PASSWORD };
const OWNER = { email: 'realdata-owner@example.test', password: TEST_PASSWORD };

describe('real raw-data exports uploaded at /admin/lab and read by their owner', function () {
  this.timeout(600_000);
  if (!realDataPresent()) {
    it.skip('needs the real exports (REALDATA_DIR)');
    return;
  }
  const site = browserSuite(async () => {
    const db = await testDb();
    await resetDatabase(db);
    await createUser(db, { email: ADMIN.email, isAdmin: true });
    await createUser(db, { email: OWNER.email });
    return testApp();
  });

  const mainText = async (page: Page, path: string) => {
    const response = await page.goto(site.url(path));
    expect(response?.status(), path).to.equal(200);
    return page.locator('main').innerText();
  };

  it('registers and releases each dog from its zip, then shows the owner its sex, COI, untested breed mix and health, and no relatives among them', async () => {
    const admin = await site.newPage();
    const errors: string[] = [];
    admin.on('pageerror', (error) => errors.push(error.message));
    await site.signIn(admin, ADMIN);
    for (const dog of REAL_EXPORTS) {
      await admin.goto(site.url('/admin/lab'));
      await admin.fill('#swabCode', dog.swabCode);
      await admin.fill('#ownerEmail', OWNER.email);
      await admin.fill('#dogName', dog.name);
      await admin.setInputFiles('#files', dog.zipPath);
      await Promise.all([admin.waitForURL(/\/admin\/lab\?upload=\d+$/), admin.click('button[type="submit"]')]);
      // answered at once: the upload waits for a job worker, and the page says so
      expect(await admin.locator('[data-lab-upload-progress]').innerText(), dog.name).to.equal('Queued: waiting for a job worker.');
      expect(await admin.locator('.form-ok, .form-error').count()).to.equal(0);
      expect(await runLabIngestJobs(), dog.name).to.deep.equal({ done: 1, failed: 0 });
      // the page asks for the upload's state every 2 s and shows the outcome once it is there
      await admin.locator('.form-ok, .form-error').first().waitFor({ timeout: 30_000 });
      const outcome = (await admin.locator('.form-ok, .form-error').allInnerTexts()).join('\n');
      expect(outcome, dog.name).to.include(`swab ${dog.swabCode} registered for a new dog of ${OWNER.email}`);
      expect(outcome, dog.name).to.match(new RegExp(`swab ${dog.swabCode} released for dog \\d+, 0 relatives found`));
      expect(await admin.locator('.form-error').count(), outcome).to.equal(0);
    }

    const owner = await site.newPage();
    owner.on('pageerror', (error) => errors.push(error.message));
    await site.signIn(owner, OWNER);
    const db = await testDb();
    for (const dog of REAL_EXPORTS) {
      const pet = await db('pets').join('swabs', 'swabs.pet_num', 'pets.pet_num').where('swabs.swab_code', dog.swabCode).first('pets.pet_num', 'pets.sex');
      expect(pet.sex.trim(), `${dog.name}'s sex`).to.equal(dog.sex);
      const summary = await mainText(owner, `/members/results/summary?i=${pet.pet_num}`);
      expect(summary).to.include(`${dog.name}: Summary`);
      expect(summary).to.include('Not tested on this sample: none of the');
      expect(summary).to.not.include('0 breeds');
      // the owner is told why weight, wolfiness and the life stage will not come, not that they are on their way
      expect(summary).to.include(`${dog.name}’s results come from a DNA file of another lab’s test.`);
      expect(summary).to.include('Not predicted from this DNA file');
      expect(summary).to.include('Not measured from this DNA file');
      expect(summary).to.include('Not available from this DNA file: the life stage needs a predicted adult weight.');
      expect(summary).to.not.include('Not available yet');
      expect(summary).to.not.include('Tell us its birthday');

      const breed = await mainText(owner, `/members/results/breed-and-ancestry?i=${pet.pet_num}`);
      expect(breed).to.include('not tested on this sample');
      expect(breed).to.include('the DNA file comes from another lab’s test');
      expect(breed, 'no breed mix scenario for an untested mix').to.not.include('Mixed breed: several breeds');

      const health = await mainText(owner, `/members/results/health?i=${pet.pet_num}`);
      const coi = Number(/Coefficient of inbreeding: (\d\.\d+)/.exec(health)?.[1]);
      expect(coi, `${dog.name}'s COI`).to.be.closeTo(dog.publishedCoi, 0.01);
      expect(health).to.include('Not tested on this sample: none of the');
      expect(health).to.not.include('conditions tested');

      await mainText(owner, `/members/results/relatives?i=${pet.pet_num}`);
      // the relatives widget asks the API again once it starts
      await owner.locator('main').getByText('No relatives found yet.').waitFor();
      expect(await owner.locator('.relative-card').count()).to.equal(0);
    }
    expect(errors).to.deep.equal([]);
  });
});
