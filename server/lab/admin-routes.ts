import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { isRefusedUpload, multipart } from '../http/multipart.js';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { requireAdmin } from '../auth/guards.js';
import { loadCurrentUser } from '../auth/current-user.js';
import { openLab } from './lab.js';
import { describeRelatives } from './ingest.js';
import { IngestError } from './ingest-error.js';
import { heldGenotypes, releaseWithGeneticSex } from './lab-review.js';
import { findLabUpload, queueLabUpload, recentLabUploads, type LabUpload, type LabUploadForm } from './uploads.js';
import { parseId } from '../http/ids.js';
import { isLabUploadFinished, labUploadPagePath, labUploadStatusText, type LabUploadState } from '../shared/lab-upload-rules.js';

export const UPLOAD_PATH = '/admin/lab/upload';

const EMPTY_FORM: LabUploadForm = { swabCode: '', ownerEmail: '', dogName: '', replaceReleased: false };
export const MAX_UPLOAD_FILE_BYTES = 64 * 1024 * 1024;
/** A TSV, an archive, or one PLINK export: a .bed/.bim/.fam set is the most, three files. */
export const MAX_UPLOAD_FILES = 3;

/** An upload multer refused (too big, too many files): answered on the lab page, after the CSRF check. */
interface RefusedUpload {
  status: 400 | 413;
  message: string;
}
const refusedUploads = new WeakMap<object, RefusedUpload>();

