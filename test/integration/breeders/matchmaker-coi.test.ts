// Issue 14: every matchmaker row shows the offspring COI the pair predictor gives for that pair,
// for dogs on our panel and for dogs typed on real arrays: the kinship the relatives search stored
// for the pair, 0 for dogs it compared and did not list.
import { expect } from 'chai';
import type { Express } from 'express';
import { csrfToken, graphql, signIn, testApp, type Agent } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import { testLab, testWorld } from '../../support/lab.js';
import { REAL_EXPORTS, readExport, realDataPresent } from '../../support/realdata.js';
import type { Db } from '../../../server/db/index.js';
import type { User } from '../../../server/users/queries.js';
import { ingestGenotypeFile } from '../../../server/lab/ingest.js';
import { percent } from '../../../server/breeders/pair-prediction.js';
import { pairUnrelatedTo, testedDog } from './fixtures.js';

const DATA = '/members/breeder-tools/matchmaker-data';
const PAIR = /* GraphQL */ `
  query Pair($sire: Int!, $dam: Int!) {
    pairPredictor(sirePetNum: $sire, damPetNum: $dam) { inbreeding { offspringCoi method } }
  }
`;

interface Row {
  petNum: number;
  name: string;
  offspringCoi: number | null;
  offspringCoiText: string;
  related: boolean;
}

async function rows(agent: Agent, petNum: number, extra: Record<string, unknown> = {}): Promise<Row[]> {
  const token = await csrfToken(agent, '/members/breeder-tools/matchmaker');
  const response = await agent.post(DATA).set('x-csrf-token', token).set('accept', 'application/json').send({ petNum, length: -1, ...extra });
  expect(response.status, response.text.slice(0, 500)).to.equal(200);
  return response.body.data;
}

/** Each row's COI against the pair predictor's for the same pair (the chosen dog as sire when male, else as dam). */
async function expectRowsAgreeWithPairPredictor(agent: Agent, petNum: number, sex: 'm' | 'f', table: Row[]): Promise<void> {
  expect(table).to.not.be.empty;
  for (const row of table) {
    const [sire, dam] = sex === 'm' ? [petNum, row.petNum] : [row.petNum, petNum];
    const { body } = await graphql(agent, PAIR, { sire, dam });
    expect(body.errors, JSON.stringify(body.errors)).to.equal(undefined);
    const { offspringCoi } = body.data.pairPredictor.inbreeding;
    expect(row.offspringCoi, row.name).to.equal(offspringCoi);
    expect(row.offspringCoiText, row.name).to.equal(offspringCoi === null ? 'not tested' : percent(offspringCoi));
  }
}

