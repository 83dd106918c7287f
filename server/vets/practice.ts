// A vet practice's dashboard data (issue 13 point 3; spec 2 §1, §3 Practice, §7 VetDashboardInfo).
import type { Db } from '../db/index.js';
import { PATIENT_NO_LONGER_SHARED, resultsStatusLabel, searchPattern, type PatientInput } from '../shared/vets-rules.js';
import { petAvatar } from '../pets/images.js';
import type { DogAvatar } from '../shared/dog-avatar.js';

export interface PracticeMembership {
  practiceId: number;
  name: string;
  isDvm: boolean;
}

/** The practice a vet works at (the first one joined), or null for everyone else. */
export async function practiceOfUser(db: Db, userId: number): Promise<PracticeMembership | null> {
  const row = await db('practice_users')
    .join('vet_practices', 'vet_practices.id', 'practice_users.practice_id')
    .where('practice_users.user_id', userId)
    .orderBy('practice_users.created_at')
    .orderBy('practice_users.practice_id')
    .first({ practiceId: 'vet_practices.id', name: 'vet_practices.name', isDvm: 'practice_users.is_dvm' });
  return row ?? null;
}

export interface ChecklistItem {
  key: string;
  label: string;
  status: 'not_started' | 'in_progress' | 'completed' | 'skipped';
  completedAt: Date | null;
}

export const CHECKLIST_STATUSES = ['not_started', 'in_progress', 'completed', 'skipped'] as const;

export async function onboardingChecklist(db: Db, practiceId: number): Promise<ChecklistItem[]> {
  return db('onboarding_checklist_items')
    .leftJoin('practice_onboarding_statuses', function () {
      this.on('practice_onboarding_statuses.item_key', 'onboarding_checklist_items.key').andOn('practice_onboarding_statuses.practice_id', db.raw('?', [practiceId]));
    })
    .orderBy('onboarding_checklist_items.sort_order')
    .select<ChecklistItem[]>(
      'onboarding_checklist_items.key',
      'onboarding_checklist_items.label',
      db.raw("coalesce(practice_onboarding_statuses.status, 'not_started') as status"),
      'practice_onboarding_statuses.completed_at as completedAt',
    );
}

export interface DashboardInfo {
  practice: {
    practiceId: number;
    name: string;
    createdAt: Date;
    practiceUsers: { id: number; name: string; email: string; isDVM: boolean }[];
    swabsOrderedCount: number;
    petActivationCount: number;
    practicePetCount: number;
    onboardingChecklist: ChecklistItem[];
  };
  checklistProgress: { completed: number; total: number };
  transfersRequested: number;
  transfersCompleted: number;
  openCases: number;
}

const count = async (query: PromiseLike<unknown>): Promise<number> => Number(((await query) as { n: number | string }[])[0]?.n ?? 0);

export async function dashboardInfo(db: Db, practiceId: number): Promise<DashboardInfo> {
  const patients = () => db('practice_patients').join('pets', 'pets.pet_num', 'practice_patients.pet_num').where('practice_patients.practice_id', practiceId).whereNull('pets.deleted_at');
  const [practice, users, swabsOrdered, activations, petCount, requested, completed, openCases, checklist] = await Promise.all([
    db('vet_practices').where({ id: practiceId }).first('id', 'name', 'created_at'),
    db('practice_users').join('users', 'users.id', 'practice_users.user_id').where('practice_users.practice_id', practiceId).orderBy('users.name').select({ id: 'users.id', name: 'users.name', email: 'users.email', isDVM: 'practice_users.is_dvm' }),
    count(db('kits').where({ practice_id: practiceId }).count({ n: '*' })),
    count(
      db('swabs')
        .leftJoin('kits', 'kits.id', 'swabs.kit_id')
        .where((q) => q.where('swabs.practice_id', practiceId).orWhere('kits.practice_id', practiceId))
        .whereNotNull('swabs.activated_at')
        .countDistinct({ n: 'swabs.id' }),
    ),
    count(patients().count({ n: '*' })),
    count(patients().whereNotNull('practice_patients.vet_client_transfer_requested_at').whereNull('practice_patients.vet_client_transfer_completed_at').count({ n: '*' })),
    count(patients().whereNotNull('practice_patients.vet_client_transfer_completed_at').count({ n: '*' })),
    // a dog its client stopped sharing is no case the practice can work on
    count(patients().where('practice_patients.case_completed', false).whereNull('practice_patients.unshared_at').count({ n: '*' })),
    onboardingChecklist(db, practiceId),
  ]);
  return {
    practice: {
      practiceId,
      name: practice.name,
      createdAt: practice.created_at,
      practiceUsers: users,
      swabsOrderedCount: swabsOrdered,
      petActivationCount: activations,
      practicePetCount: petCount,
      onboardingChecklist: checklist,
    },
    checklistProgress: { completed: checklist.filter((item) => item.status === 'completed').length, total: checklist.length },
    transfersRequested: requested,
    transfersCompleted: completed,
    openCases,
  };
}

