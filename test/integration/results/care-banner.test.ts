// Issue 36 §14: the care-resources banner of spec 2 §2 on a dog's summary, only when its care-resources flag is on.
import { expect } from 'chai';
import type { Express } from 'express';
import { testDb } from '../../support/database.js';
import { signInAsDemo } from '../../support/demo.js';
import { demoPopulation, ownedPetNum } from './population.js';

describe('care-resources banner on the results summary', function () {
  this.timeout(180_000);
  let app: Express;
  let biscuit: number;
  const setFlag = async (on: boolean) => (await testDb())('pets').where({ pet_num: biscuit }).update({ should_show_care_resources: on });

  before(async () => {
    app = await demoPopulation();
    biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
  });

  it("points the summary to the dog's care resources when its flag is on", async () => {
    await setFlag(true);
    const html = (await (await signInAsDemo(app, 'parent')).get(`/members/results/summary?i=${biscuit}`).expect(200)).text;
    const banner = html.match(/<section class="card care-banner" data-care-resources-banner[\s\S]*?<\/section>/)?.[0] ?? '';
    expect(banner).to.include('Care resources for Biscuit').and.include(`href="/members/results/care?i=${biscuit}"`);
  });

  it('shows no banner when the flag is off, as the navigation shows no Care Resources', async () => {
    await setFlag(false);
    const html = (await (await signInAsDemo(app, 'parent')).get(`/members/results/summary?i=${biscuit}`).expect(200)).text;
    expect(html).to.not.include('data-care-resources-banner');
    expect(html).to.not.include('/members/results/care?i=');
  });
});