describe('matchmaker: offspring COI in every row', function () {
  this.timeout(180_000);
  let app: Express;
  let db: Db;
  let breeder: User;
  let agent: Agent;
  const dogs: Record<string, number> = {};

  before(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    breeder = await createUser(db, { email: 'coi@matchmaker.test', isBreeder: true, showMatchMaker: true, breederName: 'COI Kennel' });
    const others = await createUser(db, { email: 'others@coi.test', isBreeder: true });
    const { simulator } = testWorld();
    const [sire, dam] = simulator.breedingPair('labrador-retriever');
    const [otherSire, otherDam] = pairUnrelatedTo(simulator, 'labrador-retriever', sire, dam);
    dogs.rex = await testedDog(db, breeder.id, simulator.mate(sire, dam, 'm'), 'Rex');
    dogs.dam = await testedDog(db, breeder.id, simulator.mate(otherSire, otherDam, 'f'), 'Daisy');
    dogs.sister = await testedDog(db, others.id, simulator.mate(sire, dam, 'f'), 'Sister');
    dogs.halfSister = await testedDog(db, others.id, simulator.mate(sire, otherDam, 'f'), 'Half Sister');
    dogs.stranger = await testedDog(db, others.id, simulator.mate(...pairUnrelatedTo(simulator, 'labrador-retriever', sire, dam, otherSire, otherDam), 'f'), 'Stranger');
    dogs.beagle = await testedDog(db, others.id, simulator.purebred('beagle', 'f'), 'Bea');
    dogs.brother = await testedDog(db, others.id, simulator.mate(otherSire, otherDam, 'm'), 'Brother');
    agent = await signIn(app, breeder.email, TEST_PASSWORD);
  });

  it('shows a number in every row, the pair predictor\u2019s for that pair, for a sire and for a dam', async () => {
    const forRex = await rows(agent, dogs.rex);
    expect(forRex.map((row) => row.name).sort()).to.deep.equal(['Bea', 'Half Sister', 'Sister', 'Stranger']);
    for (const row of forRex) expect(row.offspringCoiText, row.name).to.match(/^\d+(\.\d)?%$/);
    await expectRowsAgreeWithPairPredictor(agent, dogs.rex, 'm', forRex);
    const forDaisy = await rows(agent, dogs.dam);
    expect(forDaisy.map((row) => row.name)).to.deep.equal(['Brother']);
    expect(forDaisy[0].offspringCoi).to.be.within(0.15, 0.35);
    await expectRowsAgreeWithPairPredictor(agent, dogs.dam, 'f', forDaisy);
  });

  it('stores the puppies\u2019 predicted COI with every related pair the lab finds, and shows that figure (issue 35 §2)', async () => {
    const stored = await db('relatives').select('pet_num_a', 'pet_num_b', 'offspring_coi');
    expect(stored.length).to.be.above(0);
    for (const row of stored) expect(Number(row.offspring_coi), `${row.pet_num_a}-${row.pet_num_b}`).to.be.within(0, 1);
    const [a, b] = [dogs.rex, dogs.sister].sort((x, y) => x - y);
    const siblings = stored.find((row) => row.pet_num_a === a && row.pet_num_b === b)!;
    // puppies of two full siblings of outbred parents: a COI of about 1/4
    expect(Number(siblings.offspring_coi)).to.be.within(0.15, 0.35);
    const forRex = await rows(agent, dogs.rex);
    expect(forRex.find((row) => row.name === 'Sister')!.offspringCoi).to.be.closeTo(Number(siblings.offspring_coi), 1e-5);
  });

  it('orders by the offspring COI each row shows, highest or lowest first, ties by pet number', async () => {
    for (const dir of ['desc', 'asc'] as const) {
      const ordered = await rows(agent, dogs.rex, { order: [{ column: 5, dir }] });
      expect(ordered.map((row) => row.name).sort()).to.deep.equal(['Bea', 'Half Sister', 'Sister', 'Stranger']);
      const shown = ordered.map((row) => row.offspringCoi!);
      expect(shown, dir).to.deep.equal([...shown].sort((a, b) => (dir === 'desc' ? b - a : a - b)));
      for (let i = 1; i < ordered.length; i++) if (shown[i] === shown[i - 1]) expect(ordered[i].petNum).to.be.greaterThan(ordered[i - 1].petNum);
    }
    const highest = await rows(agent, dogs.rex, { order: [{ column: 5, dir: 'desc' }] });
    expect(highest.slice(0, 2).map((row) => row.name)).to.deep.equal(['Sister', 'Half Sister']);
    expect(highest[0].offspringCoi!).to.be.greaterThan(highest[1].offspringCoi!);
  });

  it('never lists a candidate whose shown COI is above the filter, and counts the filter exactly, whatever the order', async () => {
    const all = await rows(agent, dogs.rex);
    const coi = new Map(all.map((row) => [row.name, row.offspringCoi!]));
    // a limit between the half sister's COI and the sister's, one at the half sister's exactly, and one below every COI but 0
    const limits = [(coi.get('Sister')! + coi.get('Half Sister')!) / 2, coi.get('Half Sister')!, 0];
    for (const limit of limits) {
      const percentLimit = String(Math.floor(limit * 100 * 10000) / 10000);
      const expected = all.filter((row) => row.offspringCoi! <= Number(percentLimit) / 100).map((row) => row.name).sort();
      for (const order of [[{ column: 5, dir: 'desc' }], [{ column: 5, dir: 'asc' }], [{ column: 0, dir: 'asc' }]]) {
        const token = await csrfToken(agent, '/members/breeder-tools/matchmaker');
        const { body } = await agent.post(DATA).set('x-csrf-token', token).send({ petNum: dogs.rex, length: 10, order, filters: { maxOffspringCoi: percentLimit } }).expect(200);
        expect(body.data.map((row: Row) => row.name).sort(), `${percentLimit}% ${JSON.stringify(order)}`).to.deep.equal(expected);
        expect(body.recordsFiltered).to.equal(expected.length);
        expect(body.recordsTotal).to.equal(all.length);
        for (const row of body.data as Row[]) expect(row.offspringCoi!).to.be.at.most(Number(percentLimit) / 100);
      }
    }
    expect(coi.get('Sister')!).to.be.greaterThan(0.05);
    const lowCoi = await rows(agent, dogs.rex, { filters: { maxOffspringCoi: '5' } });
    expect(lowCoi.map((row) => row.name)).to.include('Bea').and.not.include('Sister');
  });

  it('pages through the COI order consistently: the pages put together are the whole list, totals alike on every page', async () => {
    for (const extra of [{ order: [{ column: 5, dir: 'desc' }] }, { order: [{ column: 5, dir: 'asc' }] }, { order: [{ column: 5, dir: 'desc' }], filters: { maxOffspringCoi: '20' } }]) {
      const whole = (await rows(agent, dogs.rex, extra)).map((row) => row.petNum);
      const paged: number[] = [];
      const totals = new Set<string>();
      for (let start = 0; start < whole.length + 2; start += 2) {
        const token = await csrfToken(agent, '/members/breeder-tools/matchmaker');
        const { body } = await agent.post(DATA).set('x-csrf-token', token).send({ petNum: dogs.rex, start, length: 2, ...extra }).expect(200);
        paged.push(...body.data.map((row: Row) => row.petNum));
        totals.add(`${body.recordsTotal}/${body.recordsFiltered}`);
      }
      expect(paged, JSON.stringify(extra)).to.deep.equal(whole);
      expect([...totals]).to.deep.equal([`4/${whole.length}`]);
    }
  });
});

