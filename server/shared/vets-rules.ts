// Pure rules of the vet features (issue 13): shared by the server, the share form widget and the tests.
import {
  CLIENT_EMAIL_INVALID,
  PATIENT_NAME_REQUIRED,
  PATIENT_NOTE_REQUIRED,
  PATIENT_NOTE_TOO_LONG,
  VET_EMAIL_INVALID,
  VET_EMAIL_REQUIRED,
  VET_NAME_ONE_LINE,
  VET_NAME_REQUIRED,
  VET_NAME_TOO_LONG,
} from './messages.js';
import { hasLineBreak, isBlank } from './visible-text.js';

/** spec 2 §9: 'Link copied' resets after 2000 ms. */
export const VET_LINK_COPIED_MS = 2000;
export const VET_REPORT_PATH = '/members/reports/print-vet-report-pdf/';
/** The database refuses longer notes (practice_patient_notes_body_length). */
export const NOTE_MAX_LENGTH = 5000;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
/** Shares one owner may send in an hour: each one e-mails an address the owner typed. */
export const VET_SHARES_PER_HOUR = 10;
export const PRACTICE_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

// Deliberately simple (one @, a dot in the domain, no spaces), like the database's own check.
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export interface ShareInput {
  vetName: string;
  vetEmail: string;
}

export type ShareErrors = Partial<Record<keyof ShareInput, string>>;

/** spec 2 §5: vet name required (trimmed), one line of at most NAME_MAX_LENGTH characters; vet email required and valid. */
export function validateShare(input: { vetName?: unknown; vetEmail?: unknown }): { value: ShareInput; errors: ShareErrors } {
  const vetName = typeof input.vetName === 'string' ? input.vetName.trim() : '';
  const vetEmail = typeof input.vetEmail === 'string' ? input.vetEmail.trim() : '';
  const errors: ShareErrors = {};
  if (isBlank(vetName)) errors.vetName = VET_NAME_REQUIRED;
  else if (vetName.length > NAME_MAX_LENGTH) errors.vetName = VET_NAME_TOO_LONG;
  else if (hasLineBreak(vetName)) errors.vetName = VET_NAME_ONE_LINE;
  if (!vetEmail) errors.vetEmail = VET_EMAIL_REQUIRED;
  else if (vetEmail.length > EMAIL_MAX_LENGTH || !EMAIL.test(vetEmail)) errors.vetEmail = VET_EMAIL_INVALID;
  return { value: { vetName, vetEmail: vetEmail.toLowerCase() }, errors };
}

export function isValidEmail(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && EMAIL.test(text);
}

/**
 * A note as stored: browsers send each line break of a textarea as CRLF (two characters) but count it
 * as one against maxlength, so line breaks become LF before the length is checked or the note saved.
 */
export function normaliseNote(body: string): string {
  return body.replace(/\r\n?/g, '\n');
}

/** A case note: not blank, at most NOTE_MAX_LENGTH characters once its line breaks are normalised; null when acceptable. */
export function noteError(body: unknown): string | null {
  if (typeof body !== 'string' || !body.trim()) return PATIENT_NOTE_REQUIRED;
  if (normaliseNote(body).length > NOTE_MAX_LENGTH) return PATIENT_NOTE_TOO_LONG;
  return null;
}

export interface PatientInput {
  name: string;
  sex: 'f' | 'm' | null;
  clientName: string | null;
  clientEmail: string | null;
  clientPhone: string | null;
  patientEmrId: string | null;
}

export const CLIENT_PHONE_INVALID = 'Please enter a valid client phone number: at least 7 digits, with only spaces, +, -, dots or brackets between them (e.g. +1 (555) 010-4477)';
export const CLIENT_NAME_TOO_LONG = `The client name can be at most ${NAME_MAX_LENGTH} characters on one line`;
export const PATIENT_EMR_ID_TOO_LONG = `The EMR id can be at most ${NAME_MAX_LENGTH} characters on one line`;
/** Only a crafted request gets it: the form's select offers Not given, Female (f) and Male (m). */
export const PATIENT_SEX_INVALID = 'Please choose m or f';

const PHONE_CHARACTERS = /^[0-9 +\-().]+$/;
const PHONE_MIN_DIGITS = 7;

