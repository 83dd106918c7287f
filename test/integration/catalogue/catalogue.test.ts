import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { testApp, csrfToken, graphql } from '../../support/app.js';
import { resetToDemoData, signInAsDemo } from '../../support/demo.js';
import { testDb } from '../../support/database.js';
import { syncCatalogues } from '../../../server/catalogue/sync.js';
import { INVALID_ARGUMENTS } from '../../../server/shared/messages.js';

describe('catalogues', () => {
  let app: Express;

  before(async () => {
    await resetToDemoData();
    app = await testApp();
  });

  it('holds at least 200 breeds, the 273 health conditions of the lab\'s panel, the trait loci and kennel clubs, and syncing again changes nothing', async () => {
    const db = await testDb();
    const count = async (table: string) => Number((await db(table).count('* as c'))[0].c);
    const before = { breeds: await count('breeds'), conditions: await count('health_conditions'), loci: await count('trait_loci'), orgs: await count('registration_organizations') };
    expect(before.breeds).to.be.at.least(200);
    expect(before.conditions).to.equal(273);
    expect(before.loci).to.be.at.least(20);
    expect(before.orgs).to.be.at.least(5);
    await syncCatalogues(db);
    expect({ breeds: await count('breeds'), conditions: await count('health_conditions'), loci: await count('trait_loci'), orgs: await count('registration_organizations') }).to.deep.equal(before);
    const lociSlugs = await db('trait_loci').pluck('slug');
    expect(lociSlugs).to.include.members(['e', 'k', 'a', 'b', 'd', 'm', 's', 'furnishings', 'coat-length', 'shedding', 'igf1']);
  });

  it('drops a breed the catalogue no longer lists for a condition when syncing, and keeps the listed ones', async () => {
    const db = await testDb();
    const conditionId = (await db('health_conditions').where({ slug: 'mdr1' }).first('id')).id;
    const pugId = (await db('breeds').where({ slug: 'pug' }).first('id')).id;
    const relevant = () => db('health_condition_breeds as hcb').join('breeds as b', 'b.id', 'hcb.breed_id').where('hcb.health_condition_id', conditionId).orderBy('b.slug').pluck('b.slug');
    const listed = await relevant();
    expect(listed).to.include('collie').and.not.include('pug');
    await db('health_condition_breeds').insert({ health_condition_id: conditionId, breed_id: pugId });
    await syncCatalogues(db);
    expect(await relevant()).to.deep.equal(listed);
  });

  it('answers allBreeds, identifiableBreeds, designerBreeds and breederFacingBreeds', async () => {
    const agent = await signInAsDemo(app, 'breeder');
    const response = await graphql(agent, '{ allBreeds { name slug sizeClass weightMinLbs isDesigner } identifiableBreeds { slug } designerBreeds { name } breederFacingBreeds { slug } }');
    const data = response.body.data;
    expect(data.allBreeds.length).to.be.at.least(200);
    const lab = data.allBreeds.find((b: { slug: string }) => b.slug === 'labrador-retriever');
    expect(lab).to.include({ name: 'Labrador Retriever', sizeClass: 'Large', isDesigner: false });
    expect(data.designerBreeds.map((b: { name: string }) => b.name)).to.include('Labradoodle');
    expect(data.identifiableBreeds.map((b: { slug: string }) => b.slug)).to.not.include('labradoodle');
    expect(data.allBreeds.map((b: { slug: string }) => b.slug)).to.not.include('gray-wolf');
    expect(data.breederFacingBreeds.length).to.be.greaterThan(100);
  });

  it('answers healthConditionDetails with filters', async () => {
    const agent = request.agent(app);
    const token = await csrfToken(agent);
    const ask = (filters: unknown) =>
      agent.post('/graphql').set('x-csrf-token', token).send({ query: 'query($f: HealthConditionFilters) { healthConditionDetails(filters: $f) { slug name gene moi severity references { citation url } breedSlugs } }', variables: { f: filters } });
    const all = (await ask(null)).body.data.healthConditionDetails;
    expect(all.length).to.equal(273);
    const mdr1 = (await ask({ slugs: ['mdr1'] })).body.data.healthConditionDetails;
    expect(mdr1).to.have.length(1);
    expect(mdr1[0].gene).to.equal('ABCB1');
    expect(mdr1[0].moi).to.match(/^autosomal_/);
    expect(mdr1[0].breedSlugs).to.include('collie');
    expect(mdr1[0].references.length).to.be.greaterThan(0);
    const forCollies = (await ask({ breedSlug: 'collie' })).body.data.healthConditionDetails;
    expect(forCollies.map((c: { slug: string }) => c.slug)).to.include('mdr1');
    expect(forCollies.length).to.be.lessThan(all.length);
    const bad = await ask({ ids: [-1] });
    expect(bad.body.errors[0].message).to.equal(INVALID_ARGUMENTS);
  });

  it('answers allRegistrationOrganizations', async () => {
    const agent = request.agent(app);
    const token = await csrfToken(agent);
    const response = await agent.post('/graphql').set('x-csrf-token', token).send({ query: '{ allRegistrationOrganizations { name abbreviation countryCode } }' });
    expect(response.body.data.allRegistrationOrganizations[0]).to.deep.equal({ name: 'American Kennel Club', abbreviation: 'AKC', countryCode: 'US' });
  });
});
