import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { graphql, signIn, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createPet, createUser, TEST_PASSWORD } from '../../support/factories.js';
import { testWorld } from '../../support/lab.js';
import type { Db } from '../../../server/db/index.js';
import type { User } from '../../../server/users/queries.js';
import { HEALTH_CONDITIONS } from '../../../server/genetics/catalogue/health-conditions.js';
import { INVALID_ARGUMENTS, NOT_AUTHORIZED, PLEASE_LOG_IN } from '../../../server/shared/messages.js';
import { PAIR_DAM_NOT_FEMALE, PAIR_NO_RESULTS, PAIR_SAME_DOG, PAIR_SIRE_NOT_MALE } from '../../../server/shared/breeders-messages.js';
import { pairUnrelatedTo, testedDog } from './fixtures.js';
import { traitLocusSlug } from '../../../server/catalogue/sync.js';

const PAIR = /* GraphQL */ `
  query Pair($sire: Int!, $dam: Int!, $healthId: String) {
    pairPredictor(sirePetNum: $sire, damPetNum: $dam, healthId: $healthId) {
      sire { petNum name sex coi resultsShared }
      dam { petNum name sex coi resultsShared }
      inbreeding { offspringCoi method explanation }
      healthPredictions { healthId name inheritance sireResult damResult clear carrier atRisk explanation }
      coatColorPredictions { colors { outcome probability } lociNotTested explanation }
      traitPredictions { locusId sireGenotype damGenotype genotypes { genotype outcome probability } explanation }
    }
  }
`;

