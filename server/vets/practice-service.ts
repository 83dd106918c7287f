// The vet mutations of spec 2 §7 as one service that GraphQL and the dashboard's forms both call:
// role check, input rules, then the write. Refusals are PracticeAccessError ('Not Authorized' or
// 'Invalid Arguments') or PracticeInputError (a rule's own text).
import type { Db } from '../db/index.js';
import type { User } from '../users/queries.js';
import { parseId } from '../http/ids.js';
import { PATIENT_NOT_EDITABLE, TRANSFER_NEEDS_EMAIL } from '../shared/messages.js';
import { normaliseNote, noteError, validatePatient } from '../shared/vets-rules.js';
import { CHECKLIST_STATUSES, onboardingChecklist, patientIdOfNote, type PracticePet } from './practice.js';
import { addNewPatient, deletePatientNote, releasePetToClient, updateChecklistStatus, updatePatient, updatePatientCase } from './practice-mutations.js';
import { patientFor, practiceFor, PracticeAccessError, PracticeInputError, sharedPatientFor } from './guard.js';

export { PracticeInputError };

function refuseFields(errors: Record<string, string>): void {
  if (Object.keys(errors).length > 0) throw new PracticeInputError(Object.values(errors)[0], errors);
}

export async function addPatient(db: Db, user: User, input: Record<string, unknown>): Promise<PracticePet> {
  const practice = await practiceFor(db, user, { write: true });
  const { value, errors } = validatePatient(input);
  refuseFields(errors);
  return patientFor(db, practice, await addNewPatient(db, practice, user, value));
}

export async function editPatient(db: Db, user: User, patientId: unknown, input: Record<string, unknown>): Promise<PracticePet> {
  const practice = await practiceFor(db, user, { write: true });
  const patient = await patientFor(db, practice, patientId);
  // Issue 13 point 5: a vet never edits a client's dog.
  if (!patient.isEditableByPractice) throw new PracticeInputError(PATIENT_NOT_EDITABLE);
  const { value, errors } = validatePatient(input);
  refuseFields(errors);
  await updatePatient(db, patient.id, value);
  return patientFor(db, practice, patient.id);
}

export async function releasePatient(db: Db, user: User, patientId: unknown): Promise<PracticePet> {
  const practice = await practiceFor(db, user, { write: true });
  const patient = await patientFor(db, practice, patientId);
  if (!patient.isEditableByPractice || patient.transferCompletedAt) throw new PracticeInputError(PATIENT_NOT_EDITABLE);
  if (!patient.clientEmail) throw new PracticeInputError(TRANSFER_NEEDS_EMAIL);
  await releasePetToClient(db, practice, patient.id);
  return patientFor(db, practice, patient.id);
}

export interface CaseChange {
  caseCompleted?: boolean | null;
  patientNote?: unknown;
  patientNoteId?: unknown;
}

export async function changeCase(db: Db, user: User, patientId: unknown, change: CaseChange): Promise<PracticePet> {
  const practice = await practiceFor(db, user, { write: true });
  const patient = await sharedPatientFor(db, practice, patientId);
  const noteId = change.patientNoteId == null ? null : parseId(change.patientNoteId);
  if (change.patientNoteId != null && (noteId === null || change.patientNote == null)) throw new PracticeAccessError('invalid');
  if (change.patientNote != null) {
    const refusal = noteError(change.patientNote);
    if (refusal) throw new PracticeInputError(refusal, { patientNote: refusal });
  }
  const patientNote = change.patientNote == null ? null : normaliseNote(String(change.patientNote));
  if (!(await updatePatientCase(db, user, patient.id, { caseCompleted: change.caseCompleted, patientNote, patientNoteId: noteId }))) throw new PracticeAccessError('not-authorized');
  return patientFor(db, practice, patient.id);
}

/** Deletes a case note of the practice; of that patient, when the page names one. A dog its client stopped sharing keeps its notes. */
export async function removeNote(db: Db, user: User, noteId: unknown, patientId?: number): Promise<void> {
  const practice = await practiceFor(db, user, { write: true });
  const id = parseId(noteId);
  if (id === null) throw new PracticeAccessError('invalid');
  const ofPatient = patientId ?? (await patientIdOfNote(db, practice.practiceId, id));
  if (ofPatient === null) throw new PracticeAccessError('not-authorized');
  await sharedPatientFor(db, practice, ofPatient);
  if (!(await deletePatientNote(db, practice.practiceId, id, ofPatient))) throw new PracticeAccessError('not-authorized');
}

export async function setChecklistStatus(db: Db, user: User, itemKey: unknown, status: unknown): Promise<number> {
  const practice = await practiceFor(db, user, { write: true });
  const items = await onboardingChecklist(db, practice.practiceId);
  if (!items.some((item) => item.key === itemKey) || !(CHECKLIST_STATUSES as readonly unknown[]).includes(status)) throw new PracticeAccessError('invalid');
  await updateChecklistStatus(db, practice.practiceId, user.id, itemKey as string, status as string);
  return practice.practiceId;
}
