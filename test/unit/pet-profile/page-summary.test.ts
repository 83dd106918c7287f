import { expect } from 'chai';
import { ABOUT_SUMMARY_ROWS, aboutPageSummary, aboutPageTitle, backToProfileText } from '../../../server/shared/pet-profile-page-summary';
import { aboutPet } from '../widgets/pet-profile/about-pet';

describe('about page summary', () => {
  it('has a text for every row, null for rows with nothing to show', () => {
    const texts = aboutPageSummary(aboutPet());
    for (const row of ABOUT_SUMMARY_ROWS) expect(texts).to.have.property(row.key);
    expect(texts).to.include({ name: 'Biscuit', callName: null, breedType: 'Mixed breed', sex: 'Male', intact: 'Not given', dateOfBirth: 'March 3, 2020', dateOfAdoption: 'Not given' });
    expect(texts).to.include({ prefixTitles: null, suffixTitles: null, registrations: null, socialLinks: null, story: null, isHidden: null, isDeceased: null });
  });

  it('writes what is set in the words of the form', () => {
    const texts = aboutPageSummary(
      aboutPet({
        callName: 'Bis',
        story: 'Found on a beach.',
        prefixTitles: ['GCH', 'CH'],
        suffixTitles: ['CD'],
        registrations: [{ organizationId: 1, organizationName: 'AKC', registrationNumber: 'HP1', registeredName: 'Sir Biscuit' }],
        socialLinks: [{ network: 'instagram', url: 'https://instagram.com/b' }, { network: 'x', url: 'https://x.com/b' }],
        dateOfBirth: { day: null, month: 7, year: 2019, isEstimated: true },
        areBothParentsRegistered: 'no',
        privacy: 'public-private',
        isHidden: true,
        isDeceased: true,
      }),
    );
    expect(texts).to.include({
      callName: 'Bis',
      story: 'Found on a beach.',
      prefixTitles: 'GCH, CH',
      suffixTitles: 'CD',
      registrations: 'AKC HP1 (Sir Biscuit)',
      socialLinks: 'Instagram, X',
      dateOfBirth: 'July 2019 (estimated)',
      areBothParentsRegistered: 'No',
      privacy: 'Members only',
      isHidden: 'Hidden from every public list',
      isDeceased: 'Yes',
    });
  });

  it('titles the page and the back link by the dog’s names', () => {
    expect(aboutPageTitle('Biscuit')).to.equal('About Biscuit');
    expect(backToProfileText({ name: 'Biscuit', callName: null })).to.equal("Back to Biscuit's profile");
    expect(backToProfileText({ name: 'Biscuit', callName: 'Bis' })).to.equal("Back to Bis's profile");
  });
});
