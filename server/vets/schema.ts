// GraphQL of the vet features (issue 13; spec 2 §7): shareResultsWithVet and the owner's report
// links on Pet, VetDashboardInfo, ListPracticePets and the practice's mutations.
import type { SchemaModule } from '../graphql/module.js';
import { requireSignedIn, type GraphqlContext } from '../graphql/context.js';
import { invalidArguments, notAuthorized, UserFacingError } from '../graphql/errors.js';
import { parseId } from '../http/ids.js';
import { petAccessFor } from '../pets/access.js';
import type { Pet } from '../pets/queries.js';
import { petNumByUuid } from '../pet-profile/queries.js';
import { TRANSFER_NEEDS_EMAIL, PATIENT_NOT_EDITABLE } from '../shared/messages.js';
import { vetTypeDefs } from './schema-types.js';
import { listShares, resetReportLink, revokeShare, shareResultsWithVet } from './shares.js';
import { noteError, pageWindow, validatePatient, validateShare, VET_REPORT_PATH } from './rules.js';
import { dashboardInfo, listPracticePets, patientNotes, CHECKLIST_STATUSES, type PracticePet } from './practice.js';
import { addNewPatient, deletePatientNote, releasePetToClient, updateChecklistStatus, updatePatient, updatePatientCase } from './practice-mutations.js';
import { patientFor, practiceFor, PracticeAccessError } from './guard.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function fieldsRefused(errors: Record<string, string>): UserFacingError {
  const error = new UserFacingError(Object.values(errors)[0], 'BAD_USER_INPUT');
  Object.assign(error, { extensions: { ...error.extensions, fields: errors } });
  return error;
}

/** The dog by uuid, when the caller may change it (an owner with edit permission on a writable account). */
async function ownersPet(context: GraphqlContext, petUuid: unknown): Promise<Pet> {
  const user = requireSignedIn(context);
  if (typeof petUuid !== 'string' || !UUID.test(petUuid)) throw invalidArguments();
  const petNum = await petNumByUuid(context.db, petUuid.toLowerCase());
  const access = petNum === null ? null : await petAccessFor(context.db, user, petNum);
  if (!access || !access.isEditable || user.isReadOnly) throw notAuthorized();
  return access.pet;
}

/** Runs a practice action, turning the guard's refusals into the spec's errors. */
async function asPractice<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PracticeAccessError) throw error.reason === 'invalid' ? invalidArguments() : notAuthorized();
    throw error;
  }
}

const practiceOf = (context: GraphqlContext, write: boolean) => practiceFor(context.db, requireSignedIn(context), { write });

async function reload(context: GraphqlContext, patient: PracticePet) {
  const practice = await practiceOf(context, false);
  return patientFor(context.db, practice, patient.id);
}

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

