// What a practice changes (spec 2 §7 vet mutations). Every function takes the caller's practice and
// touches only rows of that practice; callers check the role first (server/vets/guard.ts).
import type { Db } from '../db/index.js';
import type { User } from '../users/queries.js';
import { insertPet } from '../pets/mutations.js';
import { queueEmail } from '../outbox/queue.js';
import { VET_CLIENT_TRANSFER } from '../mail/templates.js';
import { TRANSFER_EMAIL_SUBJECT } from '../shared/messages.js';
import type { PracticeMembership } from './practice.js';
import type { PatientInput } from '../shared/vets-rules.js';
import { hashReportToken, newReportToken } from './shares.js';

/** addNewPatient: a dog the practice registers before its client has an account (no owner yet). */
export async function addNewPatient(db: Db, practice: PracticeMembership, vet: User, input: PatientInput): Promise<number> {
  return db.transaction(async (trx) => {
    const petNum = await insertPet(trx, { name: input.name, sex: input.sex, privacy: 'private' });
    const [{ id }] = await trx('practice_patients')
      .insert({
        practice_id: practice.practiceId,
        pet_num: petNum,
        client_name: input.clientName,
        client_email: input.clientEmail,
        client_phone: input.clientPhone,
        patient_emr_id: input.patientEmrId,
        swab_ordered_by_user_id: vet.id,
        swab_ordered_by_name: vet.name,
        swab_ordered_by_is_dvm: practice.isDvm,
        added_by_practice: true,
      })
      .returning('id');
    return id as number;
  });
}

/** updatePatient: only for a patient the practice registered and no client owns yet. */
export async function updatePatient(db: Db, patientId: number, input: PatientInput): Promise<void> {
  await db.transaction(async (trx) => {
    const patient = await trx('practice_patients').where({ id: patientId }).forUpdate().first('pet_num');
    await trx('pets').where({ pet_num: patient.pet_num }).update({ name: input.name, sex: input.sex, updated_at: trx.fn.now() });
    await trx('practice_patients')
      .where({ id: patientId })
      .update({ client_name: input.clientName, client_email: input.clientEmail, client_phone: input.clientPhone, patient_emr_id: input.patientEmrId, updated_at: trx.fn.now() });
  });
}

/**
 * releasePetToClient: records the request and e-mails the client an invitation whose link (a token
 * of its own, only its SHA-256 stored) lets them add the dog to their account. Again: a new link.
 */
export async function releasePetToClient(db: Db, practice: PracticeMembership, patientId: number): Promise<void> {
  const token = newReportToken();
  await db.transaction(async (trx) => {
    const patient = await trx('practice_patients')
      .join('pets', 'pets.pet_num', 'practice_patients.pet_num')
      .where('practice_patients.id', patientId)
      .forUpdate()
      .first({ email: 'practice_patients.client_email', clientName: 'practice_patients.client_name', petName: 'pets.name' });
    await trx('practice_patients')
      .where({ id: patientId })
      .update({ vet_client_transfer_requested_at: trx.raw('coalesce(vet_client_transfer_requested_at, now())'), transfer_token_hash: hashReportToken(token), updated_at: trx.fn.now() });
    await queueEmail(trx, {
      userId: null,
      to: patient.email,
      subject: TRANSFER_EMAIL_SUBJECT.replace('{practice}', () => practice.name).replace('{pet}', () => patient.petName),
      template: VET_CLIENT_TRANSFER,
      // The worker drops the token from the row once the e-mail is sent.
      payload: { token, practiceName: practice.name, petName: patient.petName, clientName: patient.clientName },
    });
  });
}

export interface TransferInvitation {
  patientId: number;
  petName: string;
  practiceName: string;
}

/** The pending transfer an invitation link names, or null (unknown, used or replaced link). */
export async function findTransferInvitation(db: Db, token: string): Promise<TransferInvitation | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const row = await db('practice_patients')
    .join('pets', 'pets.pet_num', 'practice_patients.pet_num')
    .join('vet_practices', 'vet_practices.id', 'practice_patients.practice_id')
    .where('practice_patients.transfer_token_hash', hashReportToken(token))
    .whereNull('practice_patients.vet_client_transfer_completed_at')
    .whereNull('pets.deleted_at')
    .first({ patientId: 'practice_patients.id', petName: 'pets.name', practiceName: 'vet_practices.name' });
  return row ?? null;
}

