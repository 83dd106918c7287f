import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { csrfToken, signIn, testApp, type Agent } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createPet, createUser, TEST_PASSWORD } from '../../support/factories.js';
import { testWorld } from '../../support/lab.js';
import type { Db } from '../../../server/db/index.js';
import type { User } from '../../../server/users/queries.js';
import { INVALID_ARGUMENTS, NOT_AUTHORIZED } from '../../../server/shared/messages.js';
import { MATCHMAKER_ALL_ROWS } from '../../../server/shared/matchmaker-rules.js';
import { pairUnrelatedTo, testedDog } from './fixtures.js';
import { MATCHMAKER_AGE_RANGE_REVERSED } from '../../../server/shared/breeders-messages.js';

const DATA = '/members/breeder-tools/matchmaker-data';
const PAGE = '/members/breeder-tools/matchmaker';

async function live(db: Db, petNum: number, lng: number, lat: number): Promise<void> {
  await db('locations').insert({ pet_num: petNum, location_type: 'live', formatted_address: `${lat}, ${lng}`, lng_lat: [lng, lat] });
}

describe('matchmaker: page and POST /members/breeder-tools/matchmaker-data', function () {
  this.timeout(180_000);
  let app: Express;
  let db: Db;
  let breeder: User;
  let noMatchmaker: User;
  let agent: Agent;
  let token: string;
  const dogs: Record<string, number> = {};

  before(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    breeder = await createUser(db, { email: 'kennel@matchmaker.test', isBreeder: true, showMatchMaker: true, breederName: 'Match Kennel' });
    noMatchmaker = await createUser(db, { email: 'plain@matchmaker.test', isBreeder: true });
    const others = await createUser(db, { email: 'others@matchmaker.test', isBreeder: true });
    const { simulator } = testWorld();
    const [sire, dam] = simulator.breedingPair('labrador-retriever');
    const [bSire, bDam] = simulator.breedingPair('beagle');
    const lab = (sex: 'm' | 'f') => simulator.mate(sire, dam, sex);
    const stranger = (sex: 'm' | 'f') => simulator.mate(...pairUnrelatedTo(simulator, 'labrador-retriever', sire, dam), sex);
    // the breeder's male in Ithaca, NY
    dogs.rex = await testedDog(db, breeder.id, lab('m'), 'Rex', { date_of_birth: '2021-01-01' });
    await live(db, dogs.rex, -76.5, 42.44);
    dogs.sister = await testedDog(db, others.id, lab('f'), 'Sister', { date_of_birth: '2021-03-01', prefix_titles: ['CH'] });
    await live(db, dogs.sister, -76.2, 43.05); // Syracuse, ~50 mi
    dogs.far = await testedDog(db, others.id, stranger('f'), 'Faraway', { date_of_birth: '2015-05-01', privacy: 'public-private' });
    await live(db, dogs.far, -118.24, 34.05); // Los Angeles
    dogs.beagle = await testedDog(db, others.id, simulator.mate(bSire, bDam, 'f'), 'Bea', { date_of_birth: '2024-02-01', suffix_titles: ['RN'] });
    dogs.noLocation = await testedDog(db, others.id, stranger('f'), 'Nowhere');
    // never candidates
    dogs.private = await testedDog(db, others.id, stranger('f'), 'Private', { privacy: 'private' });
    dogs.excluded = await testedDog(db, others.id, stranger('f'), 'Excluded', { exclude_from_matchmaker: true });
    dogs.hidden = await testedDog(db, others.id, stranger('f'), 'Hidden', { is_hidden: true });
    dogs.deleted = await testedDog(db, others.id, stranger('f'), 'Deleted');
    await db('pets').where({ pet_num: dogs.deleted }).update({ deleted_at: new Date() });
    dogs.held = await testedDog(db, others.id, stranger('f'), 'Held');
    await db('genotypes').where({ pet_num: dogs.held }).update({ lab_review_hold: true, lab_review_reason: 'sex mismatch' });
    dogs.untested = await createPet(db, others.id, { name: 'Untested', sex: 'f' });
    dogs.male = await testedDog(db, others.id, stranger('m'), 'Brother');
    dogs.othersMale = await testedDog(db, others.id, stranger('m'), 'Others Male');
    dogs.ownGirl = await testedDog(db, breeder.id, stranger('f'), 'Own Girl'); // the breeder's own: never a candidate
    agent = await signIn(app, breeder.email, TEST_PASSWORD);
    token = await csrfToken(agent, PAGE);
  });

  const post = (body: Record<string, unknown>, as: Agent = agent, csrf = token) => as.post(DATA).set('x-csrf-token', csrf).set('accept', 'application/json').send(body);
  const names = (body: { data: { name: string }[] }) => body.data.map((row) => row.name);

  it('answers the DataTables protocol: draw echoed, totals, a page of opposite-sex candidates, lowest offspring COI last for the sister', async () => {
    const { body } = await post({ petNum: dogs.rex, draw: 3, start: 0, length: 10, search: { value: '' }, order: [{ column: 5, dir: 'asc' }] }).expect(200);
    expect(body.draw).to.equal(3);
    expect(body.recordsTotal).to.equal(4);
    expect(body.recordsFiltered).to.equal(4);
    expect(names(body).sort()).to.deep.equal(['Bea', 'Faraway', 'Nowhere', 'Sister']);
    const sister = body.data.find((row: { name: string }) => row.name === 'Sister');
    expect(sister.offspringCoi).to.be.within(0.15, 0.35);
    expect(sister.offspringCoiText).to.match(/^\d+(\.\d)?%$/);
    expect(names(body)[3]).to.equal('Sister'); // highest COI sorts last
    expect(sister.pairHref).to.equal(`/breeders/pair-predictor?sire=${dogs.rex}&dam=${dogs.sister}`);
    expect(sister.profileHref).to.equal(`/dog/${(await db('pets').where({ pet_num: dogs.sister }).first('handle')).handle}`);
    expect(sister.distanceMiles).to.be.within(30, 70);
    expect(sister.titles).to.equal('CH');
    expect(sister.breed).to.equal('Labrador Retriever');
  });

  it('never offers private, excluded, hidden, deleted, held or untested dogs, dogs of the same sex or the breeder\u2019s own', async () => {
    const { body } = await post({ petNum: dogs.rex, draw: 1, start: 0, length: -1 });
    for (const name of ['Private', 'Excluded', 'Hidden', 'Deleted', 'Held', 'Untested', 'Brother', 'Others Male', 'Rex', 'Own Girl']) expect(names(body)).to.not.include(name);
    expect(names((await post({ petNum: dogs.ownGirl, length: -1 })).body).sort()).to.deep.equal(['Brother', 'Others Male']);
  });

  it('filters by distance, offspring COI, age, title and breed', async () => {
    const filtered = async (filters: Record<string, unknown>) => names((await post({ petNum: dogs.rex, draw: 1, start: 0, length: 10, filters })).body).sort();
    expect(await filtered({ maxDistanceMiles: '100' })).to.deep.equal(['Sister']);
    expect(await filtered({ maxDistanceMiles: 5000 })).to.deep.equal(['Faraway', 'Sister']);
    // a dog without a live location is never within any distance, however far
    expect(await filtered({ maxDistanceMiles: 15000 })).to.deep.equal(['Faraway', 'Sister']);
    expect(await filtered({ maxDistanceMiles: 25000 })).to.deep.equal(['Faraway', 'Sister']);
    expect(await filtered({ maxOffspringCoi: '10' })).to.deep.equal(['Bea', 'Faraway', 'Nowhere']);
    expect(await filtered({ minAgeYears: '8' })).to.deep.equal(['Faraway']);
    expect(await filtered({ maxAgeYears: '3' })).to.deep.equal(['Bea']);
    expect(await filtered({ minAgeYears: 3, maxAgeYears: 6 })).to.deep.equal(['Sister']);
    expect(await filtered({ title: 'ch' })).to.deep.equal(['Sister']);
    expect(await filtered({ title: 'RN' })).to.deep.equal(['Bea']);
    expect(await filtered({ breed: 'beagle' })).to.deep.equal(['Bea']);
    const { body } = await post({ petNum: dogs.rex, draw: 1, start: 0, length: 10, filters: { breed: 'beagle' } });
    expect([body.recordsTotal, body.recordsFiltered]).to.deep.equal([4, 1]);
  });

  it('counts every candidate in the total of a filtered page, and follows a change at once', async () => {
    const totals = async () => {
      const { body } = await post({ petNum: dogs.rex, length: 10, filters: { breed: 'beagle' } }).expect(200);
      return [body.recordsTotal, body.recordsFiltered];
    };
    expect(await totals()).to.deep.equal([4, 1]);
    expect(await totals()).to.deep.equal([4, 1]);
    await db('pets').where({ pet_num: dogs.far }).update({ exclude_from_matchmaker: true });
    try {
      expect(await totals()).to.deep.equal([3, 1]);
    } finally {
      await db('pets').where({ pet_num: dogs.far }).update({ exclude_from_matchmaker: false });
    }
    expect(await totals()).to.deep.equal([4, 1]);
  });

  it('searches names and breeds and orders by any orderable column', async () => {
    expect(names((await post({ petNum: dogs.rex, search: { value: 'faR' } })).body)).to.deep.equal(['Faraway']);
    expect(names((await post({ petNum: dogs.rex, search: { value: '%' } })).body)).to.deep.equal([]);
    expect(names((await post({ petNum: dogs.rex, search: { value: 'BEAG' } })).body), 'the main breed').to.deep.equal(['Bea']);
    const { handle } = await db('pets').where({ pet_num: dogs.noLocation }).first('handle');
    expect(names((await post({ petNum: dogs.rex, search: { value: handle } })).body), 'the handle').to.deep.equal(['Nowhere']);
    expect(names((await post({ petNum: dogs.rex, order: [{ column: 0, dir: 'desc' }] })).body)).to.deep.equal(['Sister', 'Nowhere', 'Faraway', 'Bea']);
    expect(names((await post({ petNum: dogs.rex, order: [{ column: 2, dir: 'asc' }] })).body)).to.deep.equal(['Bea', 'Sister', 'Faraway', 'Nowhere']);
    // no location sorts last, then by pet number
    expect(names((await post({ petNum: dogs.rex, order: [{ column: 4, dir: 'asc' }] })).body)).to.deep.equal(['Sister', 'Faraway', 'Bea', 'Nowhere']);
  });

  it('shows no distance for a candidate without a live location and sorts it last, farthest first too', async () => {
    const farthestFirst = (await post({ petNum: dogs.rex, order: [{ column: 4, dir: 'desc' }] })).body;
    expect(names(farthestFirst)).to.deep.equal(['Faraway', 'Sister', 'Bea', 'Nowhere']);
    const distances = Object.fromEntries(farthestFirst.data.map((row: { name: string; distanceMiles: number | null }) => [row.name, row.distanceMiles]));
    expect(distances.Bea).to.equal(null);
    expect(distances.Nowhere).to.equal(null);
    expect(distances.Faraway).to.be.within(2000, 2500);
    const page = await agent.get(`${PAGE}?i=${dogs.rex}`).expect(200);
    expect(page.text).to.not.match(/\b12437 mi\b/);
    const nowhereRow = page.text.slice(page.text.indexOf('>Nowhere<'));
    expect(nowhereRow.slice(0, nowhereRow.indexOf('</tr>'))).to.contain('<td data-label="Distance">—</td>');
  });

  it('reads the form fields DataTables posts by default', async () => {
    const { body } = await agent
      .post(DATA)
      .type('form')
      .set('accept', 'application/json')
      .send({ _csrf: token, petNum: String(dogs.rex), draw: '7', start: '0', length: '2', 'search[value]': '', 'order[0][column]': '0', 'order[0][dir]': 'asc' })
      .expect(200);
    expect(body.draw).to.equal(7);
    expect(names(body)).to.deep.equal(['Bea', 'Faraway']);
    expect(body.recordsFiltered).to.equal(4);
  });

  it('clamps out-of-range DataTables parameters instead of failing', async () => {
    const cases: [Record<string, unknown>, (body: { draw: number; data: unknown[]; recordsFiltered: number }) => void][] = [
      [{ start: -5, length: 2 }, (b) => expect(b.data).to.have.length(2)],
      [{ start: 'abc', length: 'x' }, (b) => expect(b.data).to.have.length(4)],
      [{ length: 1e9 }, (b) => expect(b.data).to.have.length(4)],
      [{ length: -1 }, (b) => expect(b.data).to.have.length(4)],
      [{ length: 0 }, (b) => expect(b.data).to.have.length(4)],
      [{ start: 99999999999, length: 10 }, (b) => expect([b.data.length, b.recordsFiltered]).to.deep.equal([0, 4])],
      [{ start: 2, length: 10 }, (b) => expect(b.data).to.have.length(2)],
      [{ order: [{ column: 99, dir: 'sideways' }] }, (b) => expect(b.data).to.have.length(4)],
      [{ order: [{ column: 6, dir: 'asc' }] }, (b) => expect(b.data).to.have.length(4)],
      [{ order: 'name; drop table pets' }, (b) => expect(b.data).to.have.length(4)],
      [{ draw: -4 }, (b) => expect(b.draw).to.equal(0)],
      [{ draw: 'x' }, (b) => expect(b.draw).to.equal(0)],
      [{ filters: { maxOffspringCoi: 'lots', minAgeYears: 'old', title: 123, breed: '../x' } }, (b) => expect(b.data).to.have.length(4)],
      [{ filters: { maxDistanceMiles: -3 } }, (b) => expect(b.data).to.have.length(0)],
      [{ filters: { minAgeYears: 99 } }, (b) => expect(b.data).to.have.length(0)],
      [{ filters: 'everything' }, (b) => expect(b.data).to.have.length(4)],
    ];
    for (const [params, check] of cases) {
      const response = await post({ petNum: dogs.rex, ...params });
      expect(response.status, JSON.stringify(params)).to.equal(200);
      check(response.body);
    }
    expect(MATCHMAKER_ALL_ROWS).to.be.at.least(100);
  });

  it("says 'Age from' above 'Age to' is a mistake instead of reading the range the other way round (issue 36 §25)", async () => {
    const response = await post({ petNum: dogs.rex, filters: { minAgeYears: 9, maxAgeYears: 2 } });
    expect(response.status).to.equal(400);
    expect(response.body).to.deep.equal({ error: MATCHMAKER_AGE_RANGE_REVERSED });
    const page = await agent.get(`/members/breeder-tools/matchmaker?i=${dogs.rex}&minAgeYears=9&maxAgeYears=2`).expect(400);
    expect(page.text).to.include('role="alert" data-matchmaker-problem>&#39;Age from&#39; must not be more than &#39;Age to&#39;.</p>');
    expect(page.text).to.not.include('data-widget="matchmaker"');
    expect((await post({ petNum: dogs.rex, filters: { minAgeYears: 3, maxAgeYears: 3 } })).status).to.equal(200);
  });

  it('offers a purebred its own breed by default, never a spayed dog, and wolves only when asked (issue 36 §25, issue 35 §3)', async () => {
    const { simulator } = testWorld();
    const [wSire, wDam] = simulator.breedingPair('gray-wolf');
    const rexBreedType = (await db('pets').where({ pet_num: dogs.rex }).first('breed_type')).breed_type;
    const wolf = await testedDog(db, (await db('users').where({ email: 'others@matchmaker.test' }).first('id')).id, simulator.mate(wSire, wDam, 'f'), 'Luna');
    try {
      expect((await db('breed_mix_rows').join('breeds', 'breeds.id', 'breed_mix_rows.breed_id').where({ pet_num: wolf, slug: 'gray-wolf' }).first('pct')).pct).to.satisfy((pct: string) => Number(pct) >= 10);
      const all = async (filters: Record<string, unknown>) => names((await post({ petNum: dogs.rex, length: -1, filters })).body);
      expect(await all({})).to.not.include('Luna');
      expect(await all({ includeWolves: true })).to.include('Luna');
      expect(await all({ breed: 'gray-wolf' })).to.deep.equal(['Luna']);

      await db('pets').where({ pet_num: dogs.sister }).update({ intact: 'f' });
      expect(await all({})).to.not.include('Sister');
      await db('pets').where({ pet_num: dogs.sister }).update({ intact: 'i' });
      expect(await all({})).to.include('Sister');

      // Rex is a purebred Labrador: with no breed named, the page offers Labradors; 'Any breed' offers all
      await db('pets').where({ pet_num: dogs.rex }).update({ breed_type: 'purebred' });
      const page = (await agent.get(`${PAGE}?i=${dogs.rex}&length=100`).expect(200)).text;
      expect(page).to.include('<option value="labrador-retriever" selected>');
      expect(page).to.not.include('>Bea<');
      expect(await all({})).to.not.include('Bea');
      expect(await all({ breed: '' })).to.include('Bea'); // the table's calls send the form's choice: '' is any breed
      const anyBreed = (await agent.get(`${PAGE}?i=${dogs.rex}&breed=&length=100`).expect(200)).text;
      expect(anyBreed).to.include('>Bea<').and.include('<option value="" selected>Any breed</option>');
      expect((await post({ petNum: dogs.rex, length: -1 })).body.data.map((row: { breed: string }) => row.breed)).to.satisfy((breeds: string[]) => breeds.every((breed) => breed === 'Labrador Retriever'));
    } finally {
      await db('pets').where({ pet_num: dogs.rex }).update({ breed_type: rexBreedType });
      await db('pets').where({ pet_num: wolf }).update({ deleted_at: new Date() });
    }
  });

  it('refuses a dog that is not the user\u2019s, bad pet numbers, users without showMatchMaker and signed-out callers', async () => {
    expect((await post({ petNum: dogs.sister })).status).to.equal(403);
    expect((await post({ petNum: dogs.sister })).body).to.deep.equal({ error: NOT_AUTHORIZED });
    for (const petNum of [undefined, -1, 'abc', 2147483648, { a: 1 }]) {
      const response = await post({ petNum });
      expect(response.status, String(petNum)).to.equal(400);
      expect(response.body).to.deep.equal({ error: INVALID_ARGUMENTS });
    }
    const plain = await signIn(app, noMatchmaker.email, TEST_PASSWORD);
    expect((await post({ petNum: dogs.rex }, plain, await csrfToken(plain, '/help'))).status).to.equal(403);
    expect((await plain.get(PAGE)).status).to.equal(403);
    expect((await request(app).post(DATA).set('accept', 'application/json').send({ petNum: dogs.rex })).status).to.be.oneOf([401, 403]);
    expect((await request(app).get(PAGE)).status).to.equal(302);
  });

  it('renders the first page on the server with the chosen dog, filters and a link to each pair prediction', async () => {
    const page = await agent.get(`${PAGE}?i=${dogs.rex}&maxDistanceMiles=100`).expect(200);
    expect(page.text).to.contain('data-widget="matchmaker"');
    expect(page.text).to.contain(`href="/breeders/pair-predictor?sire=${dogs.rex}&amp;dam=${dogs.sister}"`);
    expect(page.text).to.contain('1 of 4 candidates');
    expect(page.text).to.not.contain('>Faraway<');
    expect((await agent.get(`${PAGE}?i=${dogs.sister}`)).status).to.equal(403);
    expect((await agent.get(`${PAGE}?i=abc`)).status).to.equal(400);
    expect((await agent.get(PAGE)).text).to.contain('data-widget="matchmaker"');
  });
  it('sorts with the "Sort by" select of the page (phones, and without scripts), keeping the order on the next page', async () => {
    const page = (await agent.get(`${PAGE}?i=${dogs.rex}&sort=coi-desc&length=2`).expect(200)).text;
    expect(page).to.match(/<label for="mm-sort">Sort by<\/label>\s*<select class="select" id="mm-sort" name="sort" form="mm-filters"/);
    expect(page).to.contain('<option value="coi-desc" selected>Offspring COI, highest first</option>');
    // the sister (a full sibling of Rex) has by far the highest offspring COI
    expect(page.indexOf('>Sister<')).to.be.within(0, page.indexOf('data-candidate=', page.indexOf('data-candidate=') + 1));
    const farthest = (await agent.get(`${PAGE}?i=${dogs.rex}&sort=distance-desc`).expect(200)).text;
    const order = [...farthest.matchAll(/<tr data-candidate="\d+">\s*<td><a [^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(order).to.deep.equal(['Faraway', 'Sister', 'Bea', 'Nowhere']);
    expect(farthest).to.contain('<option value="distance-desc" selected>');
    const first = (await agent.get(`${PAGE}?i=${dogs.rex}&sort=name-desc&length=2`).expect(200)).text;
    expect(first).to.match(/href="[^"]*sort=name-desc[^"]*start=[1-9][^"]*">Next</);
    // DataTables' own order wins over the field; an unknown choice is the default
    expect(names((await post({ petNum: dogs.rex, sort: 'name-desc', order: [{ column: 0, dir: 'asc' }] })).body)).to.deep.equal(['Bea', 'Faraway', 'Nowhere', 'Sister']);
    expect((await agent.get(`${PAGE}?i=${dogs.rex}&sort=bogus`).expect(200)).text).to.contain('<option value="coi-asc" selected>');
  });
});
