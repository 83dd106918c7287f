// GraphQL of the vet features (issue 13; spec 2 §7): shareResultsWithVet and the owner's report
// links on Pet, VetDashboardInfo, ListPracticePets and the practice's mutations.
import type { SchemaModule } from '../graphql/module.js';
import { requireSignedIn, type GraphqlContext } from '../graphql/context.js';
import { invalidArguments, notAuthorized, UserFacingError } from '../graphql/errors.js';
import { parseId } from '../http/ids.js';
import { HttpError } from '../http/http-error.js';
import { petAccessFor } from '../pets/access.js';
import type { Pet } from '../pets/queries.js';
import { petNumByUuid } from '../pet-profile/queries.js';
import { vetTypeDefs } from './schema-types.js';
import { listShares, resetReportLink, revokeShare, shareResultsWithVet } from './shares.js';
import { pageWindow, validateShare, VET_REPORT_PATH } from '../shared/vets-rules.js';
import { dashboardInfo, listPracticePets, patientNotes, type PracticePet } from './practice.js';
import { practiceFor, PracticeAccessError } from './guard.js';
import { addPatient, changeCase, editPatient, PracticeInputError, releasePatient, removeNote, setChecklistStatus, type CaseChange } from './practice-service.js';

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

/** Runs a practice action, turning the service's refusals into the spec's errors. */
async function asPractice<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PracticeAccessError) throw error.reason === 'invalid' ? invalidArguments() : notAuthorized();
    if (error instanceof PracticeInputError) throw Object.keys(error.fields).length ? fieldsRefused(error.fields) : new UserFacingError(error.message, 'BAD_USER_INPUT');
    throw error;
  }
}

const practiceOf = (context: GraphqlContext, write: boolean) => practiceFor(context.db, requireSignedIn(context), { write });

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
    reportUrl: (patient: PracticePet) => (patient.isShared ? `/members/patients/${patient.id}/vet-report.pdf` : null),
    unsharedAt: (patient: PracticePet) => iso(patient.unsharedAt),
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
      try {
        return await shareResultsWithVet(context.db, context.user!, pet, value);
      } catch (error) {
        if (error instanceof HttpError && error.status === 429) throw new UserFacingError(error.message, 'RATE_LIMITED');
        if (error instanceof HttpError && error.status === 409) throw new UserFacingError(error.message, 'NO_RESULTS');
        throw error;
      }
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
    addNewPatient: (_root: unknown, args: { patient: Record<string, unknown> }, context: GraphqlContext) =>
      asPractice(() => addPatient(context.db, requireSignedIn(context), args.patient)),
    updatePatient: (_root: unknown, args: { patientId: string; patient: Record<string, unknown> }, context: GraphqlContext) =>
      asPractice(() => editPatient(context.db, requireSignedIn(context), args.patientId, args.patient)),
    releasePetToClient: (_root: unknown, args: { patientId: string }, context: GraphqlContext) =>
      asPractice(() => releasePatient(context.db, requireSignedIn(context), args.patientId)),
    updatePatientCase: (_root: unknown, args: { patientId: string } & CaseChange, context: GraphqlContext) =>
      asPractice(() => changeCase(context.db, requireSignedIn(context), args.patientId, args)),
    deletePatientNote: (_root: unknown, args: { patientNoteId: string }, context: GraphqlContext) =>
      asPractice(async () => {
        await removeNote(context.db, requireSignedIn(context), args.patientNoteId);
        return true;
      }),
    updatePracticeOnboardingChecklistStatus: (_root: unknown, args: { itemKey: string; status: string }, context: GraphqlContext) =>
      asPractice(async () => dashboardInfo(context.db, await setChecklistStatus(context.db, requireSignedIn(context), args.itemKey, args.status))),
  },
};

export const vetsSchema: SchemaModule = { typeDefs: vetTypeDefs, resolvers };