/** Completes the transfer: the signed-in client becomes the dog's owner; the link stops working. */
export async function acceptTransfer(db: Db, user: { id: number }, token: string): Promise<TransferInvitation | null> {
  return db.transaction(async (trx) => {
    const invitation = await findTransferInvitation(trx, token);
    if (!invitation) return null;
    const patient = await trx('practice_patients').where({ id: invitation.patientId }).forUpdate().first('pet_num');
    await trx('pet_owners').insert({ pet_num: patient.pet_num, user_id: user.id, permission: 'edit', is_primary: true }).onConflict(['pet_num', 'user_id']).ignore();
    await trx('practice_patients')
      .where({ id: invitation.patientId })
      .update({ client_user_id: user.id, vet_client_transfer_completed_at: trx.fn.now(), transfer_token_hash: null, updated_at: trx.fn.now() });
    return invitation;
  });
}

/**
 * updatePatientCase: closes or reopens the case, and adds a note or edits one of the patient's notes.
 * False when the note is not the patient's, or the client no longer shares the dog (checked under the
 * row's lock, so a revoke that commits first is seen).
 */
export async function updatePatientCase(
  db: Db,
  vet: User,
  patientId: number,
  change: { caseCompleted?: boolean | null; patientNote?: string | null; patientNoteId?: number | null },
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const patient = await trx('practice_patients').where({ id: patientId }).forUpdate().first('unshared_at');
    if (!patient || patient.unshared_at !== null) return false;
    if (change.patientNoteId != null) {
      // returning(): the driver's row count is not reliable on PGlite.
      const updated = await trx('practice_patient_notes')
        .where({ id: change.patientNoteId, practice_patient_id: patientId })
        .update({ body: change.patientNote, updated_at: trx.fn.now() })
        .returning('id');
      if (updated.length === 0) return false;
    } else if (change.patientNote != null) {
      await trx('practice_patient_notes').insert({ practice_patient_id: patientId, author_user_id: vet.id, body: change.patientNote });
    }
    if (change.caseCompleted != null) {
      await trx('practice_patients')
        .where({ id: patientId })
        .update({ case_completed: change.caseCompleted, case_completed_at: change.caseCompleted ? trx.raw('coalesce(case_completed_at, now())') : null, updated_at: trx.fn.now() });
    }
    return true;
  });
}

/**
 * deletePatientNote: false when the note is not one of this practice's (or, when given, not the
 * patient's), or its patient's client no longer shares the dog (the notes are then kept, read-only).
 */
export async function deletePatientNote(db: Db, practiceId: number, noteId: number, patientId?: number): Promise<boolean> {
  const query = db('practice_patient_notes')
    .where('id', noteId)
    .whereIn('practice_patient_id', db('practice_patients').where({ practice_id: practiceId }).whereNull('unshared_at').select('id'));
  if (patientId !== undefined) query.where('practice_patient_id', patientId);
  const deleted = await query
    .delete()
    .returning('id');
  return deleted.length > 0;
}

export async function updateChecklistStatus(db: Db, practiceId: number, userId: number, itemKey: string, status: string): Promise<void> {
  await db('practice_onboarding_statuses')
    .insert({ practice_id: practiceId, item_key: itemKey, status, updated_by_user_id: userId, completed_at: status === 'completed' ? db.fn.now() : null, updated_at: db.fn.now() })
    .onConflict(['practice_id', 'item_key'])
    .merge(['status', 'updated_by_user_id', 'completed_at', 'updated_at']);
}

/** Vet sign-up: a new practice whose first user is its owner. */
export async function createPracticeFor(db: Db, userId: number, name: string, isDvm: boolean): Promise<number> {
  const [{ id }] = await db('vet_practices').insert({ name }).returning('id');
  await db('practice_users').insert({ practice_id: id, user_id: userId, is_dvm: isDvm, role: 'owner' });
  return id;
}
