// Issue 14: the matchmaker's COI order and filter read the offspring COI each row shows, over a
// population too large for one batch of genotypes (the benchmark's, a few hundred dogs), with a
// few candidates that are the chosen dog's identical twins (the highest COI there is).
import { expect } from 'chai';
import { resetDatabase, testDb } from '../../support/database.js';
import { testLab } from '../../support/lab.js';
import type { Db } from '../../../server/db/index.js';
import type { Lab } from '../../../server/lab/lab.js';
import { storePopulation } from '../../../bench/matchmaker.js';
import { matchmakerCandidates, ownMatchmakerDog, warmMatchmaker, type CandidateRow } from '../../../server/breeders/matchmaker-queries.js';
import { parseMatchmakerRequest } from '../../../server/breeders/matchmaker-rules.js';
import { forgetKinships } from './fixtures.js';
import { decodeKinships } from '../../../server/breeders/kinship-sets.js';
import { startKinshipThreads, stopKinshipThreads } from '../../../server/breeders/kinship-threads.js';

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
    const own = await db('genotypes').where({ pet_num: petNum }).first('calls');
    await db('genotypes').whereIn('pet_num', twins).update({ calls: own.calls });
  });

  const page = async (input: Record<string, unknown>) => {
    const dog = (await ownMatchmakerDog(db, userId, petNum))!;
    return matchmakerCandidates(db, lab, dog, parseMatchmakerRequest(input));
  };
  const coiOrder = (dir: 'asc' | 'desc') => [{ column: 5, dir }];

  it('lists every candidate by COI, twins last when lowest first and first when highest first', async () => {
    await forgetKinships(db, lab);
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

  it('gives each page of the lowest COI exactly its slice of the whole list, computed afresh or not', async () => {
    const whole = await page({ length: -1, order: coiOrder('asc') });
    const petNums = (rows: CandidateRow[]) => rows.map((row) => row.petNum);
    for (const [start, length] of [[0, 10], [10, 10], [0, 5], [45, 25], [whole.rows.length - 5, 10], [whole.rows.length + 10, 10]]) {
      for (const fresh of [true, false]) {
        if (fresh) await forgetKinships(db, lab);
        const part = await page({ start, length, order: coiOrder('asc') });
        expect(petNums(part.rows), `${start}+${length}`).to.deep.equal(petNums(whole.rows.slice(start, start + length)));
        expect(part.rows.map((row) => row.offspringCoi)).to.deep.equal(whole.rows.slice(start, start + length).map((row) => row.offspringCoi));
        expect([part.recordsTotal, part.recordsFiltered]).to.deep.equal([whole.recordsTotal, whole.recordsFiltered]);
      }
    }
  });

  it('filters by the shown COI under any order and counts what is left', async () => {
    await forgetKinships(db, lab);
    const whole = await page({ length: -1, order: coiOrder('asc') });
    for (const order of [coiOrder('asc'), coiOrder('desc'), [{ column: 0, dir: 'asc' }], [{ column: 4, dir: 'desc' }]]) {
      const filtered = await page({ length: -1, order, filters: { maxOffspringCoi: '10' } });
      expect(filtered.recordsFiltered).to.equal(whole.rows.filter((row) => row.offspringCoi! <= 0.1).length).and.equal(whole.rows.length - 3);
      for (const row of filtered.rows) expect(twins).to.not.include(row.petNum);
      const second = await page({ start: 10, length: 10, order, filters: { maxOffspringCoi: '10' } });
      expect(second.rows.map((row) => row.petNum)).to.deep.equal(filtered.rows.slice(10, 20).map((row) => row.petNum));
    }
  });

  it('works out every candidate\u2019s COI in the background when asked (the page does), and a COI order waits for it instead of repeating it', async () => {
    const dog = (await ownMatchmakerDog(db, userId, petNum))!;
    await forgetKinships(db, lab);
    const expected = (await page({ length: -1, order: coiOrder('desc') })).rows.map((row) => [row.petNum, row.offspringCoi]);
    await forgetKinships(db, lab);
    const reads: string[] = [];
    const listen = (query: { sql: string }) => {
      if (/from "genotypes" where "id" in/.test(query.sql)) reads.push(query.sql);
    };
    db.on('query', listen);
    try {
      const warming = warmMatchmaker(db, lab, dog);
      expect(warming).to.not.equal(null);
      expect(warmMatchmaker(db, lab, dog), 'one warm-up at a time').to.equal(null);
      // asked while the warm-up runs: the same rows, and no genotype read beyond the warm-up's own
      const during = await page({ length: -1, order: coiOrder('desc') });
      await warming;
      const readByWarmUp = reads.length;
      expect(readByWarmUp).to.be.above(0);
      expect(during.rows.map((row) => [row.petNum, row.offspringCoi])).to.deep.equal(expected);
      const after = await page({ length: 10, order: coiOrder('desc'), filters: { maxOffspringCoi: '10' } });
      expect(reads.length, 'nothing left to read').to.equal(readByWarmUp);
      expect(after.rows.map((row) => row.petNum)).to.deep.equal(expected.filter(([, coi]) => (coi as number) <= 0.1).slice(0, 10).map(([num]) => num));
    } finally {
      db.off('query', listen);
    }
  });

  it('gives the same rows and stores the same COIs when the kinship threads compare the batches', async () => {
    const dog = (await ownMatchmakerDog(db, userId, petNum))!;
    const storedSet = async () => (await db('offspring_kinship_sets').where({ genotype_id: dog.genotypeId }).first('pairs'))?.pairs as Uint8Array;
    await forgetKinships(db, lab);
    const onEventLoop = await page({ length: -1, order: coiOrder('desc') });
    await forgetKinships(db, lab);
    await warmMatchmaker(db, lab, dog);
    const warmedOnEventLoop = decodeKinships(await storedSet());
    const threads = await startKinshipThreads(lab.options, 2);
    try {
      const compared: number[] = [];
      const compare = threads.compare.bind(threads);
      threads.compare = (...args) => {
        compared.push(args[2].length);
        return compare(...args);
      };
      await forgetKinships(db, lab);
      const onThreads = await page({ length: -1, order: coiOrder('desc') });
      expect(onThreads).to.deep.equal(onEventLoop);
      await forgetKinships(db, lab);
      await warmMatchmaker(db, lab, dog);
      expect(new Map([...decodeKinships(await storedSet())].sort(([a], [b]) => a - b))).to.deep.equal(new Map([...warmedOnEventLoop].sort(([a], [b]) => a - b)));
      // the population is a first batch of 64 and one of 256: the second went to the threads, each time
      expect(compared.length).to.equal(2);
      expect(compared.every((count) => count > 128)).to.equal(true);
    } finally {
      await stopKinshipThreads(lab.options);
    }
  });
});