const resolvers = {
  Pet: {
    // Issue 13: the report links are the owner's to give; everyone else reads null.
    async hashPetId(pet: Pet, _args: unknown, context: GraphqlContext) {
      return (await context.loaders.ownerPermission.load(pet.petNum)) ? pet.hashPetId : null;
    },
    async vetReportShares(pet: Pet, _args: unknown, context: GraphqlContext) {
      return (await context.loaders.ownerPermission.load(pet.petNum)) ? listShares(context.db, pet.petNum) : [];
    },
  },
  VetReportShare: {
    sentAt: (share: { sentAt: Date }) => iso(share.sentAt),
    revokedAt: (share: { revokedAt: Date | null }) => iso(share.revokedAt),
  },
  PracticePet: {
    patientEMRId: (patient: PracticePet) => patient.patientEmrId,
    reportUrl: (patient: PracticePet) => `/members/results/summary?i=${patient.petNum}`,
    vetClientTransfer: (patient: PracticePet) => ({ requestedAt: iso(patient.transferRequestedAt), completedAt: iso(patient.transferCompletedAt) }),
    patientNotes: (patient: PracticePet, _args: unknown, context: GraphqlContext) => patientNotes(context.db, patient.id),
  },
  PatientNote: {
    createdAt: (note: { createdAt: Date }) => iso(note.createdAt),
    updatedAt: (note: { updatedAt: Date }) => iso(note.updatedAt),
  },
  Practice: {
    createdAt: (practice: { createdAt: Date }) => iso(practice.createdAt),
  },
  OnboardingChecklistItem: {
    completedAt: (item: { completedAt: Date | null }) => iso(item.completedAt),
  },
  Query: {
    async vetDashboardInfo(_root: unknown, _args: unknown, context: GraphqlContext) {
      return asPractice(async () => dashboardInfo(context.db, (await practiceOf(context, false)).practiceId));
    },
    async listPracticePets(_root: unknown, args: { search?: string | null; limit?: number | null; offset?: number | null }, context: GraphqlContext) {
      return asPractice(async () => {
        const practice = await practiceOf(context, false);
        const page = pageWindow(args.limit, args.offset);
        if (!page) throw invalidArguments();
        return listPracticePets(context.db, practice.practiceId, args.search, page);
      });
    },
  },
  Mutation: {
    async shareResultsWithVet(_root: unknown, args: { petUuid: string; vetName: string; vetEmail: string }, context: GraphqlContext) {
      const pet = await ownersPet(context, args.petUuid);
      const { value, errors } = validateShare(args);
      if (Object.keys(errors).length > 0) throw fieldsRefused(errors);
      return shareResultsWithVet(context.db, context.user!, pet, value);
    },
    async revokeVetReportShare(_root: unknown, args: { petUuid: string; shareId: string }, context: GraphqlContext) {
      const pet = await ownersPet(context, args.petUuid);
      const shareId = parseId(args.shareId);
      if (shareId === null) throw invalidArguments();
      if (!(await revokeShare(context.db, pet.petNum, shareId))) throw notAuthorized();
      return listShares(context.db, pet.petNum);
    },
    async resetVetReportLink(_root: unknown, args: { petUuid: string }, context: GraphqlContext) {
      const pet = await ownersPet(context, args.petUuid);
      return `${VET_REPORT_PATH}${await resetReportLink(context.db, pet.petNum)}`;
    },
    async addNewPatient(_root: unknown, args: { patient: Record<string, unknown> }, context: GraphqlContext) {
      return asPractice(async () => {
        const practice = await practiceOf(context, true);
        const { value, errors } = validatePatient(args.patient);
        if (Object.keys(errors).length > 0) throw fieldsRefused(errors);
        const id = await addNewPatient(context.db, practice, context.user!, value);
        return patientFor(context.db, practice, id);
      });
    },
    async updatePatient(_root: unknown, args: { patientId: string; patient: Record<string, unknown> }, context: GraphqlContext) {
      return asPractice(async () => {
        const practice = await practiceOf(context, true);
        const patient = await patientFor(context.db, practice, args.patientId);
        if (!patient.isEditableByPractice) throw new UserFacingError(PATIENT_NOT_EDITABLE, 'NOT_AUTHORIZED');
        const { value, errors } = validatePatient(args.patient);
        if (Object.keys(errors).length > 0) throw fieldsRefused(errors);
        await updatePatient(context.db, patient.id, value);
        return reload(context, patient);
      });
    },
    async releasePetToClient(_root: unknown, args: { patientId: string }, context: GraphqlContext) {
      return asPractice(async () => {
        const practice = await practiceOf(context, true);
        const patient = await patientFor(context.db, practice, args.patientId);
        if (!patient.addedByPractice || patient.transferCompletedAt) throw new UserFacingError(PATIENT_NOT_EDITABLE, 'NOT_AUTHORIZED');
        if (!patient.clientEmail) throw new UserFacingError(TRANSFER_NEEDS_EMAIL, 'BAD_USER_INPUT');
        await releasePetToClient(context.db, practice, patient.id);
        return reload(context, patient);
      });
    },
    async updatePatientCase(
      _root: unknown,
      args: { patientId: string; caseCompleted?: boolean | null; patientNote?: string | null; patientNoteId?: string | null },
      context: GraphqlContext,
    ) {
      return asPractice(async () => {
        const practice = await practiceOf(context, true);
        const patient = await patientFor(context.db, practice, args.patientId);
        const noteId = args.patientNoteId == null ? null : parseId(args.patientNoteId);
        if (args.patientNoteId != null && noteId === null) throw invalidArguments();
        if (noteId !== null && args.patientNote == null) throw invalidArguments();
        if (args.patientNote != null) {
          const refusal = noteError(args.patientNote);
          if (refusal) throw new UserFacingError(refusal, 'BAD_USER_INPUT');
        }
        const changed = await updatePatientCase(context.db, context.user!, patient.id, { caseCompleted: args.caseCompleted, patientNote: args.patientNote, patientNoteId: noteId });
        if (!changed) throw notAuthorized();
        return reload(context, patient);
      });
    },
    async deletePatientNote(_root: unknown, args: { patientNoteId: string }, context: GraphqlContext) {
      return asPractice(async () => {
        const practice = await practiceOf(context, true);
        const noteId = parseId(args.patientNoteId);
        if (noteId === null) throw invalidArguments();
        if (!(await deletePatientNote(context.db, practice.practiceId, noteId))) throw notAuthorized();
        return true;
      });
    },
    async updatePracticeOnboardingChecklistStatus(_root: unknown, args: { itemKey: string; status: string }, context: GraphqlContext) {
      return asPractice(async () => {
        const practice = await practiceOf(context, true);
        const known = (await dashboardInfo(context.db, practice.practiceId)).practice.onboardingChecklist.some((item) => item.key === args.itemKey);
        if (!known || !(CHECKLIST_STATUSES as readonly string[]).includes(args.status)) throw invalidArguments();
        await updateChecklistStatus(context.db, practice.practiceId, context.user!.id, args.itemKey, args.status);
        return dashboardInfo(context.db, practice.practiceId);
      });
    },
  },
};

export const vetsSchema: SchemaModule = { typeDefs: vetTypeDefs, resolvers };
