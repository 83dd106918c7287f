// The practice dashboard at /members for vets and a patient's page (issue 13 point 3). Server-rendered
// forms call the same service as the GraphQL mutations, so the pages work without scripts.
import { Router, type Request, type Response } from 'express';
import type { Db } from '../db/index.js';
import { signedInUser } from '../auth/guards.js';
import { HttpError } from '../http/http-error.js';
import * as messages from '../shared/messages.js';
import { INVALID_ARGUMENTS } from '../shared/messages.js';
import { dogNotFound } from '../pets/access.js';
import { dashboardInfo, listPracticePets, patientNotes, practiceKits, practiceOfUser } from './practice.js';
import { patientFor, practiceFor, PracticeAccessError, sharedPatientFor } from './guard.js';
import { addPatient, changeCase, editPatient, PracticeInputError, releasePatient, removeNote, setChecklistStatus } from './practice-service.js';
import { NAME_MAX_LENGTH, NOTE_MAX_LENGTH, PRACTICE_PAGE_SIZE, EMAIL_MAX_LENGTH, PATIENT_NOT_SHARED_ANY_MORE, swabOrdererText, unsharedPatientText } from '../shared/vets-rules.js';
import type { PracticeMembership, PracticePet } from './practice.js';
import { findPet } from '../pets/queries.js';
import { parseId } from '../http/ids.js';
import { sendVetReport } from './report-routes.js';

// Outcomes named in the redirect back (fixed words and indexes, never the text a user sent).
const INPUT_ERRORS = [
  messages.PATIENT_NOTE_REQUIRED,
  messages.PATIENT_NOTE_TOO_LONG,
  messages.PATIENT_NAME_REQUIRED,
  messages.CLIENT_EMAIL_INVALID,
  messages.PATIENT_NOT_EDITABLE,
  messages.TRANSFER_NEEDS_EMAIL,
  PATIENT_NOT_SHARED_ANY_MORE,
];
const CHECK_FIELDS = 'Please check the patient\u2019s details: names and ids are at most 100 characters on one line.';
const NOTICES: Record<string, string> = {
  added: 'The patient is added.',
  saved: 'Saved.',
  noted: 'The note is saved.',
  deleted: 'The note is deleted.',
  released: 'The client is invited by e-mail to take the patient over.',
};

function errorText(code: unknown): string | null {
  if (typeof code !== 'string' || !/^\d{1,2}$|^fields$/.test(code)) return null;
  return code === 'fields' ? CHECK_FIELDS : (INPUT_ERRORS[Number(code)] ?? null);
}

