import { expect } from 'chai';
import { tabIndexAfterKey } from '../../../widgets/startup/tabs';

describe('tabs keyboard rule (WAI-ARIA tabs pattern)', () => {
  it('moves right and down to the next tab and wraps from the last to the first', () => {
    expect(tabIndexAfterKey('ArrowRight', 0, 3)).to.equal(1);
    expect(tabIndexAfterKey('ArrowDown', 1, 3)).to.equal(2);
    expect(tabIndexAfterKey('ArrowRight', 2, 3)).to.equal(0);
  });

  it('moves left and up to the previous tab and wraps from the first to the last', () => {
    expect(tabIndexAfterKey('ArrowLeft', 2, 3)).to.equal(1);
    expect(tabIndexAfterKey('ArrowUp', 0, 3)).to.equal(2);
  });

  it('jumps to the ends with Home and End, and ignores other keys', () => {
    expect(tabIndexAfterKey('Home', 2, 3)).to.equal(0);
    expect(tabIndexAfterKey('End', 0, 3)).to.equal(2);
    expect(tabIndexAfterKey('Enter', 1, 3)).to.equal(null);
    expect(tabIndexAfterKey('a', 1, 3)).to.equal(null);
  });
});
