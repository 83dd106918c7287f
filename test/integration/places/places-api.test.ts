import { expect } from 'chai';
import request from 'supertest';
import type { Express } from 'express';
import { signIn, testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { createUser, TEST_PASSWORD } from '../../support/factories.js';
import type { Db } from '../../../server/db/index.js';
import { INVALID_ARGUMENTS, PLEASE_LOG_IN } from '../../../server/shared/messages.js';
import type { PlaceDetails, Prediction } from '../../../server/shared/places-types.js';

describe('GET /api/places (our own place search)', function () {
  this.timeout(30000);
  let app: Express;
  let db: Db;
  let agent: request.Agent;
  let practiceUuid: string;

  before(async () => {
    db = await testDb();
    await resetDatabase(db);
    app = await testApp();
    const user = await createUser(db, { email: 'places@places.test' });
    agent = await signIn(app, user.email, TEST_PASSWORD);
    const [practice] = await db('vet_practices').insert({ name: 'Ithaca Valley Vets', phone: '+1 607 555 0100' }).returning(['id', 'uuid']);
    practiceUuid = practice.uuid;
    await db('locations').insert({
      practice_id: practice.id,
      location_type: 'practice',
      formatted_address: '12 Main St, Ithaca, NY 14850, USA',
      lng_lat: [-76.5, 42.44],
      name: 'Ithaca Valley Vets',
      vicinity: '12 Main St, Ithaca',
      address_components: JSON.stringify([{ longName: 'Ithaca', shortName: 'Ithaca', types: ['locality', 'political'] }]),
    });
    await db('vet_practices').insert({ name: 'Ithaca Nowhere Clinic' }); // no place: never offered
  });

  const predictions = (query: Record<string, string | string[] | undefined>) => agent.get('/api/places/predictions').query(query).set('accept', 'application/json');

  it('refuses signed-out callers', async () => {
    const response = await request(app).get('/api/places/predictions?input=portland').expect(401);
    expect(response.body).to.deep.equal({ error: PLEASE_LOG_IN });
    const details = await request(app).get('/api/places/details/city:5746545').expect(401);
    expect(details.body).to.deep.equal({ error: PLEASE_LOG_IN });
  });

  it('answers predictions of world cities, trimmed input, biggest first', async () => {
    const { body } = await predictions({ input: '  portland ' }).expect(200).expect('content-type', /json/);
    const list: Prediction[] = body.predictions;
    expect(list.length).to.be.within(1, 8);
    expect(list[0]).to.deep.equal({
      placeId: 'city:5746545',
      description: 'Portland, OR, USA',
      mainText: 'Portland',
      secondaryText: 'OR, USA',
      types: ['locality', 'political'],
    });
    expect(list.every((p) => p.mainText.includes('Portland'))).to.equal(true);
  });

  it('answers an empty list when nothing matches', async () => {
    const { body } = await predictions({ input: 'qqqxxzz' }).expect(200);
    expect(body).to.deep.equal({ predictions: [] });
  });

  it('refuses missing, blank, too long, repeated or unknown-type input with Invalid Arguments', async () => {
    const bad: Record<string, string | string[]>[] = [{}, { input: '' }, { input: '   ' }, { input: 'x'.repeat(101) }, { input: ['a', 'b'] }, { input: 'port', types: 'restaurant' }];
    for (const query of bad) {
      const response = await predictions(query).expect(400);
      expect(response.body, JSON.stringify(query)).to.deep.equal({ error: INVALID_ARGUMENTS });
    }
    await predictions({ input: 'x'.repeat(100) }).expect(200);
  });

  it('offers vet practices with a place first in the vet practice search only', async () => {
    const vet = (await predictions({ input: 'ithaca', types: 'veterinary_care' }).expect(200)).body.predictions as Prediction[];
    expect(vet[0]).to.deep.equal({
      placeId: `practice:${practiceUuid}`,
      description: 'Ithaca Valley Vets, 12 Main St, Ithaca, NY 14850, USA',
      mainText: 'Ithaca Valley Vets',
      secondaryText: '12 Main St, Ithaca, NY 14850, USA',
      types: ['veterinary_care', 'point_of_interest', 'establishment'],
    });
    expect(vet.map((p) => p.mainText)).not.to.include('Ithaca Nowhere Clinic');
    expect(vet[1].description).to.equal('Ithaca, NY, USA');
    const plain = (await predictions({ input: 'ithaca' }).expect(200)).body.predictions as Prediction[];
    expect(plain.map((p) => p.placeId).some((id) => id.startsWith('practice:'))).to.equal(false);
    // LIKE wildcards are plain text.
    const wild = (await predictions({ input: '%', types: 'veterinary_care' }).expect(200)).body.predictions as Prediction[];
    expect(wild).to.deep.equal([]);
  });

  it('answers the details of a city as Google shapes them', async () => {
    const { body } = await agent.get('/api/places/details/city:5746545').expect(200);
    const details: PlaceDetails = body;
    expect(details).to.deep.include({ placeId: 'city:5746545', name: 'Portland', formattedAddress: 'Portland, OR, USA', vicinity: 'Portland', phone: null, website: null });
    expect(details.lngLat![0]).to.be.closeTo(-122.68, 0.01);
    expect(details.lngLat![1]).to.be.closeTo(45.52, 0.01);
    expect(details.addressComponents.map((c) => [c.longName, c.shortName, c.types[0]])).to.deep.equal([
      ['Portland', 'Portland', 'locality'],
      ['Oregon', 'OR', 'administrative_area_level_1'],
      ['United States', 'US', 'country'],
    ]);
    const encoded = await agent.get(`/api/places/details/${encodeURIComponent('city:5746545')}`).expect(200);
    expect(encoded.body.placeId).to.equal('city:5746545');
  });

  it('answers the details of a practice', async () => {
    const { body } = await agent.get(`/api/places/details/practice:${practiceUuid}`).expect(200);
    expect(body).to.deep.equal({
      placeId: `practice:${practiceUuid}`,
      name: 'Ithaca Valley Vets',
      formattedAddress: '12 Main St, Ithaca, NY 14850, USA',
      lngLat: [-76.5, 42.44],
      types: ['veterinary_care', 'point_of_interest', 'establishment'],
      vicinity: '12 Main St, Ithaca',
      phone: '+1 607 555 0100',
      website: null,
      addressComponents: [{ longName: 'Ithaca', shortName: 'Ithaca', types: ['locality', 'political'] }],
    });
  });

  it('answers 404 for an unknown place id', async () => {
    for (const id of ['city:999999999', 'practice:00000000-0000-0000-0000-000000000000', 'ChIJN1t_tDeuEmsRUsoyG83frY4', 'city:abc']) {
      const response = await agent.get(`/api/places/details/${encodeURIComponent(id)}`).expect(404);
      expect(response.body, id).to.have.property('error');
    }
  });
});