/** A patient of the practice: what it was registered with, and where its case stands. */
export interface PracticePet extends PatientInput {
  id: number;
  petNum: number;
  caseCompleted: boolean;
  addedByPractice: boolean;
  transferRequestedAt: Date | null;
  transferCompletedAt: Date | null;
  notesCount: number;
  resultsStatus: string;
  /** The practice may change the dog's details: it registered the dog and no client owns it yet. */
  isEditableByPractice: boolean;
  /** When the client revoked their last share with the practice; null while the dog is shared (or registered by the practice). */
  unsharedAt: Date | null;
  /**
   * The practice may read the dog and work on its case. False once its client stopped sharing it:
   * the record and its case notes stay, read-only, without the dog's results, report or picture.
   */
  isShared: boolean;
  /** Its picture, else its initial, on the patient list (issue 12 §7). */
  avatar: DogAvatar;
  /** Who ordered the patient's swab, and whether they are a DVM (spec 1 §3, §6); null when nobody at a practice did. */
  swabOrderedBy: { name: string; isDVM: boolean | null } | null;
  isVetAffiliate: boolean;
}

function patientsQuery(db: Db, practiceId: number) {
  const latestSwab = (column: string) =>
    db('swabs').whereRaw('swabs.pet_num = pets.pet_num').where('swabs.is_methylation', false).orderBy('swabs.created_at', 'desc').orderBy('swabs.id', 'desc').limit(1).select(column);
  return db('practice_patients')
    .join('pets', 'pets.pet_num', 'practice_patients.pet_num')
    .where('practice_patients.practice_id', practiceId)
    .whereNull('pets.deleted_at')
    .select({
      id: 'practice_patients.id',
      petNum: 'pets.pet_num',
      name: 'pets.name',
      sex: 'pets.sex',
      clientName: 'practice_patients.client_name',
      clientEmail: 'practice_patients.client_email',
      clientPhone: 'practice_patients.client_phone',
      patientEmrId: 'practice_patients.patient_emr_id',
      caseCompleted: 'practice_patients.case_completed',
      addedByPractice: 'practice_patients.added_by_practice',
      transferRequestedAt: 'practice_patients.vet_client_transfer_requested_at',
      transferCompletedAt: 'practice_patients.vet_client_transfer_completed_at',
      unsharedAt: 'practice_patients.unshared_at',
      swabOrderedByName: 'practice_patients.swab_ordered_by_name',
      swabOrderedByIsDvm: 'practice_patients.swab_ordered_by_is_dvm',
      isVetAffiliate: 'practice_patients.is_vet_affiliate',
      notesCount: db('practice_patient_notes').whereRaw('practice_patient_notes.practice_patient_id = practice_patients.id').count('*'),
      swabState: latestSwab('swabs.swab_state'),
      healthReleased: latestSwab('swabs.health_results_released_at'),
      breedReleased: latestSwab('swabs.breed_results_released_at'),
      hasOwner: db.raw('exists (select 1 from pet_owners where pet_owners.pet_num = pets.pet_num)'),
      profileImagePublicId: 'pets.profile_image_public_id',
      avatarColorIndex: 'pets.avatar_color_index',
    });
}

interface PatientRow extends Omit<PracticePet, 'resultsStatus' | 'isEditableByPractice' | 'isShared' | 'notesCount' | 'avatar' | 'swabOrderedBy'> {
  swabOrderedByName: string | null;
  swabOrderedByIsDvm: boolean | null;
  profileImagePublicId: string | null;
  avatarColorIndex: number;
  notesCount: number | string;
  swabState: string | null;
  healthReleased: Date | null;
  breedReleased: Date | null;
  hasOwner: boolean;
}

