// Who may act for a practice (issue 13 point 5): a vet account that belongs to it. Patients, notes
// and checklist items are looked up inside that practice only, so another practice's ids name nothing.
import type { Db } from '../db/index.js';
import type { User } from '../users/queries.js';
import { parseId } from '../http/ids.js';
import { findPracticePet, practiceOfUser, type PracticeMembership, type PracticePet } from './practice.js';

export type PracticeRefusal = 'not-authorized' | 'invalid';

export class PracticeAccessError extends Error {
  constructor(readonly reason: PracticeRefusal) {
    super(reason);
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