describe('pairPredictor(sirePetNum, damPetNum, healthId)', function () {
  this.timeout(120_000);
  let app: Express;
  let db: Db;
  let breeder: User;
  let other: User;
  const dogs: Record<string, number> = {};

  before(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    breeder = await createUser(db, { email: 'kennel@pair.test', isBreeder: true, showMatchMaker: true, breederName: 'Pair Kennel' });
    other = await createUser(db, { email: 'other@pair.test', isBreeder: true });
    const { simulator } = testWorld();
    const [sire, dam] = simulator.breedingPair('golden-retriever');
    const brother = simulator.mate(sire, dam, 'm');
    const sister = simulator.mate(sire, dam, 'f');
    const [otherSire, otherDam] = pairUnrelatedTo(simulator, 'golden-retriever', sire, dam);
    dogs.brother = await testedDog(db, breeder.id, brother, 'Brother');
    dogs.sister = await testedDog(db, breeder.id, sister, 'Sister');
    dogs.stranger = await testedDog(db, other.id, simulator.mate(otherSire, otherDam, 'f'), 'Stranger');
    dogs.strangerMale = await testedDog(db, other.id, simulator.mate(otherSire, otherDam, 'm'), 'Stranger Male');
    dogs.privateDam = await testedDog(db, other.id, simulator.mate(otherSire, otherDam, 'f'), 'Secret', { privacy: 'private' });
    dogs.excludedDam = await testedDog(db, other.id, simulator.mate(otherSire, otherDam, 'f'), 'Excluded', { exclude_from_matchmaker: true });
    dogs.untested = await createPet(db, breeder.id, { name: 'Untested', sex: 'f' });
  });

  const ask = async (user: User, variables: Record<string, unknown>) => graphql(await signIn(app, user.email, TEST_PASSWORD), PAIR, variables);

  it('predicts full siblings\u2019 pups from both genotypes: COI near 25%, every condition and trait explained', async () => {
    const { body } = await ask(breeder, { sire: dogs.brother, dam: dogs.sister });
    expect(body.errors).to.equal(undefined);
    const p = body.data.pairPredictor;
    expect(p.sire).to.include({ petNum: dogs.brother, name: 'Brother', sex: 'm', resultsShared: true });
    expect(p.dam).to.include({ petNum: dogs.sister, name: 'Sister', sex: 'f', resultsShared: true });
    expect(p.sire.coi).to.be.a('number');
    expect(p.inbreeding.method).to.equal('shared segments');
    expect(p.inbreeding.offspringCoi).to.be.within(0.15, 0.35);
    expect(p.inbreeding.explanation).to.match(/coefficient of inbreeding \(COI\) of \d+(\.\d)?%/);
    expect(p.healthPredictions).to.have.length(HEALTH_CONDITIONS.length);
    for (const h of p.healthPredictions) {
      expect(h.clear + h.carrier + h.atRisk).to.be.closeTo(1, 1e-9);
      expect(h.explanation).to.be.a('string').and.not.equal('');
    }
    const colourTotal = p.coatColorPredictions.colors.reduce((sum: number, c: { probability: number }) => sum + c.probability, 0);
    expect(colourTotal).to.be.closeTo(1, 1e-9);
    const e = p.traitPredictions.find((t: { locusId: string }) => t.locusId === 'E');
    expect(e.genotypes.reduce((sum: number, g: { probability: number }) => sum + g.probability, 0)).to.be.closeTo(1, 1e-9);
  });

  it('labels genotypes as the dogs\u2019 trait results do, in the lab\u2019s notation (KBky, never KB/ky)', async () => {
    const { body } = await ask(breeder, { sire: dogs.brother, dam: dogs.sister });
    const stored = await db('trait_results').join('trait_loci', 'trait_loci.id', 'trait_results.trait_locus_id').whereIn('pet_num', [dogs.brother, dogs.sister]).where({ is_tested: true }).select('pet_num as petNum', 'trait_loci.slug', 'genotype');
    const onResults = (petNum: number, locusId: string) => stored.find((row) => row.petNum === petNum && row.slug === traitLocusSlug(locusId))?.genotype;
    let compared = 0;
    for (const t of body.data.pairPredictor.traitPredictions) {
      if (t.sireGenotype !== 'not tested') {
        expect(t.sireGenotype, t.locusId).to.equal(onResults(dogs.brother, t.locusId));
        compared++;
      }
      if (t.damGenotype !== 'not tested') expect(t.damGenotype, t.locusId).to.equal(onResults(dogs.sister, t.locusId));
      for (const text of [...t.genotypes.map((g: { genotype: string }) => g.genotype), t.explanation]) expect(text, t.locusId).to.not.contain('/');
    }
    expect(compared).to.be.above(10);
  });

  it('narrows the health predictions to healthId, and refuses an unknown one', async () => {
    const id = HEALTH_CONDITIONS[3].id;
    const { body } = await ask(breeder, { sire: dogs.brother, dam: dogs.sister, healthId: id });
    expect(body.data.pairPredictor.healthPredictions.map((h: { healthId: string }) => h.healthId)).to.deep.equal([id]);
    const unknown = await ask(breeder, { sire: dogs.brother, dam: dogs.sister, healthId: 'no-such-condition' });
    expect(unknown.body.errors[0].message).to.equal(INVALID_ARGUMENTS);
  });

  it('pairs the breeder\u2019s sire with a dam the matchmaker offers, with the lower COI of unrelated dogs', async () => {
    const { body } = await ask(breeder, { sire: dogs.brother, dam: dogs.stranger });
    expect(body.errors).to.equal(undefined);
    expect(body.data.pairPredictor.inbreeding.offspringCoi).to.be.below(0.05);
  });

  it('keeps a matchmaker dog\u2019s own health results, trait genotypes and COI to itself, and gives the litter\u2019s odds', async () => {
    const { body } = await ask(breeder, { sire: dogs.brother, dam: dogs.stranger });
    expect(body.errors).to.equal(undefined);
    const p = body.data.pairPredictor;
    expect(p.dam).to.deep.equal({ petNum: dogs.stranger, name: 'Stranger', sex: 'f', coi: null, resultsShared: false });
    expect(p.sire.resultsShared).to.equal(true);
    const storedCoi = await db('genetic_stats').where({ pet_num: dogs.stranger }).first('coi');
    expect(storedCoi.coi, 'the stranger has a COI of its own to hide').to.not.equal(null);
    for (const h of p.healthPredictions) {
      expect(h.damResult, h.healthId).to.equal('not shared');
      expect(h.sireResult, h.healthId).to.be.oneOf(['clear', 'carrier', 'at risk', 'not tested']);
      expect(h.explanation, h.healthId).to.not.match(/the dam has|dam was not|\(clear\)|\(a carrier\)|\(at risk\)/i);
      expect(h.explanation, h.healthId).to.contain('The dam\u2019s own results are not shared with you.');
      if (h.sireResult !== 'not tested') expect(h.clear + h.carrier + h.atRisk, h.healthId).to.be.closeTo(1, 1e-9);
    }
    for (const t of p.traitPredictions) {
      expect(t.damGenotype, t.locusId).to.equal('not shared');
      expect(t.sireGenotype, t.locusId).to.not.equal('not shared');
    }
  });

  it('refuses a pair of two dogs whose results the user may not read, though the matchmaker offers both', async () => {
    const { body } = await ask(breeder, { sire: dogs.strangerMale, dam: dogs.stranger });
    expect(body.errors[0].message).to.equal(NOT_AUTHORIZED);
    expect(body.data).to.equal(null);
  });

  it('refuses a female sire, a male dam and the same dog twice with a clear message', async () => {
    expect((await ask(breeder, { sire: dogs.sister, dam: dogs.stranger })).body.errors[0].message).to.equal(PAIR_SIRE_NOT_MALE);
    expect((await ask(breeder, { sire: dogs.brother, dam: dogs.strangerMale })).body.errors[0].message).to.equal(PAIR_DAM_NOT_FEMALE);
    expect((await ask(breeder, { sire: dogs.brother, dam: dogs.brother })).body.errors[0].message).to.equal(PAIR_SAME_DOG);
  });

  it('says which dog has no results yet', async () => {
    const { body } = await ask(breeder, { sire: dogs.brother, dam: dogs.untested });
    expect(body.errors[0].message).to.equal(PAIR_NO_RESULTS.replace('{name}', 'Untested'));
  });

  it('refuses dogs the user may not see: private, excluded from matchmaker, or anyone\u2019s without the matchmaker permission', async () => {
    for (const dam of [dogs.privateDam, dogs.excludedDam, 999999]) {
      const { body } = await ask(breeder, { sire: dogs.brother, dam });
      expect(body.errors[0].message, `dam ${dam}`).to.equal(NOT_AUTHORIZED);
      expect(body.data).to.equal(null);
    }
    // other has no matchmaker permission: the breeder's public dogs are not theirs to pair
    const { body } = await ask(other, { sire: dogs.brother, dam: dogs.stranger });
    expect(body.errors[0].message).to.equal(NOT_AUTHORIZED);
  });

  it('refuses accounts that are not breeders, pet parents and vets alike, even with their own dogs', async () => {
    const parentUser = await createUser(db, { email: 'parent@pair.test' });
    const vet = await createUser(db, { email: 'vet@pair.test', isVet: true, isBreeder: true });
    const { simulator } = testWorld();
    const [sire, dam] = pairUnrelatedTo(simulator, 'golden-retriever');
    const own = { sire: await testedDog(db, parentUser.id, simulator.mate(sire, dam, 'm'), 'Own Sire'), dam: await testedDog(db, parentUser.id, simulator.mate(sire, dam, 'f'), 'Own Dam') };
    for (const user of [parentUser, vet]) {
      for (const pair of [own, { sire: dogs.brother, dam: dogs.stranger }]) {
        const { body } = await ask(user, pair);
        expect(body.errors[0].message, user.email).to.equal(NOT_AUTHORIZED);
        expect(body.errors[0].extensions.code).to.equal('NOT_AUTHORIZED');
        expect(body.data).to.equal(null);
      }
    }
  });

  it('answers bad pet numbers with Invalid Arguments and signed-out callers with the log-in error', async () => {
    for (const sire of [-1, 0, 2147483647 + 1]) {
      const { body } = await ask(breeder, { sire, dam: dogs.sister });
      expect(body.errors[0].message, String(sire)).to.equal(INVALID_ARGUMENTS);
    }
    const anonymous = request.agent(app);
    const page = await anonymous.get('/login'); // a signed-out visitor's token comes with a form
    const token = page.text.match(/<meta name="csrf-token" content="([^"]+)">/)![1];
    const { body } = await anonymous.post('/graphql').set('x-csrf-token', token).set('accept', 'application/json').send({ query: PAIR, variables: { sire: dogs.brother, dam: dogs.sister } });
    expect(body.errors[0].message).to.equal(PLEASE_LOG_IN);
  });
});

