// The practice dashboard at /members for vets and a patient's page (issue 13 point 3). Server-rendered
// forms call the same service as the GraphQL mutations, so the pages work without scripts.
import { Router, type Request, type Response } from 'express';
import type { Db } from '../db/index.js';
import { HttpError, signedInUser } from '../auth/guards.js';
import * as messages from '../shared/messages.js';
import { INVALID_ARGUMENTS, NOT_AUTHORIZED } from '../shared/messages.js';
import { dashboardInfo, listPracticePets, patientNotes, practiceKits, practiceOfUser } from './practice.js';
import { patientFor, practiceFor, PracticeAccessError } from './guard.js';
import { addPatient, changeCase, editPatient, PracticeInputError, releasePatient, removeNote, setChecklistStatus } from './practice-service.js';
import { NOTE_MAX_LENGTH, PRACTICE_PAGE_SIZE } from './rules.js';
import { findPet } from '../pets/queries.js';
import { sendVetReport } from './report-routes.js';

// Outcomes named in the redirect back (fixed words and indexes, never the text a user sent).
const INPUT_ERRORS = [
  messages.PATIENT_NOTE_REQUIRED,
  messages.PATIENT_NOTE_TOO_LONG,
  messages.PATIENT_NAME_REQUIRED,
  messages.CLIENT_EMAIL_INVALID,
  messages.PATIENT_NOT_EDITABLE,
  messages.TRANSFER_NEEDS_EMAIL,
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

/** Runs a form's action; refusals become the spec's answers, rule errors a redirect naming them. */
async function formAction(res: Response, back: string, work: () => Promise<string>): Promise<void> {
  try {
    res.redirect(303, await work());
  } catch (error) {
    if (error instanceof PracticeAccessError) throw error.reason === 'invalid' ? new HttpError(400, INVALID_ARGUMENTS) : new HttpError(404, NOT_AUTHORIZED);
    if (error instanceof PracticeInputError) {
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
    throw new HttpError(404, NOT_AUTHORIZED);
  }
}

const pageNumber = (raw: unknown): number => (typeof raw === 'string' && /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : 1);

/** Mounted under /members, before the plain dog list. */
export function vetPageRoutes(db: Db, shopUrl: string): Router {
  const router = Router();

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
    const page = pageNumber(req.query.page);
    const [info, list] = await Promise.all([
      dashboardInfo(db, practice.practiceId),
      listPracticePets(db, practice.practiceId, search, { limit: PRACTICE_PAGE_SIZE, offset: (page - 1) * PRACTICE_PAGE_SIZE }),
    ]);
    const pages = Math.max(1, Math.ceil(list.total / PRACTICE_PAGE_SIZE));
    res.render('vets/dashboard', {
      title: 'My Patients',
      info,
      list,
      search,
      page,
      pages,
      pageSize: PRACTICE_PAGE_SIZE,
      error: errorText(req.query.error),
      messages,
    });
  });

  router.get('/patients/:id', async (req, res) => {
    const practice = await practiceOrRefuse(db, req);
    let patient;
    try {
      patient = await patientFor(db, practice, req.params.id);
    } catch {
      throw new HttpError(404, NOT_AUTHORIZED);
    }
    const notice = typeof req.query.notice === 'string' ? (NOTICES[req.query.notice] ?? null) : null;
    res.render('vets/patient', {
      title: `${patient.name}: patient`,
      practice,
      patient,
      notes: await patientNotes(db, patient.id),
      notice,
      error: errorText(req.query.error),
      noteMaxLength: NOTE_MAX_LENGTH,
    });
  });

  // The vet report of a patient for the practice's own chart (spec 2 §3 vetPracticeInfo.reportUrl).
  router.get('/patients/:id/vet-report.pdf', async (req, res) => {
    const practice = await practiceOrRefuse(db, req);
    const patient = await patientFor(db, practice, req.params.id).catch(() => null);
    const pet = patient ? await findPet(db, patient.petNum) : undefined;
    if (!pet) throw new HttpError(404, NOT_AUTHORIZED);
    await sendVetReport(res, db, pet, req.query.paper);
  });

  const patientPath = (id: number | string) => `/members/patients/${encodeURIComponent(String(id))}`;

  router.post('/patients', (req, res) =>
    formAction(res, '/members#add-patient', async () => `${patientPath((await addPatient(db, signedInUser(req), req.body ?? {})).id)}?notice=added`),
  );
  router.post('/patients/:id', (req, res) =>
    formAction(res, patientPath(req.params.id), async () => `${patientPath((await editPatient(db, signedInUser(req), req.params.id, req.body ?? {})).id)}?notice=saved`),
  );
  router.post('/patients/:id/notes', (req, res) =>
    formAction(res, patientPath(req.params.id), async () => {
      await changeCase(db, signedInUser(req), req.params.id, { patientNote: req.body?.patientNote ?? '' });
      return `${patientPath(req.params.id)}?notice=noted`;
    }),
  );
  router.post('/patients/:id/notes/:noteId', (req, res) =>
    formAction(res, patientPath(req.params.id), async () => {
      await changeCase(db, signedInUser(req), req.params.id, { patientNote: req.body?.patientNote ?? '', patientNoteId: req.params.noteId });
      return `${patientPath(req.params.id)}?notice=noted`;
    }),
  );
  router.post('/patients/:id/notes/:noteId/delete', (req, res) =>
    formAction(res, patientPath(req.params.id), async () => {
      const user = signedInUser(req);
      const patient = await patientFor(db, await practiceFor(db, user, { write: true }), req.params.id);
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