/** What a refused form had in it, shown again with each field's error (never a redirect that empties the form). */
interface FormDraft {
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** A case note the practice could not save: the new-note form (noteId null) or one note's edit form. */
interface NoteDraft {
  noteId: string | null;
  body: string;
  error: string;
}

const PATIENT_FIELDS = ['name', 'sex', 'clientName', 'clientEmail', 'clientPhone', 'patientEmrId'] as const;
/** The end of each patient field's id (`new-patient-email`, `patient-email`). */
const PATIENT_FIELD_IDS: Record<(typeof PATIENT_FIELDS)[number], string> = { name: 'name', sex: 'sex', clientName: 'client', clientEmail: 'email', clientPhone: 'phone', patientEmrId: 'emr' };

/** The error summary's links to the refused patient fields, in form order. */
const patientErrorLinks = (prefix: string, errors: Record<string, string>) =>
  PATIENT_FIELDS.filter((key) => errors[key]).map((key) => ({ href: `#${prefix}-${PATIENT_FIELD_IDS[key]}`, text: errors[key] }));

/** The patient form's fields as typed (cut to what the inputs allow), to fill the form again. */
function typedPatient(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(PATIENT_FIELDS.map((key) => [key, typeof body[key] === 'string' ? (body[key] as string).slice(0, key === 'clientEmail' ? EMAIL_MAX_LENGTH : NAME_MAX_LENGTH) : '']));
}

/**
 * Runs a form's action; refusals become the spec's answers. A rule error goes to `refused` when the
 * form can be shown again with what was typed; otherwise it is a redirect naming it.
 */
async function formAction(res: Response, back: string, work: () => Promise<string>, refused?: (error: PracticeInputError) => Promise<void> | null): Promise<void> {
  try {
    res.redirect(303, await work());
  } catch (error) {
    if (error instanceof PracticeAccessError) throw error.reason === 'invalid' ? new HttpError(400, INVALID_ARGUMENTS) : dogNotFound();
    if (error instanceof PracticeInputError) {
      const shown = Object.keys(error.fields).length > 0 ? refused?.(error) : null;
      if (shown) return shown;
      const index = INPUT_ERRORS.indexOf(error.message);
      const [path, fragment] = back.split('#');
      return res.redirect(303, `${path}${path.includes('?') ? '&' : '?'}error=${index >= 0 ? index : 'fields'}${fragment ? `#${fragment}` : ''}`);
    }
    throw error;
  }
}

async function practiceOrRefuse(db: Db, req: Request) {
  try {
    return await practiceFor(db, signedInUser(req), { write: false });
  } catch {
    // without a practice there is no patient to see: the same answer as another practice's patient
    throw dogNotFound();
  }
}

const pageNumber = (raw: unknown): number => (typeof raw === 'string' && /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : 1);

const EMPTY_PATIENT: FormDraft = { values: typedPatient({}), errors: {} };

/** Mounted under /members, before the plain dog list. */
export function vetPageRoutes(db: Db, shopUrl: string): Router {
  const router = Router();

  /** The dashboard: a page of patients (`search`, `page`), the counts, the checklist and the add-a-patient form. */
  async function renderDashboard(res: Response, practice: PracticeMembership, options: { search?: string; page?: number; status?: number; error?: string | null; newPatient?: FormDraft }) {
    const { search = '', page = 1, status = 200, error = null, newPatient = EMPTY_PATIENT } = options;
    const [info, list] = await Promise.all([
      dashboardInfo(db, practice.practiceId),
      listPracticePets(db, practice.practiceId, search, { limit: PRACTICE_PAGE_SIZE, offset: (page - 1) * PRACTICE_PAGE_SIZE }),
    ]);
    const pages = Math.max(1, Math.ceil(list.total / PRACTICE_PAGE_SIZE));
    const errorSummary = patientErrorLinks('new-patient', newPatient.errors);
    res.status(status).render('vets/dashboard', { title: 'My Patients', info, list, search, page, pages, pageSize: PRACTICE_PAGE_SIZE, error, newPatient, errorSummary, fieldIds: PATIENT_FIELD_IDS, messages });
  }

  /** A patient's page; `details` and `noteDraft` put a refused form back as it was typed. */
  async function renderPatient(res: Response, practice: PracticeMembership, patient: PracticePet, options: { status?: number; notice?: string | null; error?: string | null; details?: FormDraft; noteDraft?: NoteDraft }) {
    const { status = 200, notice = null, error = null, noteDraft = null } = options;
    const details = options.details ?? { values: typedPatient({ ...patient, sex: patient.sex ?? '' }), errors: {} };
    const errorSummary = noteDraft ? [{ href: noteDraft.noteId ? `#note-${noteDraft.noteId}` : '#new-note', text: noteDraft.error }] : patientErrorLinks('patient', details.errors);
    res.status(status).render('vets/patient', {
      title: `${patient.name}: patient`,
      practice,
      patient,
      notes: await patientNotes(db, patient.id),
      notice,
      error,
      details,
      noteDraft,
      errorSummary,
      fieldIds: PATIENT_FIELD_IDS,
      noteMaxLength: NOTE_MAX_LENGTH,
      unsharedText: patient.isShared ? null : unsharedPatientText(patient.name),
      swabOrderedBy: swabOrdererText(patient.swabOrderedBy),
    });
  }

  // Shell spec §2: the vet shop page, where Order a Kit leads vets. Its practice part shows only to a practice's vets.
  router.get('/shopify/vet', async (req, res) => {
    const user = signedInUser(req);
    const practice = user.isVet ? await practiceOfUser(db, user.id) : null;
    const [info, kits] = practice ? await Promise.all([dashboardInfo(db, practice.practiceId), practiceKits(db, practice.practiceId)]) : [null, []];
    res.render('vets/shop', { title: 'Order Kits for Your Practice', practice, info, kits, shopUrl });
  });

  router.get('/', async (req, res, next) => {
    const user = signedInUser(req);
    const practice = user.isVet ? await practiceOfUser(db, user.id) : null;
    if (!practice) return next();
    const search = typeof req.query.q === 'string' ? req.query.q.trim().slice(0, 100) : '';
    await renderDashboard(res, practice, { search, page: pageNumber(req.query.page), error: errorText(req.query.error) });
  });

  router.get('/patients/:id', async (req, res) => {
    const practice = await practiceOrRefuse(db, req);
    let patient;
    try {
      patient = await patientFor(db, practice, req.params.id);
    } catch {
      throw dogNotFound();
    }
    const notice = typeof req.query.notice === 'string' ? (NOTICES[req.query.notice] ?? null) : null;
    await renderPatient(res, practice, patient, { notice, error: errorText(req.query.error) });
  });

  // The vet report of a patient for the practice's own chart (spec 2 §3 vetPracticeInfo.reportUrl).
  router.get('/patients/:id/vet-report.pdf', async (req, res) => {
    const practice = await practiceOrRefuse(db, req);
    const patient = await patientFor(db, practice, req.params.id).catch(() => null);
    // a dog its client stopped sharing: the report is no longer the practice's to read
    const pet = patient?.isShared ? await findPet(db, patient.petNum) : undefined;
    if (!pet) throw dogNotFound();
    await sendVetReport(res, db, pet, req.query.paper);
  });

  const patientPath = (id: number | string) => `/members/patients/${encodeURIComponent(String(id))}`;

  /** Shows the patient's page again after a refused form (the service already checked the practice and the patient). */
  const patientAgain = (req: Request, res: Response, draft: { details?: FormDraft; noteDraft?: NoteDraft }) => async () => {
    const practice = await practiceFor(db, signedInUser(req), { write: true });
    await renderPatient(res, practice, await patientFor(db, practice, req.params.id), { status: 400, ...draft });
  };
  const noteAgain = (req: Request, res: Response, noteId: string | null) => (error: PracticeInputError) =>
    patientAgain(req, res, { noteDraft: { noteId: noteId === null ? null : String(parseId(noteId)), body: typeof req.body?.patientNote === 'string' ? req.body.patientNote : '', error: error.message } })();

  router.post('/patients', (req, res) =>
    formAction(
      res,
      '/members#add-patient',
      async () => `${patientPath((await addPatient(db, signedInUser(req), req.body ?? {})).id)}?notice=added`,
      async (error) => renderDashboard(res, await practiceFor(db, signedInUser(req), { write: true }), { status: 400, newPatient: { values: typedPatient(req.body ?? {}), errors: error.fields } }),
    ),
  );
  router.post('/patients/:id', (req, res) =>
    formAction(
      res,
      patientPath(req.params.id),
      async () => `${patientPath((await editPatient(db, signedInUser(req), req.params.id, req.body ?? {})).id)}?notice=saved`,
      (error) => patientAgain(req, res, { details: { values: typedPatient(req.body ?? {}), errors: error.fields } })(),
    ),
  );
  router.post('/patients/:id/notes', (req, res) =>
    formAction(
      res,
      patientPath(req.params.id),
      async () => {
        await changeCase(db, signedInUser(req), req.params.id, { patientNote: req.body?.patientNote ?? '' });
        return `${patientPath(req.params.id)}?notice=noted`;
      },
      noteAgain(req, res, null),
    ),
  );
  router.post('/patients/:id/notes/:noteId', (req, res) =>
    formAction(
      res,
      patientPath(req.params.id),
      async () => {
        await changeCase(db, signedInUser(req), req.params.id, { patientNote: req.body?.patientNote ?? '', patientNoteId: req.params.noteId });
        return `${patientPath(req.params.id)}?notice=noted`;
      },
      noteAgain(req, res, req.params.noteId),
    ),
  );
  router.post('/patients/:id/notes/:noteId/delete', (req, res) =>
    formAction(res, patientPath(req.params.id), async () => {
      const user = signedInUser(req);
      const patient = await sharedPatientFor(db, await practiceFor(db, user, { write: true }), req.params.id);
      await removeNote(db, user, req.params.noteId, patient.id);
      return `${patientPath(req.params.id)}?notice=deleted`;
    }),
  );
  router.post('/patients/:id/case', (req, res) =>
    formAction(res, patientPath(req.params.id), async () => {
      const caseCompleted = req.body?.caseCompleted === 'true' ? true : req.body?.caseCompleted === 'false' ? false : null;
      if (caseCompleted === null) throw new PracticeAccessError('invalid');
      await changeCase(db, signedInUser(req), req.params.id, { caseCompleted });
      return `${patientPath(req.params.id)}?notice=saved`;
    }),
  );
  router.post('/patients/:id/release', (req, res) =>
    formAction(res, patientPath(req.params.id), async () => {
      await releasePatient(db, signedInUser(req), req.params.id);
      return `${patientPath(req.params.id)}?notice=released`;
    }),
  );
  router.post('/practice/checklist', (req, res) =>
    formAction(res, '/members#onboarding', async () => {
      await setChecklistStatus(db, signedInUser(req), req.body?.itemKey, req.body?.status);
      return '/members#onboarding';
    }),
  );

  return router;
}
