import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { testApp, csrfToken, graphql } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { INTERNAL_SERVER_ERROR, INVALID_ARGUMENTS, NOT_AUTHORIZED, PLEASE_LOG_IN } from '../../../server/shared/messages.js';

async function petNumsOf(email: string): Promise<number[]> {
  const db = await testDb();
  return db('pet_owners').join('users', 'users.id', 'pet_owners.user_id').where('users.email', email).orderBy('pet_owners.pet_num').pluck('pet_owners.pet_num');
}

describe('GraphQL me', () => {
  let app: Express;

  before(async () => {
    await resetToDemoData();
    app = await testApp();
  });

  it('answers me { userType petCount pets { petNum } } for the signed-in user', async () => {
    const agent = await signInAsDemo(app, 'parent');
    const response = await graphql(agent, '{ me { userType petCount countryCode permissions { isAdmin showMatchMaker } pets { petNum name displayName permissions { isEditable } } } }');
    expect(response.status).to.equal(200);
    const me = response.body.data.me;
    expect(me.userType).to.equal('PetParent');
    expect(me.petCount).to.equal(2);
    expect(me.countryCode).to.equal('US');
    expect(me.pets.map((p: { petNum: number }) => p.petNum)).to.deep.equal(await petNumsOf('parent@demo.test'));
    expect(me.pets[0].permissions.isEditable).to.equal(true);
  });

  it('derives userType for breeders and vets', async () => {
    const breeder = await graphql(await signInAsDemo(app, 'breeder'), '{ me { userType breederName petCount permissions { showMatchMaker } } }');
    expect(breeder.body.data.me).to.deep.include({ userType: 'Breeder', breederName: 'Sunny Meadow Kennels' });
    expect(breeder.body.data.me.petCount).to.be.at.least(10);
    const vet = await graphql(await signInAsDemo(app, 'vet'), '{ me { userType } }');
    expect(vet.body.data.me.userType).to.equal('Vet');
  });

  it('filters, pages and sorts pets, all optional', async () => {
    const agent = await signInAsDemo(app, 'breeder');
    const all = await petNumsOf('breeder@demo.test');
    const page = await graphql(agent, '{ me { pets(limit: 3, offset: 2, sortBy: PET_NUM, sortDirection: ASC) { petNum } } }');
    expect(page.body.data.me.pets.map((p: { petNum: number }) => p.petNum)).to.deep.equal(all.slice(2, 5));
    const desc = await graphql(agent, '{ me { pets(sortDirection: DESC) { petNum } } }');
    expect(desc.body.data.me.pets[0].petNum).to.equal(all[all.length - 1]);
    const one = await graphql(agent, 'query($n: Int) { me { pets(petNum: $n) { petNum } } }', { n: all[4] });
    expect(one.body.data.me.pets).to.deep.equal([{ petNum: all[4] }]);
    const byName = await graphql(agent, '{ me { pets(sortBy: NAME, limit: 1) { name } } }');
    expect(byName.body.data.me.pets[0].name).to.equal('Sunny Meadow Aurora');
  });

  it('filters pets by health and nonhealth readiness and by hidden flag', async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'parent');
    const [biscuit, maple] = await petNumsOf('parent@demo.test');
    await db('swabs').where({ pet_num: maple }).update({ health_results_released_at: null });
    await db('pets').where({ pet_num: maple }).update({ is_hidden: true });
    try {
      const nums = async (args: string) => (await graphql(agent, `{ me { pets(${args}) { petNum } } }`)).body.data.me.pets.map((p: { petNum: number }) => p.petNum);
      expect(await nums('isHealthReady: true')).to.deep.equal([biscuit]);
      expect(await nums('isHealthReady: false')).to.deep.equal([maple]);
      expect(await nums('isNonhealthReady: true')).to.deep.equal([biscuit, maple]);
      expect(await nums('isHidden: true')).to.deep.equal([maple]);
      expect(await nums('isHidden: false, isHealthReady: true')).to.deep.equal([biscuit]);
    } finally {
      await db('swabs').where({ pet_num: maple }).update({ health_results_released_at: db.fn.now() });
      await db('pets').where({ pet_num: maple }).update({ is_hidden: false });
    }
  });

  it('answers a vet petByPetNum for a patient, read-only', async () => {
    const [biscuit] = await petNumsOf('parent@demo.test');
    const response = await graphql(await signInAsDemo(app, 'vet'), 'query($n: Int!) { me { petByPetNum(petNum: $n) { name permissions { isEditable isReadOnly } } } }', { n: biscuit });
    expect(response.body.data.me.petByPetNum).to.deep.equal({ name: 'Biscuit', permissions: { isEditable: false, isReadOnly: true } });
  });

  it('answers petByPetNum for an own dog', async () => {
    const [petNum] = await petNumsOf('parent@demo.test');
    const response = await graphql(await signInAsDemo(app, 'parent'), 'query($n: Int!) { me { petByPetNum(petNum: $n) { petNum name handle } } }', { n: petNum });
    expect(response.body.data.me.petByPetNum).to.include({ petNum, name: 'Biscuit' });
  });

  it("answers another user's dog with null and 'Not Authorized'", async () => {
    const [breederPet] = await petNumsOf('breeder@demo.test');
    const response = await graphql(await signInAsDemo(app, 'parent'), 'query($n: Int!) { me { name petByPetNum(petNum: $n) { petNum name } } }', { n: breederPet });
    expect(response.body.data.me.petByPetNum).to.equal(null);
    expect(response.body.data.me.name).to.equal('Pat Parent');
    expect(response.body.errors[0].message).to.equal(NOT_AUTHORIZED);
  });

  it("answers 'Please log in to continue' when signed out", async () => {
    const agent = request.agent(app);
    const token = await csrfToken(agent);
    const response = await agent.post('/graphql').set('x-csrf-token', token).send({ query: '{ me { name } }' });
    expect(response.body.data.me).to.equal(null);
    expect(response.body.errors[0].message).to.equal(PLEASE_LOG_IN);
  });

  it("answers bad arguments with 'Invalid Arguments'", async () => {
    const agent = await signInAsDemo(app, 'parent');
    const wrongType = await graphql(agent, '{ me { petByPetNum(petNum: "seven") { petNum } } }');
    expect(wrongType.body.errors[0].message).to.equal(INVALID_ARGUMENTS);
    const badVariable = await graphql(agent, 'query($n: Int!) { me { petByPetNum(petNum: $n) { petNum } } }', { n: 'x' });
    expect(badVariable.body.errors[0].message).to.equal(INVALID_ARGUMENTS);
    const outOfRange = await graphql(agent, '{ me { pets(limit: 100000) { petNum } } }');
    expect(outOfRange.body.errors[0].message).to.equal(INVALID_ARGUMENTS);
    const negative = await graphql(agent, '{ me { petByPetNum(petNum: -4) { petNum } } }');
    expect(negative.body.errors[0].message).to.equal(INVALID_ARGUMENTS);
  });

  it("hides unexpected failures behind 'Internal Server Error' without a stack trace", async () => {
    const db = await testDb();
    const agent = await signInAsDemo(app, 'admin');
    const token = await csrfToken(agent, '/members');
    await db.raw('alter table pet_owners rename to pet_owners_away');
    try {
      const response = await agent.post('/graphql').set('x-csrf-token', token).send({ query: '{ me { petCount } }' });
      const text = JSON.stringify(response.body);
      expect(response.body.errors[0].message).to.equal(INTERNAL_SERVER_ERROR);
      expect(text).to.not.match(/pet_owners|at \w+ \(|stack/);
    } finally {
      await db.raw('alter table pet_owners_away rename to pet_owners');
    }
  });

  it('refuses queries nested too deeply', async () => {
    const agent = await signInAsDemo(app, 'parent');
    const deep = '{ me { ' + '__typename '.repeat(1) + 'pets { permissions { isEditable } } } }';
    expect((await graphql(agent, deep)).body.data).to.be.ok;
    const fragmentLoop = `query { me { ...A } } fragment A on User { pets { permissions { isEditable } } ${'me: __typename '.repeat(1)} }`;
    expect((await graphql(agent, fragmentLoop)).status).to.be.oneOf([200, 400]);
    const wide = `{ me { ${Array.from({ length: 600 }, (_, i) => `a${i}: name`).join(' ')} } }`;
    const refused = await graphql(agent, wide);
    expect(refused.body.errors[0].message).to.match(/more than 500 fields/);
  });
});