describe('matchmaker: offspring COI of dogs typed on real arrays', function () {
  this.timeout(600_000);
  if (!realDataPresent()) {
    it.skip('needs the real exports (REALDATA_DIR)');
    return;
  }

  it('shows the pair predictor\u2019s COI, 0 for these unrelated dogs (the relatives search lists no relation), from either side', async () => {
    const db = await testDb();
    await resetDatabase(db);
    const app = await testApp();
    const lab = await testLab(db);
    const dukeOwner = await createUser(db, { email: 'duke@coi.test', isBreeder: true, showMatchMaker: true });
    const aspenOwner = await createUser(db, { email: 'aspen@coi.test', isBreeder: true, showMatchMaker: true });
    const coralieOwner = await createUser(db, { email: 'coralie@coi.test' });
    const owners: Record<string, User> = { Duke: dukeOwner, Aspen: aspenOwner, Coralie: coralieOwner };
    const petNums: Record<string, number> = {};
    for (const dog of REAL_EXPORTS) {
      await ingestGenotypeFile(db, lab, { fileName: `${dog.name}.tped`, plink: readExport(dog), swabCode: dog.swabCode }, { newDog: { ownerEmail: owners[dog.name].email, dogName: dog.name } });
      petNums[dog.name] = (await db('swabs').where({ swab_code: dog.swabCode }).first('pet_num')).pet_num;
    }
    await db('pets').whereIn('pet_num', Object.values(petNums)).update({ privacy: 'public' });
    const duke = await signIn(app, dukeOwner.email, TEST_PASSWORD);
    const forDuke = await rows(duke, petNums.Duke);
    expect(forDuke.map((row) => row.name).sort()).to.deep.equal(['Aspen', 'Coralie']);
    for (const row of forDuke) {
      expect(row.related, row.name).to.equal(false);
      expect(row.offspringCoi, row.name).to.equal(0);
    }
    await expectRowsAgreeWithPairPredictor(duke, petNums.Duke, 'm', forDuke);
    // the COI filter reads the same numbers: a 0% limit keeps both
    const filtered = await rows(duke, petNums.Duke, { filters: { maxOffspringCoi: '0' }, order: [{ column: 5, dir: 'desc' }] });
    expect(filtered.map((row) => row.name).sort()).to.deep.equal(['Aspen', 'Coralie']);
    const aspen = await signIn(app, aspenOwner.email, TEST_PASSWORD);
    const forAspen = await rows(aspen, petNums.Aspen);
    expect(forAspen.map((row) => row.name)).to.deep.equal(['Duke']);
    await expectRowsAgreeWithPairPredictor(aspen, petNums.Aspen, 'f', forAspen);
  });
});
