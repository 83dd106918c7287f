import { expect } from 'chai';
import {
  HANDLE_AVAILABLE,
  INTACT_REQUIRED_FOR_BREEDER,
  NAME_REQUIRED,
  REGISTRATION_ORGANIZATION_INVALID,
  TITLE_INVALID,
  TITLE_MAX_COUNT,
} from '../../../../server/shared/pet-profile-rules';
import {
  aboutPetFields,
  addTitle,
  addTitles,
  breedingFields,
  dateDraftFrom,
  dateInputFrom,
  detailsFields,
  draftFromPet,
  fieldErrors,
  handleCheckText,
  nameStoryFields,
  otherErrors,
  removeTitle,
  socialLinkFields,
  withDatePart,
  withEstimatedChoice,
  withTypedTitles,
} from '../../../../widgets/pet-profile/draft';
import { aboutPet, NO_DATE } from './about-pet';
import { PREFIX_TITLES, SUFFIX_TITLES } from '../../../../server/shared/pet-profile-titles';

describe('about-pet draft: dates (spec 2 §4 known/estimated)', () => {
  it('follows the rule while the owner has not chosen: a day makes it known, month or year alone estimated', () => {
    let date = dateDraftFrom(NO_DATE);
    expect(date.isEstimated).to.equal(null);
    date = withDatePart(date, 'year', 2019);
    expect(date.isEstimated).to.equal(true);
    date = withDatePart(date, 'month', 4);
    expect(date.isEstimated).to.equal(true);
    date = withDatePart(date, 'day', 12);
    expect(date.isEstimated).to.equal(false);
    date = withDatePart(date, 'day', null);
    expect(date.isEstimated).to.equal(true);
  });

  it('keeps a choice made by hand while parts change', () => {
    let date = withDatePart(dateDraftFrom(NO_DATE), 'year', 2019);
    date = withEstimatedChoice(date, false);
    date = withDatePart(date, 'month', 5);
    expect(date).to.include({ isEstimated: false, isEstimatedChosen: true });
    date = withDatePart(date, 'day', 2);
    date = withEstimatedChoice(date, true);
    date = withDatePart(date, 'day', 9);
    expect(date.isEstimated).to.equal(true);
  });

  it('treats a stored flag that differs from the rule as chosen by hand', () => {
    expect(dateDraftFrom({ day: 1, month: 2, year: 2020, isEstimated: true }).isEstimatedChosen).to.equal(true);
    expect(dateDraftFrom({ day: 1, month: 2, year: 2020, isEstimated: false }).isEstimatedChosen).to.equal(false);
    expect(dateDraftFrom({ day: null, month: null, year: 2020, isEstimated: true }).isEstimatedChosen).to.equal(false);
  });

  it('clears the date when every part is cleared, and forgets the manual choice', () => {
    let date = withEstimatedChoice(withDatePart(dateDraftFrom(NO_DATE), 'year', 2019), false);
    date = withDatePart(date, 'year', null);
    expect(dateInputFrom(date)).to.equal(null);
    expect(date.isEstimatedChosen).to.equal(false);
    expect(dateInputFrom(withDatePart(date, 'year', 2018))).to.deep.equal({ day: null, month: null, year: 2018, isEstimated: true });
  });
});

describe('about-pet draft: update fields', () => {
  it('turns the feed into a draft and back without changes', () => {
    const pet = aboutPet({ callName: 'Bis', story: 'Good dog', prefixTitles: ['CH'], socialLinks: [{ network: 'instagram', url: 'https://instagram.com/b' }] });
    const draft = draftFromPet(pet);
    expect(nameStoryFields(draft)).to.deep.equal({ name: 'Biscuit', callName: 'Bis', story: 'Good dog' });
    expect(detailsFields(draft)).to.deep.equal({
      handle: 'biscuit-7',
      breedType: 'mixed',
      statedBreedId: null,
      sex: 'm',
      intact: null,
      dateOfBirth: { day: 3, month: 3, year: 2020, isEstimated: false },
      dateOfAdoption: null,
    });
    expect(socialLinkFields(draft, ['facebook', 'instagram'])).to.deep.equal({ socialLinks: [{ network: 'instagram', url: 'https://instagram.com/b' }] });
  });

  it('sends blank texts as null and the handle lower-cased', () => {
    const draft = { ...draftFromPet(aboutPet()), name: '  Rex ', callName: '   ', story: '', handle: ' Rex-1 ' };
    expect(nameStoryFields(draft)).to.deep.equal({ name: 'Rex', callName: null, story: null });
    expect(detailsFields(draft).handle).to.equal('rex-1');
  });

  it('keeps the breed and registrations only for purebred and designer dogs', () => {
    const purebred = {
      ...draftFromPet(aboutPet({ breedType: 'purebred', statedBreed: { id: 12, name: 'Beagle' } })),
      registrations: [
        { organizationId: 3, registrationNumber: ' HP123 ', registeredName: '' },
        { organizationId: null, registrationNumber: '', registeredName: ' ' },
      ],
    };
    expect(detailsFields(purebred).statedBreedId).to.equal(12);
    expect(breedingFields(purebred).registrations).to.deep.equal([{ organizationId: 3, registrationNumber: 'HP123', registeredName: null }]);
    const mixed = { ...purebred, breedType: 'mixed' };
    expect(detailsFields(mixed).statedBreedId).to.equal(null);
    expect(breedingFields(mixed)).to.not.have.property('registrations');
  });

  it('asks for a registry when a registration row has a number but none chosen', () => {
    const draft = {
      ...draftFromPet(aboutPet({ breedType: 'purebred' })),
      registrations: [{ organizationId: null, registrationNumber: 'X1', registeredName: '' }],
    };
    const errors = fieldErrors(aboutPetFields(draft), { today: new Date(2026, 0, 1), isBreeder: false });
    expect(errors.registrations).to.equal(REGISTRATION_ORGANIZATION_INVALID);
  });

  it('checks the fields with the server rules: name required, intact required for a breeder', () => {
    const draft = { ...draftFromPet(aboutPet()), name: ' ' };
    const today = new Date(2026, 0, 1);
    expect(fieldErrors(aboutPetFields(draft), { today, isBreeder: false })).to.deep.equal({ name: NAME_REQUIRED });
    const breederDraft = draftFromPet(aboutPet());
    expect(fieldErrors(detailsFields(breederDraft), { today, isBreeder: true })).to.deep.equal({ intact: INTACT_REQUIRED_FOR_BREEDER });
    expect(fieldErrors(detailsFields({ ...breederDraft, intact: 'f' }), { today, isBreeder: true })).to.deep.equal({});
  });

  it('lists the errors no field shows', () => {
    expect(otherErrors({ name: 'a', socialLinks: 'b', handle: 'c' }, ['name', 'handle'])).to.deep.equal(['b']);
  });
});

