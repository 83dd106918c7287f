// Issue 14: the offspring COIs the matchmaker works out for a chosen dog are stored, so a restart
// or another process finds them instead of comparing tens of thousands of genotypes again.
import { expect } from 'chai';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser } from '../../support/factories.js';
import { testLab, testWorld } from '../../support/lab.js';
import { queriesDuring } from '../../support/behind-the-app.js';
import type { Db } from '../../../server/db/index.js';
import type { Lab } from '../../../server/lab/lab.js';
import { forgetComputedKinships, offspringKinships, type KinshipCandidate } from '../../../server/breeders/pair-kinship.js';
import { decodeKinships } from '../../../server/breeders/kinship-sets.js';
import { warmMatchmakerDogs } from '../../../server/breeders/matchmaker-queries.js';
import { eventually } from '../../support/behind-the-app.js';
import { forgetKinships, pairUnrelatedTo, testedDog } from './fixtures.js';

describe('stored offspring kinships (issue 14)', function () {
  this.timeout(120_000);
  let db: Db;
  let lab: Lab;
  let dam: { petNum: number; sex: 'f'; genotypeId: number };
  let sires: KinshipCandidate[];

  const currentGenotype = async (petNum: number) => Number((await db('genotypes').where({ pet_num: petNum, is_current: true }).first('id')).id);
  const storedSet = async () => (await db('offspring_kinship_sets').where({ genotype_id: dam.genotypeId, sex: 'f' }).first('pairs'))?.pairs as Uint8Array | undefined;

  before(async () => {
    db = await testDb();
    await resetDatabase(db);
    lab = await testLab(db);
    const owner = await createUser(db, { email: 'sets@kinship.test', isBreeder: true });
    const { simulator } = testWorld();
    const [sire, mother] = simulator.breedingPair('labrador-retriever');
    const [otherSire, otherDam] = pairUnrelatedTo(simulator, 'labrador-retriever', sire, mother);
    const damPet = await testedDog(db, owner.id, simulator.mate(sire, mother, 'f'), 'Daisy');
    dam = { petNum: damPet, sex: 'f', genotypeId: await currentGenotype(damPet) };
    const males = [simulator.mate(sire, mother, 'm'), simulator.mate(otherSire, otherDam, 'm'), simulator.purebred('beagle', 'm')];
    sires = [];
    for (const [i, male] of males.entries()) {
      const petNum = await testedDog(db, owner.id, male, `Sire ${i + 1}`);
      sires.push({ petNum, genotypeId: await currentGenotype(petNum) });
    }
  });

  beforeEach(async () => {
    forgetComputedKinships(lab);
    await db('offspring_kinship_sets').del();
  });

  it('stores each kinship worked out, by the candidate’s genotype', async () => {
    const worked = await offspringKinships(db, lab, dam, sires);
    const stored = decodeKinships((await storedSet())!);
    expect([...stored.keys()].sort()).to.deep.equal(sires.map((sire) => sire.genotypeId).sort());
    for (const sire of sires) expect(stored.get(sire.genotypeId)).to.deep.equal(worked.get(sire.petNum));
    expect(worked.get(sires[0].petNum)!.kinship).to.be.above(0.15); // a full brother
  });

  it('gives the same answers after a restart without reading a genotype, and works out only what is missing', async () => {
    const before = await offspringKinships(db, lab, dam, sires.slice(0, 2));
    forgetComputedKinships(lab); // as a new process would start
    let after!: Map<number, unknown>;
    const queries = await queriesDuring(db, async () => {
      after = await offspringKinships(db, lab, dam, sires.slice(0, 2));
    });
    expect(after).to.deep.equal(before);
    expect(queries.filter((sql) => sql.includes('genotypes'))).to.deep.equal([]);

    forgetComputedKinships(lab);
    const all = await offspringKinships(db, lab, dam, sires);
    expect(all.get(sires[0].petNum)).to.deep.equal(before.get(sires[0].petNum));
    const stored = decodeKinships((await storedSet())!);
    expect(stored.size).to.equal(3);
    expect((await storedSet())!.length).to.equal(3 * 13); // the third appended, the first two not again
  });

  it('answers from what is stored, as a new process would find it', async () => {
    await offspringKinships(db, lab, dam, sires);
    await db.raw("update offspring_kinship_sets set pairs = overlay(pairs placing '\\x3fe0000000000000'::bytea from 6 for 8)"); // the first record's kinship: 0.5
    forgetComputedKinships(lab);
    const found = await offspringKinships(db, lab, dam, sires);
    const first = decodeKinships((await storedSet())!).keys().next().value!;
    const petNum = sires.find((sire) => sire.genotypeId === first)!.petNum;
    expect(found.get(petNum)!.kinship).to.equal(0.5);
  });
});

describe('matchmaker warm-ups ahead of the breeder (issue 14)', function () {
  this.timeout(120_000);

  it('works out, once, every candidate’s COI for each matchmaker breeder’s dog, and for no one else’s', async () => {
    const db = await testDb();
    await resetDatabase(db);
    const lab = await testLab(db);
    await forgetKinships(db, lab);
    const breeder = await createUser(db, { email: 'ahead@kinship.test', isBreeder: true, showMatchMaker: true });
    const other = await createUser(db, { email: 'other@kinship.test', isBreeder: true });
    const { simulator } = testWorld();
    const own = [await testedDog(db, breeder.id, simulator.purebred('boxer', 'm'), 'Max'), await testedDog(db, breeder.id, simulator.purebred('boxer', 'f'), 'Molly')];
    const others = [await testedDog(db, other.id, simulator.purebred('boxer', 'f'), 'Fern'), await testedDog(db, other.id, simulator.purebred('boxer', 'm'), 'Finn')];
    const genotypeOf = async (petNum: number) => Number((await db('genotypes').where({ pet_num: petNum, is_current: true }).first('id')).id);
    const completeSets = async () => (await db('offspring_kinship_sets').where({ complete: true }).pluck('genotype_id')).map(Number).sort();

    expect(await warmMatchmakerDogs(db, lab)).to.equal(2);
    const expected = (await Promise.all(own.map(genotypeOf))).sort();
    await eventually(async () => (await completeSets()).length === 2, 'both dogs warmed');
    expect(await completeSets()).to.deep.equal(expected);
    const [max] = await db('offspring_kinship_sets').where({ genotype_id: await genotypeOf(own[0]) }).select('pairs');
    expect([...decodeKinships(max.pairs).keys()]).to.deep.equal([await genotypeOf(others[0])]); // Molly is his owner's own dog
    expect(await warmMatchmakerDogs(db, lab), 'nothing left to do').to.equal(0);
  });
});
