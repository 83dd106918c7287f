import { expect } from 'chai';
import { csrfToken } from '../../support/app.js';
import type { Express } from 'express';
import { testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { NOT_AUTHORIZED, PLEASE_LOG_IN } from '../../../server/shared/messages.js';
import { NAME_REQUIRED, PRIVACY_INVALID, VET_CONSENT_REQUIRED } from '../../../server/shared/pet-profile-rules.js';
import { LOCATION_INVALID } from '../../../server/pet-profile/locations.js';
import { gql, petSnapshot, profilePeople, signedOutGql, type ProfilePeople } from './people.js';

const ADD = 'mutation($p: NewPetInput!) { addNewPet(pet: $p) { petNum name sex breedType privacy dateOfBirthParts { day month year isEstimated } permissions { isEditable } } }';
const DELETE = 'mutation($u: ID!) { deletePet(petUuid: $u) }';
const DEFAULT_PRIVACY = 'mutation($p: String!) { updateDefaultPetPrivacy(privacy: $p) { defaultPetPrivacy } }';
const LOCATIONS = 'mutation($u: ID!, $l: PetLocationsInput!) { updatePetLocations(petUuid: $u, locations: $l) { born { formattedAddress lngLat } from { formattedAddress businessType } live { formattedAddress lngLat name placeId types } } }';
const VET = 'mutation($u: ID!, $c: Boolean, $p: LocationInput) { updateVetPracticeDetails(petUuid: $u, embarkMayContactVet: $c, practiceLocation: $p) { embarkMayContactVet practiceLocation { name formattedAddress placeId } } }';
const PREFERENCES = 'mutation($n: Int!, $p: PetPreferencesInput!) { updatePetPreferences(petNum: $n, preferences: $p) { preferences { shareCareResourcesSurveys shareCareResourcesProfileAndResults } } }';
const MY_PETS = '{ me { pets { petNum } } }';

const PORTLAND = {
  addressInput: 'Portland',
  formattedAddress: 'Portland, OR, USA',
  lngLat: [-122.6765, 45.5231],
  name: 'Portland',
  placeId: 'city:portland-or-us',
  types: ['locality', 'political'],
  addressComponents: [{ longName: 'Portland', shortName: 'Portland', types: ['locality'] }],
};
const PRACTICE = { name: 'Rose City Animal Hospital', formattedAddress: '1 Main St, Portland, OR, USA', placeId: 'vet:rose-city', types: ['veterinary_care'], lngLat: [-122.6, 45.5] };

describe('pet profile: add, delete, privacy, locations, vet and data settings', function () {
  this.timeout(120_000);
  let app: Express;
  let people: ProfilePeople;

  before(async () => {
    await resetDatabase(await testDb()); // every file starts from the migrated, empty database
    app = await testApp();
    people = await profilePeople(app);
  });

  it('adds a dog owned by the caller with the default privacy of the account', async () => {
    const privacy = await gql(people.owner, DEFAULT_PRIVACY, { p: 'private' });
    expect(privacy.data.updateDefaultPetPrivacy.defaultPetPrivacy).to.equal('private');
    const added = await gql(people.owner, ADD, { p: { name: ' Luna ', sex: 'f', breedType: 'mixed', dateOfBirth: { month: 5, year: 2021 } } });
    expect(added.error).to.equal(undefined);
    expect(added.data.addNewPet).to.deep.include({ name: 'Luna', sex: 'f', breedType: 'mixed', privacy: 'private', permissions: { isEditable: true } });
    expect(added.data.addNewPet.dateOfBirthParts).to.deep.equal({ day: null, month: 5, year: 2021, isEstimated: true });
    const owners = await (await testDb())('pet_owners').where({ pet_num: added.data.addNewPet.petNum }).select('user_id', 'permission');
    expect(owners).to.deep.equal([{ user_id: people.ownerId, permission: 'edit' }]);
    await gql(people.owner, DEFAULT_PRIVACY, { p: 'public' });
  });

  it('adds dogs of one name sent 20 times at once (a form sent again and again), each with a handle of its own', async () => {
    const added = await Promise.all(Array.from({ length: 20 }, () => gql(people.owner, 'mutation($p: NewPetInput!) { addNewPet(pet: $p) { handle } }', { p: { name: 'Twin' } })));
    expect(added.map((result) => result.error)).to.deep.equal(Array(20).fill(undefined));
    expect(new Set(added.map((result) => result.data.addNewPet.handle)).size).to.equal(20);
  });

  it('answers the add-a-dog form sent 20 times at once with 20 dogs and no server error', async () => {
    const token = await csrfToken(people.owner, '/members/add-a-dog');
    const sent = await Promise.all(Array.from({ length: 20 }, () => people.owner.post('/members/add-a-dog').type('form').send({ name: 'Echo', breedType: 'mixed', _csrf: token })));
    expect(sent.map((response) => response.status)).to.deep.equal(Array(20).fill(303));
    expect(await (await testDb())('pets').where({ name: 'Echo' }).count('* as n').then((rows) => Number(rows[0].n))).to.equal(20);
  });

  it('refuses a bad new dog, a read-only account and signed-out callers', async () => {
    const db = await testDb();
    const [{ n: before }] = await db('pets').count('* as n');
    expect((await gql(people.owner, ADD, { p: { name: '  ' } })).error).to.equal(NAME_REQUIRED);
    expect((await gql(people.owner, ADD, { p: { name: 'Zed', dateOfBirth: { day: 40, month: 1, year: 2020 } } })).error).to.match(/^Date of birth: /);
    expect((await gql(people.owner, ADD, { p: { name: 'Zed', breedType: 'cat' } })).error).to.equal('Please choose a breed type from the list');
    expect((await gql(people.refused.readOnlyAccount, ADD, { p: { name: 'Zed' } })).error).to.equal(NOT_AUTHORIZED);
    expect((await signedOutGql(app, ADD, { p: { name: 'Zed' } })).error).to.equal(PLEASE_LOG_IN);
    const [{ n: after }] = await db('pets').count('* as n');
    expect(after).to.equal(before);
    expect((await gql(people.owner, DEFAULT_PRIVACY, { p: 'secret' })).error).to.equal(PRIVACY_INVALID);
    expect((await gql(people.refused.readOnlyAccount, DEFAULT_PRIVACY, { p: 'private' })).error).to.equal(NOT_AUTHORIZED);
  });

  it('saves, replaces and removes places, and refuses a payload without an address', async () => {
    const saved = await gql(people.owner, LOCATIONS, { u: people.petUuid, l: { live: PORTLAND, from: { ...PORTLAND, businessType: 'shelter' } } });
    expect(saved.error).to.equal(undefined);
    expect(saved.data.updatePetLocations.live).to.deep.equal({ formattedAddress: 'Portland, OR, USA', lngLat: [-122.6765, 45.5231], name: 'Portland', placeId: 'city:portland-or-us', types: ['locality', 'political'] });
    expect(saved.data.updatePetLocations.from).to.deep.equal({ formattedAddress: 'Portland, OR, USA', businessType: 'shelter' });
    expect(saved.data.updatePetLocations.born).to.equal(null);
    const removed = await gql(people.owner, LOCATIONS, { u: people.petUuid, l: { from: null } });
    expect(removed.data.updatePetLocations.from).to.equal(null);
    expect(removed.data.updatePetLocations.live.formattedAddress).to.equal('Portland, OR, USA');
    const before = await petSnapshot(people.petNum);
    for (const bad of [{ name: 'Nowhere' }, { ...PORTLAND, lngLat: [500, 10] }, { ...PORTLAND, businessType: 'castle' }]) {
      const result = await gql(people.owner, LOCATIONS, { u: people.petUuid, l: { born: PORTLAND, live: bad } });
      expect(result.error, JSON.stringify(bad)).to.equal(LOCATION_INVALID);
    }
    expect(await petSnapshot(people.petNum)).to.deep.equal(before);
  });

  it('saves the same places sent twice at once, once', async () => {
    const saves = await Promise.all([1, 2, 3].map(() => gql(people.owner, LOCATIONS, { u: people.petUuid, l: { live: PORTLAND, born: PORTLAND } })));
    expect(saves.map((result) => result.error)).to.deep.equal([undefined, undefined, undefined]);
    const rows = await (await testDb())('locations').where({ pet_num: people.petNum }).whereIn('location_type', ['live', 'born']).pluck('location_type');
    expect(rows.sort()).to.deep.equal(['born', 'live']);
  });

  it('sends embarkMayContactVet only with a practice, else null', async () => {
    const set = await gql(people.owner, VET, { u: people.petUuid, c: false, p: PRACTICE });
    expect(set.data.updateVetPracticeDetails).to.deep.equal({ embarkMayContactVet: false, practiceLocation: { name: PRACTICE.name, formattedAddress: PRACTICE.formattedAddress, placeId: PRACTICE.placeId } });
    const consent = await gql(people.owner, VET, { u: people.petUuid, c: true });
    expect(consent.data.updateVetPracticeDetails.embarkMayContactVet).to.equal(true);
    expect((await gql(people.owner, VET, { u: people.petUuid, c: null, p: PRACTICE })).error).to.equal(VET_CONSENT_REQUIRED);
    const reset = await gql(people.owner, VET, { u: people.petUuid, c: true, p: null });
    expect(reset.data.updateVetPracticeDetails).to.deep.equal({ embarkMayContactVet: null, practiceLocation: null });
    const noPractice = await gql(people.owner, VET, { u: people.petUuid, c: true });
    expect(noPractice.data.updateVetPracticeDetails.embarkMayContactVet).to.equal(null);
  });

  it('saves the data settings', async () => {
    const saved = await gql(people.owner, PREFERENCES, { n: people.petNum, p: { shareCareResourcesSurveys: true } });
    expect(saved.data.updatePetPreferences.preferences).to.deep.equal({ shareCareResourcesSurveys: true, shareCareResourcesProfileAndResults: false });
    const both = await gql(people.owner, PREFERENCES, { n: people.petNum, p: { shareCareResourcesProfileAndResults: true, shareCareResourcesSurveys: false } });
    expect(both.data.updatePetPreferences.preferences).to.deep.equal({ shareCareResourcesSurveys: false, shareCareResourcesProfileAndResults: true });
  });

  it('refuses every settings call on the dog from everyone who may not edit it, changing nothing', async () => {
    await gql(people.owner, VET, { u: people.petUuid, c: true, p: PRACTICE });
    const before = await petSnapshot(people.petNum);
    const calls: [string, Record<string, unknown>][] = [
      [LOCATIONS, { u: people.petUuid, l: { live: null, born: PORTLAND } }],
      [VET, { u: people.petUuid, c: null, p: null }],
      [PREFERENCES, { n: people.petNum, p: { shareCareResourcesSurveys: true } }],
      [DELETE, { u: people.petUuid }],
    ];
    for (const [who, agent] of Object.entries(people.refused)) {
      for (const [query, variables] of calls) {
        expect((await gql(agent, query, variables)).error, `${who}: ${query.slice(0, 40)}`).to.equal(NOT_AUTHORIZED);
      }
    }
    for (const [query, variables] of calls) expect((await signedOutGql(app, query, variables)).error).to.equal(PLEASE_LOG_IN);
    expect((await gql(people.refused.readOnlyAccount, DELETE, { u: people.readOnlyAccountPetUuid })).error).to.equal(NOT_AUTHORIZED);
    expect(await petSnapshot(people.petNum)).to.deep.equal(before);
  });

  describe('deletePet', () => {
    async function dogWithResultsAndMedia(agreedToResearch: boolean) {
      const db = await testDb();
      const dog = await profilePeople(app);
      await db('pets').where({ pet_num: dog.petNum }).update({ agreed_to_research: agreedToResearch });
      const other = await db('pets').where({ pet_num: people.petNum }).first('pet_num');
      const breedId = (await db('breeds').first('id')).id;
      await db('breed_mix_summaries').insert({ pet_num: dog.petNum, breed_type: 'purebred', breed_mix_scenario: 'purebred', breed_mix_name: 'Test breed' });
      await db('breed_mix_rows').insert({ pet_num: dog.petNum, breed_id: breedId, pct: 100, rank: 1, color_index: 1 });
      await db('relatives').insert({ pet_num_a: Math.min(dog.petNum, other.pet_num), pet_num_b: Math.max(dog.petNum, other.pet_num), kinship: 0.25, category: 'immediate_family', display_relatedness: 'Shares 50.0% of DNA' });
      await db('media').insert({ pet_num: dog.petNum, media_type: 'image', public_id: `ui/test-${dog.petNum}`, resource_type: 'image' });
      return dog;
    }

    it('hides the dog everywhere and removes its media and, without research consent, its results', async () => {
      const db = await testDb();
      const dog = await dogWithResultsAndMedia(false);
      const result = await gql(dog.owner, DELETE, { u: dog.petUuid });
      expect(result.data.deletePet).to.equal(true);
      expect((await gql(dog.owner, MY_PETS)).data.me.pets).to.deep.equal([]);
      expect((await gql(dog.editCoOwner, MY_PETS)).data.me.pets).to.deep.equal([]);
      expect((await dog.owner.get(`/members/pet/about/${dog.petNum}/json`)).status).to.equal(404); // a deleted dog is not found (issue 36 §24)
      expect((await dog.owner.get(`/members/pet/about/${dog.petNum}`)).status).to.equal(404);
      expect((await dog.refused.vet.get(`/members/results/profile?i=${dog.petNum}`)).status).to.equal(404);
      expect(await db('media').where({ pet_num: dog.petNum }).first()).to.equal(undefined);
      expect(await db('breed_mix_rows').where({ pet_num: dog.petNum }).first()).to.equal(undefined);
      expect(await db('breed_mix_summaries').where({ pet_num: dog.petNum }).first()).to.equal(undefined);
      expect(await db('relatives').where({ pet_num_a: dog.petNum }).orWhere({ pet_num_b: dog.petNum }).first()).to.equal(undefined);
      expect((await gql(dog.owner, DELETE, { u: dog.petUuid })).error).to.equal(NOT_AUTHORIZED);
    });

    it('keeps the results of a dog whose owner agreed to research', async () => {
      const db = await testDb();
      const dog = await dogWithResultsAndMedia(true);
      const rows = Number((await db('breed_mix_rows').where({ pet_num: dog.petNum }).count('* as n').first())!.n);
      const handle = (await db('pets').where({ pet_num: dog.petNum }).first('handle')).handle;
      const relativesBefore = (await people.owner.get(`/api/relatives/${people.petNum}`).set('accept', 'application/json').expect(200)).body;
      expect(JSON.stringify(relativesBefore)).to.include(handle);
      await gql(dog.owner, DELETE, { u: dog.petUuid });
      const relativesAfter = (await people.owner.get(`/api/relatives/${people.petNum}`).set('accept', 'application/json').expect(200)).body;
      expect(JSON.stringify(relativesAfter)).to.not.include(handle);
      expect(await db('relatives').where({ pet_num_a: dog.petNum }).orWhere({ pet_num_b: dog.petNum }).first()).to.not.equal(undefined);
      expect(await db('media').where({ pet_num: dog.petNum }).first()).to.equal(undefined);
      expect(rows).to.equal(1);
      expect(Number((await db('breed_mix_rows').where({ pet_num: dog.petNum }).count('* as n').first())!.n)).to.equal(1);
      expect(await db('breed_mix_summaries').where({ pet_num: dog.petNum }).first()).to.not.equal(undefined);
      expect((await db('pets').where({ pet_num: dog.petNum }).first('deleted_at', 'is_hidden'))).to.include({ is_hidden: true });
    });
  });
});