describe('about-pet draft: titles and handle text', () => {
  it('adds a title once (any case), trims it and removes it again', () => {
    let titles = addTitle([], ' CH ');
    titles = addTitle(titles, 'ch');
    titles = addTitle(titles, '');
    expect(titles).to.deep.equal(['CH']);
    expect(removeTitle(addTitle(titles, 'GCH'), 'CH')).to.deep.equal(['GCH']);
  });

  it('spells a known title as the suggestions do, and keeps an unknown one as typed (issue 36 §27)', () => {
    expect(addTitle([], 'cd', SUFFIX_TITLES)).to.deep.equal(['CD']);
    expect(addTitle([], ' hsas ', SUFFIX_TITLES)).to.deep.equal(['HSAs']);
    expect(addTitles([], 'gch,  int   ch', PREFIX_TITLES)).to.deep.equal(['GCH', 'INT CH']);
    expect(addTitle([], 'Best in Field', SUFFIX_TITLES)).to.deep.equal(['Best in Field']);
    expect(addTitle(['CD'], 'cd', SUFFIX_TITLES)).to.deep.equal(['CD']);
  });

  it('splits comma-separated titles and stops at the limit', () => {
    expect(addTitles(['CH'], 'GCH, ch ,DC')).to.deep.equal(['CH', 'GCH', 'DC']);
    const full = Array.from({ length: TITLE_MAX_COUNT }, (_, i) => `T${i}`);
    expect(addTitle(full, 'CH')).to.have.length(TITLE_MAX_COUNT);
  });

  it('saves the text still typed in a titles input as Enter would add it (QA: it was lost)', () => {
    const draft = { ...draftFromPet(aboutPet({ prefixTitles: ['GCH'] })), typedTitles: { prefixTitles: ' CH ', suffixTitles: 'CGC, cd' } };
    expect(breedingFields(draft)).to.deep.include({ prefixTitles: ['GCH', 'CH'], suffixTitles: ['CGC', 'CD'] });
    expect(withTypedTitles(draft)).to.deep.include({ prefixTitles: ['GCH', 'CH'], suffixTitles: ['CGC', 'CD'], typedTitles: { prefixTitles: '', suffixTitles: '' } });
    expect(breedingFields({ ...draft, typedTitles: { prefixTitles: 'gch', suffixTitles: '  ' } })).to.deep.include({ prefixTitles: ['GCH'], suffixTitles: [] });
  });

  it('checks a typed title by the same rules as one added with Enter', () => {
    const tooLong = 'X'.repeat(21);
    const draft = { ...draftFromPet(aboutPet()), typedTitles: { prefixTitles: tooLong, suffixTitles: '' } };
    const today = new Date(2026, 0, 1);
    expect(fieldErrors(aboutPetFields(draft), { today, isBreeder: false })).to.deep.equal({ prefixTitles: TITLE_INVALID });
    const entered = { ...draftFromPet(aboutPet()), prefixTitles: addTitles([], tooLong) };
    expect(fieldErrors(aboutPetFields(entered), { today, isBreeder: false })).to.deep.equal({ prefixTitles: TITLE_INVALID });
  });

  it("reads 'Available' or '{handle} is not available. Alternative: {x}'", () => {
    expect(handleCheckText({ handle: 'rex', isAvailable: true, alternative: 'rex' })).to.equal(HANDLE_AVAILABLE);
    expect(handleCheckText({ handle: 'rex', isAvailable: false, alternative: 'rex-2' })).to.equal('rex is not available. Alternative: rex-2');
  });
});