describe('GET /breeders/pair-predictor', function () {
  this.timeout(120_000);
  let app: Express;
  let breeder: User;
  let parentUser: User;
  const dogs: Record<string, number> = {};

  before(async () => {
    const db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    breeder = await createUser(db, { email: 'kennel@pair-page.test', isBreeder: true, showMatchMaker: true, breederName: 'Page Kennel' });
    parentUser = await createUser(db, { email: 'parent@pair-page.test' });
    const { simulator } = testWorld();
    const [sire, dam] = simulator.breedingPair('beagle');
    dogs.sire = await testedDog(db, breeder.id, simulator.mate(sire, dam, 'm'), 'Rocket');
    dogs.dam = await testedDog(db, breeder.id, simulator.mate(sire, dam, 'f'), 'Willow');
    dogs.secret = await testedDog(db, parentUser.id, simulator.mate(sire, dam, 'f'), 'Secret', { privacy: 'private' });
    dogs.offered = await testedDog(db, parentUser.id, simulator.purebred('beagle', 'f'), 'Offered');
  });

  it('offers the breeder\u2019s tested males as sires and females as dams', async () => {
    const agent = await signIn(app, breeder.email, TEST_PASSWORD);
    const page = await agent.get('/breeders/pair-predictor').expect(200);
    expect(page.text).to.match(new RegExp(`<select id="pair-sire" name="sire">[\\s\\S]*value="${dogs.sire}">Rocket<[\\s\\S]*</select>`));
    expect(page.text).to.match(new RegExp(`<select id="pair-dam" name="dam">[\\s\\S]*value="${dogs.dam}">Willow<[\\s\\S]*</select>`));
    expect(page.text).to.not.contain('data-pair-result');
  });

  it('renders the prediction on the server, with a matchmaker dog named by the link among the choices', async () => {
    const agent = await signIn(app, breeder.email, TEST_PASSWORD);
    const page = await agent.get(`/breeders/pair-predictor?sire=${dogs.sire}&dam=${dogs.offered}`).expect(200);
    expect(page.text).to.contain('data-pair-result');
    expect(page.text).to.contain(`value="${dogs.offered}" selected>Offered<`);
    expect(page.text).to.match(/data-offspring-coi>\d+(\.\d)?%</);
    expect(page.text).to.contain('Coat colour predictions');
    // the matchmaker's dog keeps its own results to itself
    expect(page.text).to.contain('data-not-shared');
    expect(page.text).to.match(/The parents&rsquo; own COI: Rocket (\d+(\.\d)?%|not tested), Offered not shared\./);
    expect(page.text).to.contain('<td data-label="Dam"><span class="badge badge--not_shared">not shared</span></td>');
    expect(page.text).to.not.contain('<td data-label="Dam"><span class="badge badge--clear">');
    // the count of conditions agrees with its noun
    const [, count, noun] = page.text.match(/<p>(\d+) (conditions?) with puppies possibly at risk/)!;
    expect(noun).to.equal(count === '1' ? 'condition' : 'conditions');
  });

  it('writes the parents\u2019 and puppies\u2019 genotypes in the lab\u2019s notation on the page', async () => {
    const agent = await signIn(app, breeder.email, TEST_PASSWORD);
    const page = await agent.get(`/breeders/pair-predictor?sire=${dogs.sire}&dam=${dogs.dam}`).expect(200);
    const traits = page.text.slice(page.text.indexOf('id="pair-traits-heading"'));
    const sireK = (await (await testDb())('trait_results').join('trait_loci', 'trait_loci.id', 'trait_results.trait_locus_id').where({ pet_num: dogs.sire, slug: traitLocusSlug('K') }).first('genotype')).genotype;
    expect(traits).to.contain(`<td data-label="Sire">${sireK}</td>`);
    expect(traits).to.contain('only kyky dogs show the A locus pattern fully');
    expect(traits.slice(0, traits.indexOf('</table>'))).to.not.match(/<td data-label="(Sire|Dam)">[^<]*\/|<strong>[^<]*\/[^<]*<\/strong>|[A-Za-z]\/[a-z]+ dogs/);
  });

  it('narrows to one condition with healthId', async () => {
    const agent = await signIn(app, breeder.email, TEST_PASSWORD);
    const page = await agent.get(`/breeders/pair-predictor?sire=${dogs.sire}&dam=${dogs.dam}&healthId=${HEALTH_CONDITIONS[0].id}`).expect(200);
    expect(page.text.match(/data-health-id="/g)).to.have.length(1);
  });

  it('refuses a dog the user may not see with 403, bad numbers with 400, a female sire with the message', async () => {
    const agent = await signIn(app, breeder.email, TEST_PASSWORD);
    const hidden = await agent.get(`/breeders/pair-predictor?sire=${dogs.sire}&dam=${dogs.secret}`).expect(403);
    expect(hidden.text).to.contain(NOT_AUTHORIZED);
    expect(hidden.text).to.not.contain('>Secret<');
    expect((await agent.get(`/breeders/pair-predictor?sire=-3&dam=${dogs.dam}`).expect(400)).text).to.contain(INVALID_ARGUMENTS);
    expect((await agent.get(`/breeders/pair-predictor?sire=${dogs.dam}&dam=${dogs.dam}`).expect(400)).text).to.contain(PAIR_SAME_DOG);
    expect((await agent.get(`/breeders/pair-predictor?sire=${dogs.dam}&dam=${dogs.offered}`).expect(400)).text).to.contain(PAIR_SIRE_NOT_MALE);
    expect((await agent.get(`/breeders/pair-predictor?sire=${dogs.sire}&dam=${dogs.dam}&healthId=nope`).expect(400)).text).to.contain(INVALID_ARGUMENTS);
  });

  it('refuses pet parents and vets with 403, as the other breeder tools do', async () => {
    const db = await testDb();
    const vet = await createUser(db, { email: 'vet@pair-page.test', isVet: true });
    for (const user of [parentUser, vet]) {
      const agent = await signIn(app, user.email, TEST_PASSWORD);
      for (const path of ['/breeders/pair-predictor', `/breeders/pair-predictor?sire=${dogs.sire}&dam=${dogs.offered}`]) {
        const page = await agent.get(path).expect(403);
        expect(page.text, path).to.contain(NOT_AUTHORIZED);
        expect(page.text).to.not.contain('data-pair-result');
        expect(page.text).to.not.contain('>Offered<');
      }
      expect((await agent.get('/members/breeder-dog-settings/privacy')).status).to.equal(403);
    }
    // an account an admin gave the matchmaker follows its rows' links to the prediction
    const matchmaker = await createUser(db, { email: 'matchmaker@pair-page.test', showMatchMaker: true });
    const own = await testedDog(db, matchmaker.id, testWorld().simulator.purebred('beagle', 'm'), 'Own Beagle');
    const agent = await signIn(app, matchmaker.email, TEST_PASSWORD);
    await agent.get(`/breeders/pair-predictor?sire=${own}&dam=${dogs.offered}`).expect(200);
    // but not to a pair of two other owners' dogs
    await agent.get(`/breeders/pair-predictor?sire=${dogs.sire}&dam=${dogs.offered}`).expect(403);
  });

  it('sends signed-out visitors home', async () => {
    const response = await request(app).get('/breeders/pair-predictor').expect(302);
    expect(response.headers.location).to.equal('/');
  });
});
