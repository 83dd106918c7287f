import { expect } from 'chai';
import type { Express } from 'express';
import { testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { INVALID_ARGUMENTS, NOT_AUTHORIZED, PLEASE_LOG_IN } from '../../../server/shared/messages.js';
import {
  ADOPTION_BEFORE_BIRTH,
  BREED_TYPE_INVALID,
  DATE_IN_FUTURE,
  DATE_NOT_REAL,
  dateYearRange,
  HANDLE_CHARACTERS,
  INTACT_REQUIRED_FOR_BREEDER,
  NAME_REQUIRED,
  NAME_TOO_LONG,
  PRIVACY_INVALID,
  REGISTRATION_ORGANIZATION_INVALID,
  STATED_BREED_INVALID,
  STORY_TOO_LONG,
} from '../../../server/shared/pet-profile-rules.js';
import { gql, petSnapshot, profilePeople, signedOutGql, type ProfilePeople } from './people.js';

const PET_FIELDS = `petNum name callName handle story sex intact breedType privacy prefixTitles suffixTitles
  dateOfBirthParts { day month year isEstimated } dateOfAdoptionParts { day month year isEstimated }
  areBothParentsRegistered isPrimaryOwnerBreeder agreedToResearch isHidden isDeceased optOutOfCommunications excludeFromMatchmaker
  socialLinks { network url } registrations { organizationId organizationName registrationNumber registeredName } statedBreed { id name }`;
const UPDATE = `mutation($u: PetUpdateFields!, $q: PetQueryFields!) { updatePet(updateFields: $u, queryFields: $q) { ${PET_FIELDS} } }`;
const READ = `query($n: Int!) { me { petByPetNum(petNum: $n) { ${PET_FIELDS} } } }`;

describe('pet profile: updatePet', function () {
  this.timeout(120_000);
  let app: Express;
  let people: ProfilePeople;
  let breed: { id: number; name: string };
  let organization: { id: number; name: string };

  before(async () => {
    await resetDatabase(await testDb()); // every file starts from the migrated, empty database
    app = await testApp();
    people = await profilePeople(app);
    const db = await testDb();
    breed = await db('breeds').orderBy('id').first('id', 'name');
    organization = await db('registration_organizations').orderBy('id').first('id', 'name');
  });

  const update = (agent = people.owner, fields: Record<string, unknown>, query: Record<string, unknown> = { petNum: people.petNum }) => gql(agent, UPDATE, { u: fields, q: query });

  it('saves a social link typed with a capital scheme (a phone keyboard\u2019s "Https://") with the scheme in lower case', async () => {
    const saved = await update(people.owner, { socialLinks: [{ network: 'instagram', url: ' Https://instagram.com/Rex ' }, { network: 'website', url: 'HTTP://rex.example/Page' }] });
    expect(saved.errors).to.equal(undefined);
    expect(saved.data.updatePet.socialLinks).to.deep.equal([
      { network: 'instagram', url: 'https://instagram.com/Rex' },
      { network: 'website', url: 'http://rex.example/Page' },
    ]);
  });

  it('saves registrations and social links sent twice at once (a form sent twice) once, not a server error', async () => {
    await update(people.owner, { breedType: 'purebred', socialLinks: [{ network: 'instagram', url: 'https://instagram.com/once' }] });
    // only lists: no column of the dog's row changes, which would have locked it
    const fields = { registrations: [{ organizationId: organization.id, registrationNumber: 'TW-1' }], socialLinks: [{ network: 'instagram', url: 'https://instagram.com/twice' }] };
    const saves = await Promise.all(Array.from({ length: 6 }, () => update(people.owner, fields)));
    expect(saves.map((saved) => saved.error)).to.deep.equal(Array(6).fill(undefined));
    const db = await testDb();
    expect(await db('pet_registrations').where({ pet_num: people.petNum }).pluck('registration_number')).to.deep.equal(['TW-1']);
    expect(await db('pet_social_links').where({ pet_num: people.petNum }).pluck('url')).to.deep.equal(['https://instagram.com/twice']);
  });

  it('saves every field of the form and reads it back', async () => {
    const fields = {
      name: '  Rex the Great ',
      callName: 'Rexy',
      story: 'Found on a beach.\nLoves the sea.',
      handle: 'Rex-The-Great',
      sex: 'm',
      intact: 'f',
      breedType: 'purebred',
      statedBreedId: breed.id,
      prefixTitles: ['CH', 'GCH'],
      suffixTitles: ['CD', 'CGC'],
      dateOfBirth: { day: null, month: 3, year: 2019 },
      dateOfAdoption: { day: 14, month: 7, year: 2019, isEstimated: false },
      areBothParentsRegistered: 'yes',
      isPrimaryOwnerBreeder: true,
      agreedToResearch: true,
      registrations: [{ organizationId: organization.id, registrationNumber: ' SR123 ', registeredName: 'Sir Rex of the Sea' }],
      socialLinks: [{ network: 'instagram', url: 'https://instagram.com/rex' }, { network: 'website', url: 'https://rex.example' }],
      privacy: 'public-private',
      isHidden: true,
      isDeceased: true,
      optOutOfCommunications: true,
      excludeFromMatchmaker: true,
    };
    const saved = await update(people.owner, fields);
    expect(saved.error).to.equal(undefined);
    const expected = {
      petNum: people.petNum,
      name: 'Rex the Great',
      callName: 'Rexy',
      handle: 'rex-the-great',
      story: 'Found on a beach.\nLoves the sea.',
      sex: 'm',
      intact: 'f',
      breedType: 'purebred',
      privacy: 'public-private',
      prefixTitles: ['CH', 'GCH'],
      suffixTitles: ['CD', 'CGC'],
      dateOfBirthParts: { day: null, month: 3, year: 2019, isEstimated: true },
      dateOfAdoptionParts: { day: 14, month: 7, year: 2019, isEstimated: false },
      areBothParentsRegistered: 'yes',
      isPrimaryOwnerBreeder: true,
      agreedToResearch: true,
      isHidden: true,
      isDeceased: true,
      optOutOfCommunications: true,
      excludeFromMatchmaker: true,
      socialLinks: [{ network: 'instagram', url: 'https://instagram.com/rex' }, { network: 'website', url: 'https://rex.example' }],
      registrations: [{ organizationId: organization.id, organizationName: organization.name, registrationNumber: 'SR123', registeredName: 'Sir Rex of the Sea' }],
      statedBreed: breed,
    };
    expect(saved.data.updatePet).to.deep.equal(expected);
    expect((await gql(people.owner, READ, { n: people.petNum })).data.me.petByPetNum).to.deep.equal(expected);

    const feed = (await people.owner.get(`/members/pet/about/${people.petNum}/json`).expect(200)).body;
    expect(feed).to.include({ name: 'Rex the Great', handle: 'rex-the-great', isDeceased: true, optOutOfCommunications: true, privacy: 'public-private', isHidden: true });
    expect(feed.dateOfBirth).to.deep.equal({ day: null, month: 3, year: 2019, isEstimated: true });
    expect(feed.statedBreed).to.deep.equal(breed);
    expect(feed.permissions).to.deep.equal({ isEditable: true, isReadOnly: false });
  });

  it('stores a known title as the suggestions spell it, an unknown one as typed (issue 36 §27)', async () => {
    const saved = await update(people.owner, { prefixTitles: ['gch', ' int  ch '], suffixTitles: ['cd', 'hsas', 'Best in Field'] });
    expect(saved.error).to.equal(undefined);
    expect(saved.data.updatePet.prefixTitles).to.deep.equal(['GCH', 'INT CH']);
    expect(saved.data.updatePet.suffixTitles).to.deep.equal(['CD', 'HSAs', 'Best in Field']);
  });

  it('leaves out fields unchanged, clears with null, and changes one field at a time', async () => {
    await update(people.owner, { name: 'Rex the Great', callName: 'Buddy', story: 'Short story', dateOfBirth: { year: 2018 }, prefixTitles: ['CH'], suffixTitles: ['CD', 'CGC'], socialLinks: [{ network: 'instagram', url: 'https://instagram.com/rex' }] });
    const cleared = await update(people.owner, { callName: null, story: null, dateOfBirth: null, prefixTitles: null, socialLinks: [] });
    expect(cleared.error).to.equal(undefined);
    expect(cleared.data.updatePet).to.include({ callName: null, story: null, name: 'Rex the Great' });
    expect(cleared.data.updatePet.dateOfBirthParts).to.deep.equal({ day: null, month: null, year: null, isEstimated: false });
    expect(cleared.data.updatePet.prefixTitles).to.deep.equal([]);
    expect(cleared.data.updatePet.socialLinks).to.deep.equal([]);
    expect(cleared.data.updatePet.suffixTitles).to.deep.equal(['CD', 'CGC']);
    for (const [field, value] of [
      ['isHidden', false],
      ['isDeceased', false],
      ['privacy', 'private'],
      ['sex', 'f'],
      ['areBothParentsRegistered', null],
    ] as const) {
      const result = await update(people.owner, { [field]: value });
      expect(result.data.updatePet[field], field).to.equal(value);
    }
  });

  it('keeps the day/month/year precision and the manual known/estimated choice', async () => {
    for (const parts of [
      { day: null, month: null, year: 2020, isEstimated: true },
      { day: null, month: 6, year: 2020, isEstimated: false },
      { day: 29, month: 2, year: 2020, isEstimated: true },
      { day: 1, month: 1, year: 1989, isEstimated: false },
    ]) {
      const result = await update(people.owner, { dateOfAdoption: parts });
      expect(result.data.updatePet.dateOfAdoptionParts).to.deep.equal(parts);
    }
  });

  it('refuses an adoption date before the saved birth date, and saves nothing of the call', async () => {
    await update(people.owner, { dateOfBirth: { day: 10, month: 4, year: 2021 }, dateOfAdoption: null });
    const before = await petSnapshot(people.petNum);
    const result = await update(people.owner, { name: 'Not Saved', dateOfAdoption: { day: 9, month: 4, year: 2021 } });
    expect(result.errors?.[0].message).to.equal(ADOPTION_BEFORE_BIRTH);
    expect(await petSnapshot(people.petNum)).to.deep.equal(before);
    const ok = await update(people.owner, { dateOfAdoption: { day: null, month: 4, year: 2021 } });
    expect(ok.data.updatePet.dateOfAdoptionParts).to.deep.include({ month: 4, year: 2021 });
    await update(people.owner, { dateOfBirth: null, dateOfAdoption: null });
  });

  it('forgets the stated breed and registrations for breed types that do not collect them', async () => {
    await update(people.owner, { breedType: 'designer', statedBreedId: breed.id, registrations: [{ organizationId: organization.id, registrationNumber: 'X1' }] });
    const mixed = await update(people.owner, { breedType: 'mixed' });
    expect(mixed.data.updatePet.statedBreed).to.equal(null);
    expect(mixed.data.updatePet.registrations).to.deep.equal([]);
  });

  it('lets a co-owner with edit permission and a petUuid query save', async () => {
    const result = await update(people.editCoOwner, { callName: 'Co' }, { petUuid: people.petUuid });
    expect(result.error).to.equal(undefined);
    expect(result.data.updatePet.callName).to.equal('Co');
  });

  it('refuses everyone who may not edit the dog, and changes nothing', async () => {
    const before = await petSnapshot(people.petNum);
    for (const [who, agent] of Object.entries(people.refused)) {
      for (const query of [{ petNum: people.petNum }, { petUuid: people.petUuid }]) {
        const result = await update(agent, { name: 'Hacked', isHidden: true }, query);
        expect(result.error, who).to.equal(NOT_AUTHORIZED);
        expect(result.data?.updatePet ?? null, who).to.equal(null);
      }
    }
    const own = await update(people.refused.readOnlyAccount, { name: 'Mine' }, { petNum: people.readOnlyAccountPetNum });
    expect(own.error).to.equal(NOT_AUTHORIZED);
    expect((await signedOutGql(app, UPDATE, { u: { name: 'X' }, q: { petNum: people.petNum } })).error).to.equal(PLEASE_LOG_IN);
    expect(await petSnapshot(people.petNum)).to.deep.equal(before);
    expect((await petSnapshot(people.readOnlyAccountPetNum)).pet.name).to.equal('Pebble');
  });

  it('refuses bad input with a clear message and saves nothing of the call', async () => {
    const db = await testDb();
    const other = await db('pets').whereNot({ pet_num: people.petNum }).first('handle');
    const thisYear = new Date().getFullYear();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: null }, NAME_REQUIRED],
      [{ name: '   ' }, NAME_REQUIRED],
      [{ name: 'x'.repeat(51) }, NAME_TOO_LONG],
      [{ story: 'x'.repeat(2001) }, STORY_TOO_LONG],
      [{ breedType: 'wolf' }, BREED_TYPE_INVALID],
      [{ privacy: 'everyone' }, PRIVACY_INVALID],
      [{ handle: 'no spaces' }, HANDLE_CHARACTERS],
      [{ handle: other.handle }, `${other.handle} is not available. Alternative: ${other.handle}-1`],
      [{ dateOfBirth: { day: 1, month: 1, year: 1988 } }, `Date of birth: ${dateYearRange(new Date())}`],
      [{ dateOfBirth: { year: thisYear + 1 } }, `Date of birth: ${dateYearRange(new Date())}`],
      [{ dateOfAdoption: { day: 31, month: 4, year: 2020 } }, `Date of adoption: ${DATE_NOT_REAL}`],
      [{ dateOfAdoption: { day: 31, month: 12, year: thisYear } }, new Date().getMonth() === 11 && new Date().getDate() === 31 ? '' : `Date of adoption: ${DATE_IN_FUTURE}`],
      [{ statedBreedId: 999999 }, STATED_BREED_INVALID],
      [{ registrations: [{ organizationId: 999999 }] }, REGISTRATION_ORGANIZATION_INVALID],
    ];
    const before = await petSnapshot(people.petNum);
    for (const [fields, message] of cases) {
      if (!message) continue;
      // A valid change rides along: it must not be saved either.
      const result = await update(people.owner, { callName: 'Partial', ...fields });
      expect(result.error, JSON.stringify(fields)).to.equal(message);
      expect(result.errors[0].extensions.code).to.equal('BAD_USER_INPUT');
    }
    for (const fields of [{ colour: 'red' }, { sex: 3 }, { isHidden: 'yes' }, { dateOfBirth: { year: '2019x' } }]) {
      const result = await update(people.owner, fields);
      expect(result.error, JSON.stringify(fields)).to.equal(INVALID_ARGUMENTS);
    }
    expect((await update(people.owner, { name: 'A' }, {})).error).to.equal(INVALID_ARGUMENTS);
    expect((await update(people.owner, { name: 'A' }, { petNum: people.petNum, petUuid: people.petUuid })).error).to.equal(INVALID_ARGUMENTS);
    expect((await update(people.owner, { name: 'A' }, { petUuid: 'not-a-uuid' })).error).to.equal(INVALID_ARGUMENTS);
    expect(await petSnapshot(people.petNum)).to.deep.equal(before);
  });

  it('asks a breeder owner whether the dog is neutered or spayed', async () => {
    const db = await testDb();
    const breeder = await profilePeople(app);
    await db('users').where({ id: breeder.ownerId }).update({ is_breeder: true });
    expect((await update(breeder.owner, { intact: null }, { petNum: breeder.petNum })).error).to.equal(INTACT_REQUIRED_FOR_BREEDER);
    expect((await update(breeder.owner, { intact: 'i' }, { petNum: breeder.petNum })).data.updatePet.intact).to.equal('i');
    expect((await update(people.owner, { intact: null })).data.updatePet.intact).to.equal(null);
  });
});