function refusal(error: Error & { code?: string }): RefusedUpload {
  if (error.code === 'LIMIT_FILE_SIZE') return { status: 413, message: `A file is larger than ${MAX_UPLOAD_FILE_BYTES / 1024 / 1024} MB: upload a raw-data export (a zip or a PLINK export).` };
  if (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE') return { status: 400, message: `Upload at most ${MAX_UPLOAD_FILES} files: one TSV, one archive, or one PLINK export (.tped/.tfam, .ped/.map or .bed/.bim/.fam).` };
  return { status: 400, message: `The upload could not be read (${error.message}).` };
}

/**
 * Multipart bodies are parsed before the CSRF check (which reads `_csrf` from the body), so this
 * parser runs first, and only for a signed-in admin: nobody else gets as far as uploading. An
 * upload over the limits is drained by multer and answered with a clear 413/400, not an error.
 */
export function labUploadParser(db: Db): RequestHandler[] {
  const upload = multipart({ storage: multer.memoryStorage(), limits: { fileSize: MAX_UPLOAD_FILE_BYTES, files: MAX_UPLOAD_FILES, fields: 6 } }).array('files', MAX_UPLOAD_FILES);
  const parse: RequestHandler = (req, res, next) =>
    upload(req, res, (error?: unknown) => {
      if (isRefusedUpload(error)) {
        refusedUploads.set(req, refusal(error));
        req.files = [];
        return next();
      }
      next(error);
    });
  return [loadCurrentUser(db), requireAdmin, parse];
}

/** What kind of export a stored file was, from its format and name (every PLINK layout and report is stored as the transposed pair). */
function uploadFormatLabel(format: string, fileName: string): string {
  if (format === 'raw_tsv') return 'TSV';
  if (/\.ped$/i.test(fileName)) return 'PLINK .ped/.map';
  if (/\.bed$/i.test(fileName)) return 'PLINK .bed/.bim/.fam';
  if (/\.tped$/i.test(fileName)) return 'PLINK .tped/.tfam';
  return 'GenomeStudio report';
}

/** What became of one uploaded file: its genotype held, the dog's current one, or replaced since. */
function uploadState(row: { lab_review_hold: boolean; is_current: boolean }): string {
  if (row.lab_review_hold) return 'held for review';
  return row.is_current ? 'released' : 'replaced';
}

async function recentIngests(db: Db) {
  const rows = await db('genotypes')
    .join('samples', 'samples.id', 'genotypes.sample_id')
    .join('swabs', 'swabs.id', 'samples.swab_id')
    .whereNot('genotypes.source_format', 'simulated')
    .orderBy('genotypes.id', 'desc')
    .limit(20)
    .select('swabs.swab_code as swabCode', 'genotypes.pet_num as petNum', 'genotypes.source_format as format', 'genotypes.source_file_name as fileName', 'genotypes.lab_review_hold', 'genotypes.is_current', 'genotypes.created_at as createdAt');
  return rows.map((row) => ({ ...row, format: uploadFormatLabel(row.format, row.fileName ?? ''), state: uploadState(row), uploadedAt: new Date(row.createdAt).toISOString().slice(0, 16).replace('T', ' ') + ' UTC' }));
}

/** An upload's state as GET /admin/lab/uploads/{id} answers it. */
const stateOfUpload = ({ id, status, progress, messages, errors }: LabUpload): LabUploadState => ({ id, status, progress, messages, errors });

interface PageState {
  messages?: string[];
  errors?: string[];
  /** What the admin typed, kept when the upload is refused (files cannot be kept: the browser chooses them again). */
  form?: LabUploadForm;
  upload?: LabUpload;
}

/**
 * The lab page: admins upload a genotype export for a swab (TSV, PLINK pair or zip). The upload is
 * stored and ingested by a `lab.ingest` job (server/lab/ingest-job.ts); the page of the upload
 * (`?upload=`) follows it until its outcome is there.
 */
export function labAdminRoutes(db: Db, settings: Settings): Router {
  const router = Router();
  const render = async (res: Parameters<RequestHandler>[1], status: number, { messages = [], errors = [], form = EMPTY_FORM, upload }: PageState = {}) =>
    res.status(status).render('admin/lab', {
      title: 'Lab uploads',
      messages,
      errors,
      form,
      upload: upload ? { ...upload, finished: isLabUploadFinished(upload.status), statusText: labUploadStatusText(upload.status, upload.progress) } : null,
      uploads: await recentLabUploads(db),
      recent: await recentIngests(db),
      held: await heldGenotypes(db),
    });

  router.get('/admin/lab', requireAdmin, async (req, res) => {
    if (req.query.upload === undefined) return render(res, 200);
    const id = parseId(req.query.upload);
    const upload = id === null ? undefined : await findLabUpload(db, id);
    if (!upload) return render(res, 404, { errors: ['No such upload.'] });
    // a failed upload's form comes back as it was typed, for the files to be chosen again
    return render(res, 200, { upload, messages: upload.messages, errors: upload.errors, form: upload.status === 'failed' ? upload.form : EMPTY_FORM });
  });

  // what the lab page's status widget polls while an upload waits or runs
  router.get('/admin/lab/uploads/:id', requireAdmin, async (req, res) => {
    const id = parseId(req.params.id);
    const upload = id === null ? undefined : await findLabUpload(db, id);
    if (!upload) return res.status(404).json({ error: 'No such upload' });
    res.set('cache-control', 'no-store').json(stateOfUpload(upload));
  });

  router.post(UPLOAD_PATH, requireAdmin, async (req, res) => {
    const uploads = (req.files as Express.Multer.File[] | undefined) ?? [];
    const field = (name: string, max: number): string => (typeof req.body?.[name] === 'string' ? req.body[name].trim().slice(0, max) : '');
    const form: LabUploadForm = { swabCode: field('swabCode', 64), ownerEmail: field('ownerEmail', 254), dogName: field('dogName', 50), replaceReleased: req.body?.replaceReleased === 'on' };
    const refused = refusedUploads.get(req);
    if (refused) return render(res, refused.status, { errors: [refused.message], form });
    if (uploads.length === 0) return render(res, 400, { errors: ['Choose a genotype file to upload.'], form });
    // read and ingested by the upload's job: the admin follows it on the page of the upload
    const id = await queueLabUpload(db, { uploadedBy: req.currentUser!.id, form, files: uploads.map((upload) => ({ name: upload.originalname, content: upload.buffer })) });
    return res.redirect(303, labUploadPagePath(id));
  });

  // The lab decides a held genotype's dog was registered with the wrong sex: it takes its DNA's and is released.
  router.post('/admin/lab/held/:genotypeId/release', requireAdmin, async (req, res) => {
    const genotypeId = parseId(req.params.genotypeId);
    if (genotypeId === null) return render(res, 400, { errors: ['Unknown held genotype.'] });
    try {
      const lab = await openLab(db, settings.lab);
      const released = await releaseWithGeneticSex(db, lab, genotypeId);
      return render(res, 200, { messages: [`Dog ${released.petNum} is now ${released.sex === 'm' ? 'male' : 'female'}, as its DNA shows: swab ${released.swabCode} released, ${describeRelatives(released.relatives)}.`] });
    } catch (error) {
      if (!(error instanceof IngestError)) throw error;
      return render(res, 409, { errors: [error.message] });
    }
  });

  return router;
}
