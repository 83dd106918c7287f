// QA: birthdays were written three ways across the pet-parent pages ('2021-03-04', '3/4/2021',
// '4 Mar 2021'). Every page writes them one way now (server/shared/birthday-text.ts), to the precision known.
import { expect } from 'chai';
import type { Express } from 'express';
import { testApp } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { mainText } from '../results/population.js';

describe('dates of birth on the pet-parent pages', function () {
  this.timeout(120_000);
  let app: Express;
  let biscuit: number;
  const pages = () => [`/members/pet/about/${biscuit}`, `/members/results/profile?i=${biscuit}`];

  before(async () => {
    await resetToDemoData();
    app = await testApp();
    biscuit = (await (await testDb())('pets').where({ handle: 'biscuit' }).first('pet_num')).pet_num;
  });

  const setBirth = (date: string, precision: string, estimated: boolean) =>
    testDb().then((db) => db('pets').where({ pet_num: biscuit }).update({ date_of_birth: date, date_of_birth_precision: precision, is_date_of_birth_estimated: estimated }));

  it('writes a known birthday as March 4, 2021 on the about page and the profile', async () => {
    await setBirth('2021-03-04', 'day', false);
    const parent = await signInAsDemo(app, 'parent');
    for (const path of pages()) {
      const text = mainText((await parent.get(path).expect(200)).text);
      expect(text, path).to.include('March 4, 2021');
      expect(text, path).to.not.include('4 March 2021').and.not.include('2021-03-04').and.not.include('3/4/2021');
    }
  });

  it('writes an estimated month or year as known, never as the first of January', async () => {
    const parent = await signInAsDemo(app, 'parent');
    await setBirth('2019-07-01', 'month', true);
    for (const path of pages()) {
      const text = mainText((await parent.get(path).expect(200)).text);
      expect(text, path).to.include('July 2019 (estimated)').and.not.include('July 1, 2019');
    }
    await setBirth('2018-01-01', 'year', true);
    for (const path of pages()) {
      const text = mainText((await parent.get(path).expect(200)).text);
      expect(text, path).to.include('2018 (estimated)').and.not.include('January');
    }
  });
});
