import { expect } from 'chai';
import {
  ADOPTION_BEFORE_BIRTH,
  isAdoptionBeforeBirth,
  BREED_TYPES,
  collectsBreedInfo,
  DATE_DAY_NEEDS_MONTH_AND_YEAR,
  DATE_DAY_RANGE,
  DATE_IN_FUTURE,
  DATE_MONTH_NEEDS_YEAR,
  DATE_MONTH_RANGE,
  DATE_NOT_REAL,
  datePartsError,
  dateYearRange,
  DAYS,
  estimatedFromParts,
  FIRST_YEAR,
  HANDLE_AVAILABLE,
  HANDLE_CHARACTERS,
  HANDLE_CHECK_DELAY_MS,
  HANDLE_LENGTH,
  HANDLE_REQUIRED,
  handleFormatError,
  handleTakenText,
  MONTHS,
  NAME_MAX,
  NAME_REQUIRED,
  NAME_ONE_LINE,
  CALL_NAME_ONE_LINE,
  NAME_TOO_LONG,
  PRIVACY_OPTIONS,
  SOCIAL_NETWORKS,
  STORY_MAX,
  STORY_TOO_LONG,
  TITLE_MAX_COUNT,
  titlesFromText,
  toDateParts,
  validatePetUpdateFields,
  yearOptions,
  type DateParts,
} from '../../../server/shared/pet-profile-rules';

const today = new Date(2026, 10, 22); // 22 Nov 2026, local time
const parts = (day: number | null, month: number | null, year: number | null, isEstimated = false): DateParts => ({ day, month, year, isEstimated });
const validate = (fields: Record<string, unknown>, isBreeder = false) => validatePetUpdateFields(fields, { today, isBreeder }).errors;