function toPracticePet(row: PatientRow): PracticePet {
  const { swabState, healthReleased, breedReleased, hasOwner, profileImagePublicId, avatarColorIndex, swabOrderedByName, swabOrderedByIsDvm, ...rest } = row;
  const isShared = row.unsharedAt === null;
  return {
    ...rest,
    // what the client no longer shares (the dog's picture, its results) stays out of the practice's record
    avatar: petAvatar({ name: row.name, profileImagePublicId: isShared ? profileImagePublicId : null, avatarColorIndex }),
    notesCount: Number(row.notesCount),
    resultsStatus: isShared ? resultsStatusLabel({ swabState, healthReleased: healthReleased !== null, breedReleased: breedReleased !== null }) : PATIENT_NO_LONGER_SHARED,
    isEditableByPractice: row.addedByPractice && !hasOwner,
    isShared,
    swabOrderedBy: swabOrderedByName === null ? null : { name: swabOrderedByName, isDVM: swabOrderedByIsDvm },
  };
}

/** ListPracticePets: the practice's patients by name, client, client e-mail or EMR id, a page at a time. */
export async function listPracticePets(db: Db, practiceId: number, search: unknown, page: { limit: number; offset: number }): Promise<{ total: number; pets: PracticePet[] }> {
  const pattern = searchPattern(search);
  const filtered = () => {
    const query = patientsQuery(db, practiceId);
    if (pattern) {
      query.where((q) =>
        q
          .whereRaw("pets.name ilike ? escape '\\'", [pattern])
          .orWhereRaw("practice_patients.client_name ilike ? escape '\\'", [pattern])
          .orWhereRaw("practice_patients.client_email::text ilike ? escape '\\'", [pattern])
          .orWhereRaw("practice_patients.patient_emr_id ilike ? escape '\\'", [pattern]),
      );
    }
    return query;
  };
  const [rows, [{ n }]] = await Promise.all([
    filtered().orderBy('pets.name').orderBy('practice_patients.id').limit(page.limit).offset(page.offset),
    db.from(filtered().as('patients')).count({ n: '*' }),
  ]);
  return { total: Number(n), pets: (rows as PatientRow[]).map(toPracticePet) };
}

/** One patient of the practice; null when the id names no patient of this practice. */
export async function findPracticePet(db: Db, practiceId: number, patientId: number): Promise<PracticePet | null> {
  const row = await patientsQuery(db, practiceId).where('practice_patients.id', patientId).first();
  return row ? toPracticePet(row as PatientRow) : null;
}

/** The patient of the practice a case note belongs to; null when the note is not the practice's. */
export async function patientIdOfNote(db: Db, practiceId: number, noteId: number): Promise<number | null> {
  const row = await db('practice_patient_notes')
    .join('practice_patients', 'practice_patients.id', 'practice_patient_notes.practice_patient_id')
    .where({ 'practice_patient_notes.id': noteId, 'practice_patients.practice_id': practiceId })
    .first('practice_patients.id');
  return row?.id ?? null;
}

export interface PatientNote {
  id: number;
  body: string;
  authorName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export async function patientNotes(db: Db, patientId: number): Promise<PatientNote[]> {
  return db('practice_patient_notes')
    .leftJoin('users', 'users.id', 'practice_patient_notes.author_user_id')
    .where('practice_patient_notes.practice_patient_id', patientId)
    .orderBy('practice_patient_notes.created_at', 'desc')
    .orderBy('practice_patient_notes.id', 'desc')
    .select<PatientNote[]>({
      id: 'practice_patient_notes.id',
      body: 'practice_patient_notes.body',
      authorName: 'users.name',
      createdAt: 'practice_patient_notes.created_at',
      updatedAt: 'practice_patient_notes.updated_at',
    });
}

export interface PracticeKit {
  boxKey: string;
  productType: string;
  state: string;
  shippedAt: Date | null;
  activatedAt: Date | null;
  petName: string | null;
}

/** The kits a practice ordered, newest first, with the dog each was activated for. */
export async function practiceKits(db: Db, practiceId: number): Promise<PracticeKit[]> {
  return db('kits')
    .leftJoin('swabs', 'swabs.kit_id', 'kits.id')
    .leftJoin('pets', 'pets.pet_num', 'swabs.pet_num')
    .where('kits.practice_id', practiceId)
    .orderBy('kits.created_at', 'desc')
    .orderBy('kits.id', 'desc')
    .limit(100)
    .select<PracticeKit[]>({
      boxKey: 'kits.box_key',
      productType: 'kits.product_type',
      state: 'kits.state',
      shippedAt: 'kits.shipped_at',
      activatedAt: 'kits.activated_at',
      petName: 'pets.name',
    });
}
