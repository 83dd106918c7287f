// Who may act for a practice (issue 13 point 5): a vet account that belongs to it. Patients, notes
// and checklist items are looked up inside that practice only, so another practice's ids name nothing.
import type { Db } from '../db/index.js';
import type { User } from '../users/queries.js';
import { parseId } from '../http/ids.js';
import { findPracticePet, practiceOfUser, type PracticeMembership, type PracticePet } from './practice.js';
import { PATIENT_NOT_SHARED_ANY_MORE } from '../shared/vets-rules.js';

export type PracticeRefusal = 'not-authorized' | 'invalid';

export class PracticeAccessError extends Error {
  constructor(readonly reason: PracticeRefusal) {
    super(reason);
  }
}

/** A refusal shown with its own text (a rule of the vet features); `fields` names the form fields it concerns. */
export class PracticeInputError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The caller's practice; `write` also refuses a read-only account. */
export async function practiceFor(db: Db, user: User, { write }: { write: boolean }): Promise<PracticeMembership> {
  const practice = user.isVet ? await practiceOfUser(db, user.id) : null;
  if (!practice || (write && user.isReadOnly)) throw new PracticeAccessError('not-authorized');
  return practice;
}

/** A patient of the caller's practice by its id (a number, or digits in a string). */
export async function patientFor(db: Db, practice: PracticeMembership, rawId: unknown): Promise<PracticePet> {
  const id = parseId(rawId);
  if (id === null) throw new PracticeAccessError('invalid');
  const patient = await findPracticePet(db, practice.practiceId, id);
  if (!patient) throw new PracticeAccessError('not-authorized');
  return patient;
}

/** A patient the practice may work on: one whose client stopped sharing it keeps its notes for reading only. */
export async function sharedPatientFor(db: Db, practice: PracticeMembership, rawId: unknown): Promise<PracticePet> {
  const patient = await patientFor(db, practice, rawId);
  if (!patient.isShared) throw new PracticeInputError(PATIENT_NOT_SHARED_ANY_MORE);
  return patient;
}
