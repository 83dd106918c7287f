import { expect } from 'chai';
import { parseAboutPetProps, parsePetSettingsProps } from '../../../../widgets/pet-profile/props';
import { dateText, NOT_SET, privacyLabel, socialSummary } from '../../../../widgets/pet-profile/summary';
import { deleteResearchText } from '../../../../widgets/pet-profile/text';
import { aboutPet } from './about-pet';

describe('pet settings list values', () => {
  it('writes dates as day month year, as the rest of the site does, marking estimated ones', () => {
    expect(dateText({ day: 3, month: 3, year: 2020, isEstimated: false })).to.equal('March 3, 2020');
    expect(dateText({ day: null, month: 12, year: 2019, isEstimated: true })).to.equal('December 2019 (estimated)');
    expect(dateText({ day: null, month: null, year: null, isEstimated: false })).to.equal(null);
  });

  it('sums up social media and privacy', () => {
    const pet = aboutPet({ socialLinks: [{ network: 'x', url: 'https://x.com/b' }] });
    expect(socialSummary(pet)).to.equal('X');
    expect(socialSummary(aboutPet())).to.equal(NOT_SET);
    expect(privacyLabel('public-private')).to.equal('Members only');
  });

  it('says whether the results stay for research when the dog is deleted', () => {
    expect(deleteResearchText('Rex', true)).to.contain('stay in our research data');
    expect(deleteResearchText('Rex', false)).to.equal('Rex’s DNA results will not be kept for research.');
  });
});

describe('about-pet and pet-settings props', () => {
  it('needs a petNum, and a petUuid for the settings', () => {
    expect(parseAboutPetProps({ petNum: 4 })).to.deep.equal({ petNum: 4, readOnly: false });
    expect(parseAboutPetProps({ petNum: 4, readOnly: true })).to.deep.equal({ petNum: 4, readOnly: true });
    expect(() => parseAboutPetProps({ petNum: 4, readOnly: 'yes' })).to.throw('about-pet readOnly must be true or false');
    expect(() => parseAboutPetProps({ petNum: '4' })).to.throw('about-pet needs a petNum');
    expect(parsePetSettingsProps({ petNum: 4, petUuid: 'u', isBreeder: true })).to.deep.equal({ petNum: 4, petUuid: 'u', isBreeder: true, readOnly: false });
    expect(() => parsePetSettingsProps({ petNum: 4 })).to.throw('pet-settings needs a petUuid');
  });
});
