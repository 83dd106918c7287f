// QA: titles were free text. Spec 1 §5 only suggests show and sport titles (owners may type others), so
// the server checks their shape: trimmed, 1 to 20 characters, no commas, no hidden characters, none twice.
import { expect } from 'chai';
import type { Express } from 'express';
import { testApp } from '../../support/app.js';
import { resetDatabase, testDb } from '../../support/database.js';
import { INVALID_ARGUMENTS } from '../../../server/shared/messages.js';
import { TITLE_CONTROL_CHARACTERS, TITLE_INVALID, TITLES_TOO_MANY, TITLE_MAX_COUNT, titleListedTwice } from '../../../server/shared/pet-profile-rules.js';
import { PREFIX_TITLES, SUFFIX_TITLES } from '../../../server/shared/pet-profile-titles.js';
import { gql, petSnapshot, profilePeople, type ProfilePeople } from './people.js';

const UPDATE = `mutation($u: PetUpdateFields!, $q: PetQueryFields!) { updatePet(updateFields: $u, queryFields: $q) { prefixTitles suffixTitles } }`;

describe('pet profile: titles', function () {
  this.timeout(60_000);
  let app: Express;
  let people: ProfilePeople;

  before(async () => {
    await resetDatabase(await testDb());
    app = await testApp();
    people = await profilePeople(app);
  });

  const update = (fields: Record<string, unknown>) => gql(people.owner, UPDATE, { u: fields, q: { petNum: people.petNum } });

  it('saves suggested and typed titles, trimmed', async () => {
    const result = await update({ prefixTitles: [' GCH ', 'CH'], suffixTitles: ['CD', 'Therapy Dog'] });
    expect(result.error).to.equal(undefined);
    expect(result.data.updatePet).to.deep.equal({ prefixTitles: ['GCH', 'CH'], suffixTitles: ['CD', 'Therapy Dog'] });
    const row = await (await testDb())('pets').where({ pet_num: people.petNum }).first('prefix_titles', 'suffix_titles');
    expect(row).to.deep.equal({ prefix_titles: ['GCH', 'CH'], suffix_titles: ['CD', 'Therapy Dog'] });
  });

  it('refuses a title twice, hidden characters, commas, blanks and over-long titles with a clear message, saving nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ prefixTitles: ['CH', 'GCH', 'ch'] }, titleListedTwice('ch')],
      [{ suffixTitles: ['CD', ' CD '] }, titleListedTwice('CD')],
      [{ prefixTitles: ['C\u0007H'] }, INVALID_ARGUMENTS], // the GraphQL route refuses C0 controls in any argument
      [{ prefixTitles: ['CH\nGCH'] }, TITLE_CONTROL_CHARACTERS],
      [{ suffixTitles: ['C\tD'] }, TITLE_CONTROL_CHARACTERS],
      [{ suffixTitles: ['CD\u202E'] }, TITLE_CONTROL_CHARACTERS], // a bidi override that reverses what follows
      [{ prefixTitles: ['C\u200BH'] }, TITLE_CONTROL_CHARACTERS], // a zero-width space: 'CH' that is not CH
      [{ prefixTitles: ['CH, GCH'] }, TITLE_INVALID],
      [{ prefixTitles: ['   '] }, TITLE_INVALID],
      [{ prefixTitles: ['X'.repeat(21)] }, TITLE_INVALID],
      [{ prefixTitles: Array.from({ length: TITLE_MAX_COUNT + 1 }, (_, i) => `T${i}`) }, TITLES_TOO_MANY],
    ];
    const before = await petSnapshot(people.petNum);
    for (const [fields, message] of cases) {
      // A valid change rides along: it must not be saved either.
      const result = await update({ callName: 'Partial', ...fields });
      expect(result.error, JSON.stringify(fields)).to.equal(message);
      expect(result.errors[0].extensions.code).to.equal('BAD_USER_INPUT');
    }
    expect(await petSnapshot(people.petNum)).to.deep.equal(before);
  });

  it('accepts every suggested title', async () => {
    for (let i = 0; i < PREFIX_TITLES.length; i += TITLE_MAX_COUNT) {
      expect((await update({ prefixTitles: PREFIX_TITLES.slice(i, i + TITLE_MAX_COUNT) })).error).to.equal(undefined);
    }
    for (let i = 0; i < SUFFIX_TITLES.length; i += TITLE_MAX_COUNT) {
      expect((await update({ suffixTitles: SUFFIX_TITLES.slice(i, i + TITLE_MAX_COUNT) })).error).to.equal(undefined);
    }
  });
});
