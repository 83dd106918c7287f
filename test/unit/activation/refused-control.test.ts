import { expect } from 'chai';
import { refusedControl } from '../../../server/activation/rules.js';

describe('the control an activation refusal focuses', () => {
  it('names the control of the shown step the refused field belongs to', () => {
    expect(refusedControl('code', 'boxKeyOrSwabCode')).to.equal('boxKeyOrSwabCode');
    expect(refusedControl('selectDog', 'petNum')).to.equal('dog');
    expect(refusedControl('selectDog', 'newPet.name')).to.equal('newName');
    expect(refusedControl('selectDog', 'practiceId')).to.equal('practiceId');
    expect(refusedControl('howDidYouHear', 'howDidYouHear')).to.equal('howDidYouHear');
    expect(refusedControl('contributeToResearch', 'agree')).to.equal('agree');
  });

  it('names none for a field the shown form lacks or a refusal of no field, so the message takes the focus', () => {
    expect(refusedControl('activate', 'petNum')).to.equal(null);
    expect(refusedControl('code', 'petNum')).to.equal(null);
    expect(refusedControl('selectDog', null)).to.equal(null);
    expect(refusedControl('selectDog', 'newPet.dateOfBirth')).to.equal(null);
  });
});
