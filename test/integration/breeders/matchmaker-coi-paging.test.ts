// Issue 14: the matchmaker's COI order and filter read the offspring COI each row shows, over the
// benchmark's population (a few hundred dogs), with a few candidates that are the chosen dog's
// identical twins (the highest COI there is), found by the lab's relatives search.
import { expect } from 'chai';
import { resetDatabase, testDb } from '../../support/database.js';
import { testLab } from '../../support/lab.js';
import type { Db } from '../../../server/db/index.js';
import type { Lab } from '../../../server/lab/lab.js';
import { storePopulation } from '../../../bench/matchmaker.js';
import { matchmakerCandidates, ownMatchmakerDog, type CandidateRow } from '../../../server/breeders/matchmaker-queries.js';
import { parseMatchmakerRequest } from '../../../server/shared/matchmaker-rules.js';
import { findRelatives } from '../../../server/lab/relative-matching.js';
import { upsertRelatives } from '../../../server/lab/relatives-store.js';
import { storedBreedShares } from '../../../server/lab/results-store.js';
import { unpackGenotype } from '../../../server/genetics/genotype.js';

describe('matchmaker: COI order and filter over a few hundred candidates', function () {
  this.timeout(180_000);
  let db: Db;
  let lab: Lab;
  let userId: number;
  let petNum: number;
  let twins: number[];

  before(async () => {
    db = await testDb();
    await resetDatabase(db);
    lab = await testLab(db);
    ({ userId, petNum } = await storePopulation(db, 700, lab));
    // three candidates get the chosen dog's own genotype: offspring COI about 50%
    twins = (await db('pets').join('genotypes', 'genotypes.pet_num', 'pets.pet_num').where({ sex: 'f', privacy: 'public', exclude_from_matchmaker: false, is_hidden: false }).orderBy('pets.pet_num').offset(90).limit(3).select('pets.pet_num')).map((row) => row.pet_num);
    const own = await db('genotypes').where({ pet_num: petNum }).first('calls', 'marker_count');
    await db('genotypes').whereIn('pet_num', twins).update({ calls: own.calls });
    // as the lab does when it releases the dog: its relatives among every tested dog, stored
    await db('relatives').where({ pet_num_a: petNum }).orWhere({ pet_num_b: petNum }).delete();
    const shares = (await storedBreedShares(db, lab.ids, [petNum])).get(petNum) ?? new Map();
    await upsertRelatives(db, petNum, await findRelatives(db, lab, petNum, unpackGenotype(new Uint8Array(own.calls), own.marker_count), shares));
  });

  const page = async (input: Record<string, unknown>) => {
    const dog = (await ownMatchmakerDog(db, userId, petNum))!;
    return matchmakerCandidates(db, lab, dog, parseMatchmakerRequest(input));
  };
  const coiOrder = (dir: 'asc' | 'desc') => [{ column: 5, dir }];

  it('lists every candidate by COI, twins last when lowest first and first when highest first', async () => {
    const lowest = await page({ length: -1, order: coiOrder('asc') });
    expect(lowest.recordsFiltered).to.be.above(200).and.equal(lowest.rows.length);
    expect(lowest.rows.slice(-3).map((row) => row.petNum).sort()).to.deep.equal([...twins].sort());
    const shown = lowest.rows.map((row) => row.offspringCoi!);
    expect(shown).to.deep.equal([...shown].sort((a, b) => a - b));
    expect(shown.at(-1)).to.be.above(0.4);
    const highest = await page({ length: -1, order: coiOrder('desc') });
    expect(highest.rows.slice(0, 3).map((row) => row.petNum).sort()).to.deep.equal([...twins].sort());
    expect(highest.rows.map((row) => row.petNum).sort()).to.deep.equal(lowest.rows.map((row) => row.petNum).sort());
  });

  it('gives each page of the lowest COI exactly its slice of the whole list', async () => {
    const whole = await page({ length: -1, order: coiOrder('asc') });
    const petNums = (rows: CandidateRow[]) => rows.map((row) => row.petNum);
    for (const [start, length] of [[0, 10], [10, 10], [0, 5], [45, 25], [whole.rows.length - 5, 10], [whole.rows.length + 10, 10]]) {
      const part = await page({ start, length, order: coiOrder('asc') });
      expect(petNums(part.rows), `${start}+${length}`).to.deep.equal(petNums(whole.rows.slice(start, start + length)));
      expect(part.rows.map((row) => row.offspringCoi)).to.deep.equal(whole.rows.slice(start, start + length).map((row) => row.offspringCoi));
      expect([part.recordsTotal, part.recordsFiltered]).to.deep.equal([whole.recordsTotal, whole.recordsFiltered]);
    }
  });

  it('filters by the shown COI under any order and counts what is left', async () => {
    const whole = await page({ length: -1, order: coiOrder('asc') });
    for (const order of [coiOrder('asc'), coiOrder('desc'), [{ column: 0, dir: 'asc' }], [{ column: 4, dir: 'desc' }]]) {
      const filtered = await page({ length: -1, order, filters: { maxOffspringCoi: '10' } });
      expect(filtered.recordsFiltered).to.equal(whole.rows.filter((row) => row.offspringCoi! <= 0.1).length).and.equal(whole.rows.length - 3);
      for (const row of filtered.rows) expect(twins).to.not.include(row.petNum);
      const second = await page({ start: 10, length: 10, order, filters: { maxOffspringCoi: '10' } });
      expect(second.rows.map((row) => row.petNum)).to.deep.equal(filtered.rows.slice(10, 20).map((row) => row.petNum));
    }
  });
});
