// geneticStatsProps (server/results/genetic-stats.ts): the display rules of spec 1 §4 on rows we write.
import { expect } from 'chai';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser } from '../../support/factories.js';
import type { Db } from '../../../server/db/index.js';
import { findPet } from '../../../server/pets/queries.js';
import { loadGeneticStatsProps } from '../../../server/results/genetic-stats.js';
import { LIFE_STAGE_OFFER, LIFE_STAGE_PENDING } from '../../../server/shared/messages.js';
import { dog } from './fixtures.js';

const TODAY = new Date('2026-03-01T12:00:00Z');

/** A dog tested by our lab: a missing stat is on its way. */
const NOT_FROM_ANOTHER_LAB = { weight: { value: 'Not available yet', why: null }, wolfiness: { value: 'Not available yet', why: null } };

describe('geneticStatsProps', () => {
  let db: Db;
  let ownerId: number;

  before(async () => {
    db = await testDb();
    await resetDatabase(db);
    ownerId = (await createUser(db)).id;
  });

  async function withStats(fields: Record<string, unknown>, stats: { weight?: number | null; wolfiness?: number | null; traits?: boolean } = {}) {
    const petNum = await dog(db, ownerId, fields);
    if (stats.weight !== undefined || stats.wolfiness !== undefined) {
      await db('genetic_stats').insert({ pet_num: petNum, predicted_weight_lbs: stats.weight ?? null, wolfiness: stats.wolfiness ?? null, wolfiness_context: stats.wolfiness == null ? null : 'Typical for a dog' });
    }
    if (stats.traits) {
      const locus = await db('trait_loci').orderBy('id').first('id');
      await db('trait_results').insert({ pet_num: petNum, trait_locus_id: locus.id, genotype: 'E/e', call: 'Normal', is_tested: true });
    }
    return petNum;
  }

  async function ageTest(petNum: number, status: string, predictedBirthday: string | null = null) {
    const released = status === 'released';
    await db('age_tests').insert({
      pet_num: petNum,
      status,
      activated_at: status === 'ordered' ? null : '2026-01-01T00:00:00Z',
      released_at: released ? '2026-02-01T00:00:00Z' : null,
      results_uuid: released ? db.raw('gen_random_uuid()') : null,
      predicted_birthday: released ? predictedBirthday : null,
    });
  }

  const props = async (petNum: number, isPublic = false) => loadGeneticStatsProps(db, (await findPet(db, petNum))!, { isPublic, today: TODAY });

  it('shows the life stage from the date of birth and predicted weight, with weight in whole pounds and wolfiness capped', async () => {
    const petNum = await withStats({ date_of_birth: '2021-04-12', name: 'Biscuit' }, { weight: 67.46, wolfiness: 100.4, traits: true });
    const result = await props(petNum);
    expect(result).to.deep.include({
      petNum,
      petName: 'Biscuit',
      isPublic: false,
      birthDate: '2021-04-12',
      birthDateSource: 'dateOfBirth',
      hasAgeTest: false,
      lifeStage: 'MatureAdult', // Large (67 lbs), 4 years 10 months: mature adult from 3 years
      predictedWeightLbs: 67.46,
      wolfiness: 100.4,
      wolfinessContext: 'Wolf-dog hybrid', // worked out from the score, whatever words were stored with it
      aboutHref: `/members/pet/about/${petNum}`,
    });
    expect(result!.display).to.deep.equal({ lifeStage: 'Mature Adult', predictedWeight: '67 lbs', wolfiness: '100.0%', missing: NOT_FROM_ANOTHER_LAB });
  });

  it("shows 'Pending' when an age test exists but there is no life stage", async () => {
    const petNum = await withStats({}, { weight: 30, wolfiness: 0.4, traits: true });
    await ageTest(petNum, 'processing');
    const result = await props(petNum);
    expect(result).to.deep.include({ lifeStage: null, hasAgeTest: true, birthDate: null });
    expect(result!.display.lifeStage).to.equal(LIFE_STAGE_PENDING);
  });

  it('shows the section for an age test alone, even without traits', async () => {
    const petNum = await withStats({});
    await ageTest(petNum, 'activated');
    const result = await props(petNum);
    expect(result!.display).to.deep.equal({ lifeStage: LIFE_STAGE_PENDING, predictedWeight: null, wolfiness: null, missing: NOT_FROM_ANOTHER_LAB });
  });

  it('offers help calculating when there is neither a life stage nor an age test', async () => {
    const petNum = await withStats({}, { weight: 30, wolfiness: 0.4, traits: true });
    const result = await props(petNum);
    expect(result).to.deep.include({ lifeStage: null, hasAgeTest: false });
    expect(result!.display.lifeStage).to.equal(LIFE_STAGE_OFFER);
  });

  it('counts a failed age test as none', async () => {
    const petNum = await withStats({}, { weight: 30, traits: true });
    await ageTest(petNum, 'failed');
    expect((await props(petNum))!.display.lifeStage).to.equal(LIFE_STAGE_OFFER);
  });

  it('leaves the section out with neither traits nor an age test', async () => {
    const petNum = await withStats({ date_of_birth: '2020-01-01' }, { weight: 30, wolfiness: 1 });
    expect(await props(petNum)).to.equal(null);
  });

  it("counts from the released age test's predicted birthday when there is no date of birth", async () => {
    const petNum = await withStats({}, { weight: 12, traits: true });
    await ageTest(petNum, 'released', '2025-10-01');
    const result = await props(petNum);
    expect(result).to.deep.include({ birthDate: '2025-10-01', birthDateSource: 'ageTest', lifeStage: 'Puppy', hasAgeTest: true });
    // Small dogs are puppies to 6 months: 1 April 2026 is the first day as a young adult.
    const later = await loadGeneticStatsProps(db, (await findPet(db, petNum))!, { isPublic: false, today: new Date('2026-04-01T12:00:00Z') });
    expect(later!.lifeStage).to.equal('YoungAdult');
  });

  it("prefers the owner's date of birth to the age test's", async () => {
    const petNum = await withStats({ date_of_birth: '2011-01-01' }, { weight: 12, traits: true });
    await ageTest(petNum, 'released', '2025-10-01');
    expect(await props(petNum)).to.deep.include({ birthDateSource: 'dateOfBirth', lifeStage: 'Geriatric' });
  });

  it('shows on a public profile only with a life stage, and without the birthday it is counted from', async () => {
    const without = await withStats({}, { weight: 30, traits: true });
    await ageTest(without, 'processing');
    expect(await props(without, true)).to.equal(null);

    const withStage = await withStats({ date_of_birth: '2021-04-12' }, { weight: 130.2, wolfiness: 2.25, traits: true });
    const result = await props(withStage, true);
    expect(result).to.deep.include({ isPublic: true, lifeStage: 'MatureAdult', birthDate: null, birthDateSource: null, hasAgeTest: false });
    expect(result!.display).to.deep.equal({ lifeStage: 'Mature Adult', predictedWeight: '130 lbs', wolfiness: '2.3%', missing: NOT_FROM_ANOTHER_LAB });
  });
});