describe('pet profile rules', () => {
  it('lists the breed types of the spec and which collect breed info', () => {
    expect(BREED_TYPES.map((t) => t.value)).to.deep.equal(['purebred', 'designer', 'mixed', 'village', 'unknown', 'notShared']);
    expect(BREED_TYPES.find((t) => t.value === 'unknown')?.label).to.equal("I'm not sure yet!");
    expect(BREED_TYPES.find((t) => t.value === 'notShared')?.label).to.equal('I prefer not to say');
    expect(BREED_TYPES.map((t) => collectsBreedInfo(t.value))).to.deep.equal([true, true, false, false, false, false]);
    expect(collectsBreedInfo(null)).to.equal(false);
    expect(collectsBreedInfo('')).to.equal(false);
  });

  it('offers years from this year down to 1989, twelve months and 31 days', () => {
    const years = yearOptions(today);
    expect(years[0]).to.equal(2026);
    expect(years.at(-1)).to.equal(FIRST_YEAR);
    expect(years).to.have.length(2026 - 1989 + 1);
    expect(MONTHS).to.have.length(12);
    expect(MONTHS[0]).to.equal('Jan');
    expect(MONTHS[11]).to.equal('Dec');
    expect(DAYS[0]).to.equal(1);
    expect(DAYS.at(-1)).to.equal(31);
  });

  it('applies the estimated/known rule: known with a day, estimated with only a month or year, none when empty', () => {
    expect(estimatedFromParts(parts(3, 4, 2020))).to.equal(false);
    expect(estimatedFromParts(parts(null, 4, 2020))).to.equal(true);
    expect(estimatedFromParts(parts(null, null, 2020))).to.equal(true);
    expect(estimatedFromParts(parts(null, 4, null))).to.equal(true);
    expect(estimatedFromParts(parts(null, null, null))).to.equal(null);
    expect(toDateParts({ year: 2020 })).to.deep.equal(parts(null, null, 2020, true));
    expect(toDateParts({ year: 2020, month: 1, day: 2, isEstimated: true })).to.deep.equal(parts(2, 1, 2020, true));
    expect(toDateParts(null)).to.deep.equal(parts(null, null, null, false));
  });

  it('accepts empty, partial and full dates within range', () => {
    for (const ok of [parts(null, null, null), parts(null, null, 1989), parts(null, 1, 1989), parts(1, 1, 1989), parts(31, 12, 2025), parts(22, 11, 2026), parts(null, 11, 2026), parts(null, null, 2026), parts(29, 2, 2024)]) {
      expect(datePartsError(ok, today), JSON.stringify(ok)).to.equal(null);
    }
  });

  it('refuses dates at and beyond their boundaries', () => {
    expect(datePartsError(parts(0, 1, 2020), today)).to.equal(DATE_DAY_RANGE);
    expect(datePartsError(parts(32, 1, 2020), today)).to.equal(DATE_DAY_RANGE);
    expect(datePartsError(parts(1.5, 1, 2020), today)).to.equal(DATE_DAY_RANGE);
    expect(datePartsError(parts(1, 0, 2020), today)).to.equal(DATE_MONTH_RANGE);
    expect(datePartsError(parts(1, 13, 2020), today)).to.equal(DATE_MONTH_RANGE);
    expect(datePartsError(parts(null, null, 1988), today)).to.equal(dateYearRange(today));
    expect(datePartsError(parts(null, null, 2027), today)).to.equal(dateYearRange(today));
    expect(dateYearRange(today)).to.equal('The year must be between 1989 and 2026');
    expect(datePartsError(parts(3, null, 2020), today)).to.equal(DATE_DAY_NEEDS_MONTH_AND_YEAR);
    expect(datePartsError(parts(3, 4, null), today)).to.equal(DATE_DAY_NEEDS_MONTH_AND_YEAR);
    expect(datePartsError(parts(null, 4, null), today)).to.equal(DATE_MONTH_NEEDS_YEAR);
    expect(datePartsError(parts(31, 4, 2020), today)).to.equal(DATE_NOT_REAL);
    expect(datePartsError(parts(29, 2, 2023), today)).to.equal(DATE_NOT_REAL);
    expect(datePartsError(parts(23, 11, 2026), today)).to.equal(DATE_IN_FUTURE);
    expect(datePartsError(parts(null, 12, 2026), today)).to.equal(DATE_IN_FUTURE);
    expect(datePartsError(parts(1, 12, 2026), today)).to.equal(DATE_IN_FUTURE);
  });

  it('checks handles as lower-cased input: 2 to 63 letters, digits and hyphens, starting with a letter or digit', () => {
    for (const ok of ['ab', 'rex', 'rex-2', '9lives', 'Rex', ' rex ', 'a'.repeat(63), 'a-']) {
      expect(handleFormatError(ok), ok).to.equal(null);
    }
    expect(handleFormatError('')).to.equal(HANDLE_REQUIRED);
    expect(handleFormatError('   ')).to.equal(HANDLE_REQUIRED);
    expect(handleFormatError('a')).to.equal(HANDLE_LENGTH);
    expect(handleFormatError('a'.repeat(64))).to.equal(HANDLE_LENGTH);
    for (const bad of ['-rex', 'rex_1', 'rex 1', 'réx', 'rex!', 'rex.dog']) {
      expect(handleFormatError(bad), bad).to.equal(HANDLE_CHARACTERS);
    }
  });

  it('words the handle check like the spec', () => {
    expect(handleTakenText('rex', 'rex-1')).to.equal('rex is not available. Alternative: rex-1');
    expect(HANDLE_AVAILABLE).to.equal('Available');
    expect(HANDLE_CHECK_DELAY_MS).to.equal(1000);
  });

  it('lists privacy options and social networks', () => {
    expect(PRIVACY_OPTIONS.map((o) => [o.value, o.label])).to.deep.equal([
      ['public', 'Public'],
      ['public-private', 'Members only'],
      ['private', 'Private'],
    ]);
    expect(SOCIAL_NETWORKS.map((o) => o.value)).to.deep.equal(['facebook', 'instagram', 'tiktok', 'youtube', 'x', 'website']);
  });

  it('turns comma-separated titles into a clean list', () => {
    expect(titlesFromText(' CH, gch ,,CH, CD')).to.deep.equal(['CH', 'gch', 'CD']);
    expect(titlesFromText('')).to.deep.equal([]);
  });

  describe('validatePetUpdateFields', () => {
    it('accepts a full valid update and an empty one', () => {
      expect(validate({})).to.deep.equal({});
      expect(
        validate({
          name: 'Rex',
          callName: null,
          story: 'A good dog',
          handle: 'rex-the-dog',
          sex: 'm',
          intact: 'f',
          breedType: 'purebred',
          statedBreedId: 3,
          prefixTitles: ['CH'],
          suffixTitles: ['CD', 'CGC'],
          dateOfBirth: { day: 1, month: 2, year: 2020, isEstimated: false },
          dateOfAdoption: { day: null, month: null, year: 2021 },
          areBothParentsRegistered: 'yes',
          isPrimaryOwnerBreeder: false,
          agreedToResearch: true,
          registrations: [{ organizationId: 1, registrationNumber: 'DN123', registeredName: 'Sir Rex' }],
          socialLinks: [{ network: 'instagram', url: 'https://instagram.com/rex' }],
          privacy: 'public-private',
          isHidden: false,
          isDeceased: false,
          optOutOfCommunications: true,
          excludeFromMatchmaker: false,
        }),
      ).to.deep.equal({});
    });

    it('requires a name of at most 50 characters and a story of at most 2000', () => {
      expect(validate({ name: null }).name).to.equal(NAME_REQUIRED);
      expect(validate({ name: '  ' }).name).to.equal(NAME_REQUIRED);
      expect(validate({ name: '\u200b' }).name).to.equal(NAME_REQUIRED);
      expect(validate({ name: 'Maple\r\nBcc: evil@attacker.test' }).name).to.equal(NAME_ONE_LINE);
      expect(validate({ callName: 'Map\nle' }).callName).to.equal(CALL_NAME_ONE_LINE);
      expect(validate({ callName: '\u200b' })).to.deep.equal({}); // saved as no call name
      expect(validate({ name: 'x'.repeat(NAME_MAX) })).to.deep.equal({});
      expect(validate({ name: 'x'.repeat(NAME_MAX + 1) }).name).to.equal(NAME_TOO_LONG);
      expect(validate({ story: 'x'.repeat(STORY_MAX) })).to.deep.equal({});
      expect(validate({ story: 'x'.repeat(STORY_MAX + 1) }).story).to.equal(STORY_TOO_LONG);
      expect(validate({ story: null })).to.deep.equal({});
    });

    it('refuses unknown fields and values outside their lists', () => {
      expect(validate({ colour: 'red' })).to.have.property('colour', 'Unknown field: colour');
      expect(validate({ breedType: 'wolf' })).to.have.property('breedType');
      expect(validate({ sex: 'x' })).to.have.property('sex');
      expect(validate({ intact: 'n' })).to.have.property('intact');
      expect(validate({ privacy: 'secret' })).to.have.property('privacy');
      expect(validate({ privacy: null })).to.have.property('privacy');
      expect(validate({ areBothParentsRegistered: 'maybe' })).to.have.property('areBothParentsRegistered');
      expect(validate({ isHidden: 'yes' })).to.have.property('isHidden');
      expect(validate({ isHidden: null })).to.have.property('isHidden');
      expect(validate({ handle: 'Bad Handle' })).to.have.property('handle', HANDLE_CHARACTERS);
      expect(validate({ handle: null })).to.have.property('handle', HANDLE_REQUIRED);
      expect(validate({ statedBreedId: 0 })).to.have.property('statedBreedId');
    });

    it('labels date errors with the date they concern', () => {
      expect(validate({ dateOfBirth: { day: 1, month: 1, year: 1988 } }).dateOfBirth).to.equal('Date of birth: The year must be between 1989 and 2026');
      expect(validate({ dateOfAdoption: { day: 30, month: 11, year: 2026 } }).dateOfAdoption).to.equal(`Date of adoption: ${DATE_IN_FUTURE}`);
      expect(validate({ dateOfBirth: null })).to.deep.equal({});
    });

    it('refuses an adoption surely before the birth, and allows partial dates that may overlap', () => {
      expect(validate({ dateOfBirth: { day: 3, month: 5, year: 2020 }, dateOfAdoption: { day: 2, month: 5, year: 2020 } }).dateOfAdoption).to.equal(ADOPTION_BEFORE_BIRTH);
      expect(validate({ dateOfBirth: { day: 3, month: 5, year: 2020 }, dateOfAdoption: { day: 3, month: 5, year: 2020 } })).to.deep.equal({});
      expect(validate({ dateOfBirth: { day: 3, month: 5, year: 2020 }, dateOfAdoption: { day: null, month: 5, year: 2020 } })).to.deep.equal({});
      expect(validate({ dateOfBirth: { day: null, month: null, year: 2020 }, dateOfAdoption: { day: 31, month: 12, year: 2019 } }).dateOfAdoption).to.equal(ADOPTION_BEFORE_BIRTH);
      expect(isAdoptionBeforeBirth({ day: null, month: null, year: null }, { day: 1, month: 1, year: 1990 })).to.equal(false);
    });

    it('makes intact required only for breeders', () => {
      expect(validate({ intact: null }, false)).to.deep.equal({});
      expect(validate({ intact: null }, true).intact).to.equal('Please tell us whether your dog is neutered or spayed');
      expect(validate({ intact: 'i' }, true)).to.deep.equal({});
    });

    it('limits titles, registrations and social links', () => {
      expect(validate({ prefixTitles: Array.from({ length: TITLE_MAX_COUNT }, (_, i) => `T${i}`) })).to.deep.equal({});
      expect(validate({ prefixTitles: Array.from({ length: TITLE_MAX_COUNT + 1 }, (_, i) => `T${i}`) })).to.have.property('prefixTitles');
      expect(validate({ suffixTitles: ['CD,CDX'] })).to.have.property('suffixTitles');
      expect(validate({ suffixTitles: [''] })).to.have.property('suffixTitles');
      expect(validate({ registrations: [{ organizationId: 1 }, { organizationId: 1 }] })).to.have.property('registrations');
      expect(validate({ registrations: [{ organizationId: 1, registrationNumber: 'x'.repeat(51) }] })).to.have.property('registrations');
      expect(validate({ socialLinks: [{ network: 'myspace', url: 'https://x.com' }] })).to.have.property('socialLinks');
      expect(validate({ socialLinks: [{ network: 'x', url: 'javascript:alert(1)' }] })).to.have.property('socialLinks');
      expect(validate({ socialLinks: [{ network: 'x', url: 'https://x.com/a' }, { network: 'x', url: 'https://x.com/b' }] })).to.have.property('socialLinks');
    });
  });
});
