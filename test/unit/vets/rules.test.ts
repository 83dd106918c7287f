import { expect } from 'chai';
import { CLIENT_PHONE_INVALID, isValidPhone, revokeShareWarning, normaliseNote, noteError, pageWindow, resultsStatusLabel, searchPattern, validatePatient, validateShare, VET_LINK_COPIED_MS } from '../../../server/shared/vets-rules.js';
import {
  CLIENT_EMAIL_INVALID,
  PATIENT_NAME_REQUIRED,
  PATIENT_NOTE_REQUIRED,
  PATIENT_NOTE_TOO_LONG,
  VET_EMAIL_INVALID,
  VET_EMAIL_REQUIRED,
  VET_NAME_ONE_LINE, VET_NAME_REQUIRED, VET_NAME_TOO_LONG,
} from '../../../server/shared/messages.js';

describe('vet rules', () => {
  it("resets 'Link copied' after 2000 ms (spec 2 §9)", () => {
    expect(VET_LINK_COPIED_MS).to.equal(2000);
  });

  it('validates the share form with the spec texts, trimming the name and lower-casing the e-mail', () => {
    expect(validateShare({ vetName: '  Dr. Lee ', vetEmail: ' Lee@Clinic.Example ' })).to.deep.equal({ value: { vetName: 'Dr. Lee', vetEmail: 'lee@clinic.example' }, errors: {} });
    expect(validateShare({ vetName: '   ', vetEmail: '' }).errors).to.deep.equal({ vetName: VET_NAME_REQUIRED, vetEmail: VET_EMAIL_REQUIRED });
    for (const email of ['lee', 'lee@', '@clinic.example', 'lee@clinic', 'a b@c.example', 'a@@c.example', `${'a'.repeat(250)}@c.example`]) {
      expect(validateShare({ vetName: 'Dr. Lee', vetEmail: email }).errors, email).to.deep.equal({ vetEmail: VET_EMAIL_INVALID });
    }
    expect(validateShare({ vetName: 42, vetEmail: ['a@b.example'] }).errors).to.deep.equal({ vetName: VET_NAME_REQUIRED, vetEmail: VET_EMAIL_REQUIRED });
    expect(validateShare({ vetName: 'Dr.\nLee', vetEmail: 'a@b.example' }).errors).to.deep.equal({ vetName: VET_NAME_ONE_LINE });
    expect(validateShare({ vetName: 'x'.repeat(101), vetEmail: 'a@b.example' }).errors).to.deep.equal({ vetName: VET_NAME_TOO_LONG });
  });

  it('accepts notes of 1 to 5000 characters', () => {
    expect(noteError('Bloods normal.')).to.equal(null);
    expect(noteError('x'.repeat(5000))).to.equal(null);
    expect(noteError('x'.repeat(5001))).to.equal(PATIENT_NOTE_TOO_LONG);
    for (const blank of ['', '  \n ', null, 7]) expect(noteError(blank)).to.equal(PATIENT_NOTE_REQUIRED);
  });

  it('counts a line break sent as CRLF or CR as one character, and stores it as LF', () => {
    const typed = `${'x'.repeat(2499)}\r\n${'y'.repeat(2500)}`;
    expect(noteError(typed)).to.equal(null);
    expect(normaliseNote(typed)).to.have.length(5000);
    expect(normaliseNote('a\r\nb\rc\nd')).to.equal('a\nb\nc\nd');
    expect(noteError(`${'x'.repeat(5000)}\r\n`)).to.equal(PATIENT_NOTE_TOO_LONG);
  });

  it('accepts phone numbers of at least 7 digits with spaces, +, -, ( ) and dots, and refuses the rest', () => {
    for (const phone of ['555 0104', '+1 (555) 010-4477', '020.7946.0958', '+44 20 7946 0958']) expect(isValidPhone(phone), phone).to.equal(true);
    for (const phone of ['call me maybe', '-12345', '12-34', '555 0104 ext 3', '+1 555 010 4477 #2', '5'.repeat(101)]) expect(isValidPhone(phone), phone).to.equal(false);
    expect(validatePatient({ name: 'A', clientPhone: ' call me maybe ' }).errors).to.deep.equal({ clientPhone: CLIENT_PHONE_INVALID });
    expect(validatePatient({ name: 'A', clientPhone: ' (555) 010-4477 ' }).value.clientPhone).to.equal('(555) 010-4477');
  });

  it('checks a patient the practice registers', () => {
    expect(validatePatient({ name: ' Scout ', sex: 'f', clientEmail: 'R@C.example', clientName: '' })).to.deep.equal({
      value: { name: 'Scout', sex: 'f', clientName: null, clientEmail: 'r@c.example', clientPhone: null, patientEmrId: null },
      errors: {},
    });
    expect(validatePatient({ name: '' }).errors).to.deep.equal({ name: PATIENT_NAME_REQUIRED });
    expect(validatePatient({ name: 'A', clientEmail: 'nope' }).errors).to.deep.equal({ clientEmail: CLIENT_EMAIL_INVALID });
    expect(Object.keys(validatePatient({ name: 'A', sex: 'x', patientEmrId: 'y'.repeat(101) }).errors)).to.deep.equal(['sex', 'patientEmrId']);
  });

  it('searches literally, trimmed, and pages within 1 to 100', () => {
    expect(searchPattern('  otis ')).to.equal('%otis%');
    expect(searchPattern('50%_off\\')).to.equal('%50\\%\\_off\\\\%');
    expect(searchPattern('   ')).to.equal(null);
    expect(searchPattern(['x'])).to.equal(null);
    expect(pageWindow(null, null)).to.deep.equal({ limit: 10, offset: 0 });
    expect(pageWindow(100, 20)).to.deep.equal({ limit: 100, offset: 20 });
    for (const [limit, offset] of [[0, 0], [101, 0], [10, -1], [1.5, 0], [10, 2_000_000]]) expect(pageWindow(limit, offset), `${limit} ${offset}`).to.equal(null);
  });

  it("labels a patient's results status from its latest swab", () => {
    expect(resultsStatusLabel(null)).to.equal('No kit yet');
    expect(resultsStatusLabel({ swabState: 'activated', healthReleased: false, breedReleased: false })).to.equal('Kit activated');
    expect(resultsStatusLabel({ swabState: 'received', healthReleased: false, breedReleased: false })).to.equal('In the lab');
    expect(resultsStatusLabel({ swabState: 'released', healthReleased: false, breedReleased: true })).to.equal('Results ready');
  });

  it('tells the owner revoking a share that the practice keeps its own case notes, and says nothing of a practice when there is none', () => {
    expect(revokeShareWarning('Maple', 'Riverside Animal Hospital')).to.equal('Its link stops working, and Riverside Animal Hospital can no longer see Maple\u2019s results. The practice keeps its own case notes.');
    expect(revokeShareWarning('Maple', null)).to.equal('Its link stops working.');
  });
});