/** A client's phone number: digits, spaces, +, -, ( ) and dots only, with at least 7 digits. */
export function isValidPhone(text: string): boolean {
  return text.length <= NAME_MAX_LENGTH && PHONE_CHARACTERS.test(text) && (text.match(/\d/g)?.length ?? 0) >= PHONE_MIN_DIGITS;
}

const optionalText = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const oneLineTooLong = (text: string | null): boolean => text !== null && (text.length > NAME_MAX_LENGTH || hasLineBreak(text));

/** A patient the practice registers itself (addNewPatient, updatePatient). */
export function validatePatient(input: Record<string, unknown>): { value: PatientInput; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = optionalText(input.name) ?? '';
  if (!name || name.length > NAME_MAX_LENGTH || hasLineBreak(name)) errors.name = PATIENT_NAME_REQUIRED;
  const sex = input.sex === 'f' || input.sex === 'm' ? input.sex : null;
  if (input.sex != null && input.sex !== '' && sex === null) errors.sex = PATIENT_SEX_INVALID;
  const clientName = optionalText(input.clientName);
  if (oneLineTooLong(clientName)) errors.clientName = CLIENT_NAME_TOO_LONG;
  const clientEmail = optionalText(input.clientEmail)?.toLowerCase() ?? null;
  if (clientEmail && !isValidEmail(clientEmail)) errors.clientEmail = CLIENT_EMAIL_INVALID;
  const clientPhone = optionalText(input.clientPhone);
  if (clientPhone && !isValidPhone(clientPhone)) errors.clientPhone = CLIENT_PHONE_INVALID;
  const patientEmrId = optionalText(input.patientEmrId);
  if (oneLineTooLong(patientEmrId)) errors.patientEmrId = PATIENT_EMR_ID_TOO_LONG;
  return { value: { name, sex, clientName, clientEmail, clientPhone, patientEmrId }, errors };
}

/** The results status of a patient whose client stopped sharing it (shares.ts revokeShare). */
export const PATIENT_NO_LONGER_SHARED = 'No longer shared';
/** A change to a patient whose client stopped sharing it: its case notes are kept for reading only. */
export const PATIENT_NOT_SHARED_ANY_MORE = 'The client no longer shares this dog with the practice: its case notes can be read, not changed.';

/** What a patient's page says once the client stopped sharing the dog. */
export function unsharedPatientText(petName: string): string {
  return `The client stopped sharing ${petName} with the practice: ${petName}\u2019s results and vet report are no longer available here. Your case notes are kept, read-only, and are back in use if the client shares ${petName} again.`;
}

/** The second step of revoking a share (the share panel and its widget): what follows for the practice. */
export function revokeShareWarning(petName: string, practiceName: string | null): string {
  return practiceName
    ? `Its link stops working, and ${practiceName} can no longer see ${petName}\u2019s results. The practice keeps its own case notes.`
    : 'Its link stops working.';
}

/** 'Dr. Val Vet (DVM)': who ordered a patient's swab, with the DVM flag the practice records (spec 1 §6); '—' when no one there did. */
export function swabOrdererText(orderer: { name: string; isDVM: boolean | null } | null): string {
  if (!orderer) return '\u2014';
  return orderer.isDVM === null ? orderer.name : `${orderer.name} (${orderer.isDVM ? 'DVM' : 'not a DVM'})`;
}

/** The results status a patient row shows. */
export function resultsStatusLabel(swab: { swabState: string | null; healthReleased: boolean; breedReleased: boolean } | null): string {
  if (!swab || !swab.swabState) return 'No kit yet';
  if (swab.healthReleased || swab.breedReleased) return 'Results ready';
  if (swab.swabState === 'activated') return 'Kit activated';
  return 'In the lab';
}

/** Search text for ListPracticePets: trimmed, at most 100 characters; LIKE wildcards taken literally. */
export function searchPattern(search: unknown): string | null {
  if (typeof search !== 'string') return null;
  const text = search.trim().slice(0, NAME_MAX_LENGTH);
  if (!text) return null;
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function pageWindow(limit: unknown, offset: unknown): { limit: number; offset: number } | null {
  const l = limit == null ? PRACTICE_PAGE_SIZE : limit;
  const o = offset == null ? 0 : offset;
  if (!Number.isSafeInteger(l) || !Number.isSafeInteger(o) || (l as number) < 1 || (l as number) > MAX_PAGE_SIZE || (o as number) < 0 || (o as number) > 1_000_000) return null;
  return { limit: l as number, offset: o as number };
}
