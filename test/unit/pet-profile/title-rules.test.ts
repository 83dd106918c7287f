import { expect } from 'chai';
import { TITLE_CONTROL_CHARACTERS, TITLE_INVALID, titleListedTwice, validatePetUpdateFields } from '../../../server/shared/pet-profile-rules';

const titleErrors = (prefixTitles: unknown) =>
  validatePetUpdateFields({ prefixTitles } as never, { today: new Date(2026, 10, 22), isBreeder: false }).errors.prefixTitles ?? null;

describe('title rules (the form and the server share them)', () => {
  it('accepts titles once trimmed, suggested or typed', () => {
    expect(titleErrors(['GCH', ' CH ', 'Therapy Dog', 'C.I.B.'])).to.equal(null);
  });

  it('refuses a title listed twice in any case, naming it', () => {
    expect(titleErrors(['CH', 'GCH', 'ch'])).to.equal(titleListedTwice('ch'));
    expect(titleListedTwice('ch')).to.equal('ch is listed twice: each title can be listed only once');
  });

  it('refuses control, format and separator characters inside a title', () => {
    for (const title of ['C\u0007H', 'CH\nX', 'C\tD', 'CD\u202E', 'C\u200BH', 'CH\u2028X', 'C\u00ADH']) {
      expect(titleErrors([title]), JSON.stringify(title)).to.equal(TITLE_CONTROL_CHARACTERS);
    }
  });

  it('refuses blank, invisible-only, over-long and comma titles', () => {
    for (const title of ['', '   ', '\u3164', 'X'.repeat(21), 'CH, GCH']) expect(titleErrors([title]), JSON.stringify(title)).to.equal(TITLE_INVALID);
  });
});
