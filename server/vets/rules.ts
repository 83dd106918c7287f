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
} from '../shared/messages.js';
import { hasLineBreak, isBlank } from '../shared/visible-text.js';

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

/** A case note: not blank, at most NOTE_MAX_LENGTH characters; null when acceptable. */
export function noteError(body: unknown): string | null {
  if (typeof body !== 'string' || !body.trim()) return PATIENT_NOTE_REQUIRED;
  if (body.length > NOTE_MAX_LENGTH) return PATIENT_NOTE_TOO_LONG;
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

const optionalText = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** A patient the practice registers itself (addNewPatient, updatePatient). */
export function validatePatient(input: Record<string, unknown>): { value: PatientInput; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = optionalText(input.name) ?? '';
  if (!name || name.length > NAME_MAX_LENGTH || hasLineBreak(name)) errors.name = PATIENT_NAME_REQUIRED;
  const sex = input.sex === 'f' || input.sex === 'm' ? input.sex : null;
  if (input.sex != null && input.sex !== '' && sex === null) errors.sex = 'Please choose m or f';
  const clientEmail = optionalText(input.clientEmail)?.toLowerCase() ?? null;
  if (clientEmail && !isValidEmail(clientEmail)) errors.clientEmail = CLIENT_EMAIL_INVALID;
  const value: PatientInput = {
    name,
    sex,
    clientName: optionalText(input.clientName),
    clientEmail,
    clientPhone: optionalText(input.clientPhone),
    patientEmrId: optionalText(input.patientEmrId),
  };
  for (const key of ['clientName', 'clientPhone', 'patientEmrId'] as const) {
    const text = value[key];
    if (text && (text.length > NAME_MAX_LENGTH || hasLineBreak(text))) errors[key] = `${key}: at most ${NAME_MAX_LENGTH} characters on one line`;
  }
  return { value, errors };
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
