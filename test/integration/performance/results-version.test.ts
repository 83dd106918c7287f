// Issue 32: a dog's results are kept in memory under its results version, which every write of
// what the lab stored for it moves, and only its own.
import { expect } from 'chai';
import type { Express } from 'express';
import { testDb } from '../../support/database.js';
import { signInAsDemo } from '../../support/demo.js';
import { statementsDuring } from '../../support/statements.js';
import { demoPopulation, ownedPetNum } from '../results/population.js';
import { findPet } from '../../../server/pets/queries.js';
import { readPet, resultsCacheStats } from '../../../server/pets/reads.js';
import { HEALTH_RESULTS } from '../../../server/results/health.js';
import { BREED_MIX } from '../../../server/results/breed-mix.js';
import { RESULTS_STATUS } from '../../../server/results/status.js';
import { syncCatalogues } from '../../../server/catalogue/sync.js';

describe('results kept under the dog’s results version', function () {
  this.timeout(120_000);
  let app: Express;
  let biscuit: number;
  let other: number;

  before(async () => {
    app = await demoPopulation();
    biscuit = await ownedPetNum('parent@demo.test', 'Biscuit');
    const db = await testDb();
    other = (await db('breed_mix_summaries').whereNot({ pet_num: biscuit }).first('pet_num')).pet_num;
  });

  const versionOf = async (petNum: number) => Number((await (await testDb())('pets').where({ pet_num: petNum }).first('results_version')).results_version);

  it('reads a dog’s versioned results once per version: a repeat sends only what is not versioned', async () => {
    const db = await testDb();
    const pet = (await findPet(db, biscuit))!;
    const first = await readPet(db, pet, { health: HEALTH_RESULTS, mix: BREED_MIX, status: RESULTS_STATUS });
    const hits = resultsCacheStats(db).hits;
    let again: typeof first | undefined;
    const sent = await statementsDuring(db, async () => (again = await readPet(db, pet, { health: HEALTH_RESULTS, mix: BREED_MIX, status: RESULTS_STATUS })));
    expect(sent).to.have.length(1);
    expect(sent[0]).to.include('swabs').and.not.include('health_results');
    expect(resultsCacheStats(db).hits).to.equal(hits + 2);
    expect(again).to.deep.equal(first);
    expect(Object.isFrozen(again!.health[0]), 'kept values are shared: frozen').to.equal(true);
  });

  it('moves the version of the dog whose results the lab writes, and of no other dog', async () => {
    const db = await testDb();
    const [before, otherBefore] = [await versionOf(biscuit), await versionOf(other)];
    const row = await db('health_results').where({ pet_num: biscuit }).first('health_condition_id', 'result_text');
    await db('health_results').where({ pet_num: biscuit, health_condition_id: row.health_condition_id }).update({ result_text: 'Rewritten by the lab' });
    expect(await versionOf(biscuit)).to.not.equal(before);
    expect(await versionOf(other)).to.equal(otherBefore);
    for (const table of ['breed_mix_rows', 'trait_results', 'genetic_stats', 'haplotypes']) {
      const was = await versionOf(biscuit);
      await db(table).where({ pet_num: biscuit }).update({ pet_num: biscuit });
      expect(await versionOf(biscuit), table).to.not.equal(was);
    }
  });

  it('shows the lab’s new result on the next view of the page', async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'parent');
    await agent.get(`/members/results/health?i=${biscuit}`).expect(200);
    const row = await db('health_results').where({ pet_num: biscuit }).whereNot({ call: 'not_tested' }).first('health_condition_id');
    await db('health_results').where({ pet_num: biscuit, health_condition_id: row.health_condition_id }).update({ result_text: 'A result the lab corrected' });
    expect((await agent.get(`/members/results/health?i=${biscuit}`).expect(200)).text).to.include('A result the lab corrected');
  });

  it('moves every dog’s version when the catalogue’s words change, and none when a sync changes nothing', async () => {
    const db = await testDb();
    const before = [await versionOf(biscuit), await versionOf(other)];
    await syncCatalogues(db);
    expect([await versionOf(biscuit), await versionOf(other)]).to.deep.equal(before);
    const condition = await db('health_conditions').first('id', 'description');
    await db('health_conditions').where({ id: condition.id }).update({ description: `${condition.description} (revised)` });
    try {
      expect(await versionOf(biscuit)).to.not.equal(before[0]);
      expect(await versionOf(other)).to.not.equal(before[1]);
    } finally {
      await db('health_conditions').where({ id: condition.id }).update({ description: condition.description });
    }
  });
});
