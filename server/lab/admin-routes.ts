import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { isRefusedUpload, multipart } from '../http/multipart.js';
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import { requireAdmin } from '../auth/guards.js';
import { loadCurrentUser } from '../auth/current-user.js';
import { openLab } from './lab.js';
import { describeRelatives, describeReport, ingestReadFile, type IngestOutcome } from './ingest.js';
import { IngestError } from './ingest-error.js';
import { readUpload } from './upload-reader.js';
import { heldGenotypes, releaseWithGeneticSex } from './lab-review.js';
import { parseId } from '../http/ids.js';

export const UPLOAD_PATH = '/admin/lab/upload';

interface LabForm {
  swabCode: string;
  ownerEmail: string;
  dogName: string;
  replaceReleased: boolean;
}
const EMPTY_FORM: LabForm = { swabCode: '', ownerEmail: '', dogName: '', replaceReleased: false };
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

function describe(fileName: string, outcome: IngestOutcome): string {
  if (outcome.status === 'released') return `${fileName}: swab ${outcome.swabCode} released for dog ${outcome.petNum}, ${describeRelatives(outcome.relatives)} (${describeReport(outcome.report)}).`;
  if (outcome.status === 'held') return `${fileName}: swab ${outcome.swabCode} held for lab review: ${outcome.reason}`;
  return `${fileName}: already ingested, nothing changed.`;
}

/** The lab page: admins upload a genotype export for a swab (TSV, PLINK pair or zip). */
export function labAdminRoutes(db: Db, settings: Settings): Router {
  const router = Router();
  // a refused upload keeps what the admin typed (files cannot be kept: the browser chooses them again)
  const render = async (res: Parameters<RequestHandler>[1], status: number, messages: string[], errors: string[], form: LabForm = EMPTY_FORM) =>
    res.status(status).render('admin/lab', { title: 'Lab uploads', messages, errors, form: errors.length ? form : EMPTY_FORM, recent: await recentIngests(db), held: await heldGenotypes(db) });

  router.get('/admin/lab', requireAdmin, async (_req, res) => render(res, 200, [], []));

  router.post(UPLOAD_PATH, requireAdmin, async (req, res) => {
    const uploads = (req.files as Express.Multer.File[] | undefined) ?? [];
    const field = (name: string, max: number) => (typeof req.body?.[name] === 'string' && req.body[name].trim() ? req.body[name].trim().slice(0, max) : undefined);
    const swabCode = field('swabCode', 64);
    const ownerEmail = field('ownerEmail', 254);
    const dogName = field('dogName', 50);
    const replaceReleased = req.body?.replaceReleased === 'on';
    const form: LabForm = { swabCode: swabCode ?? '', ownerEmail: ownerEmail ?? '', dogName: dogName ?? '', replaceReleased };
    const refused = refusedUploads.get(req);
    if (refused) return render(res, refused.status, [], [refused.message], form);
    if (uploads.length === 0) return render(res, 400, [], ['Choose a genotype file to upload.'], form);
    const messages: string[] = [];
    const errors: string[] = [];
    try {
      // unpacked, decoded, parsed and checksummed on the upload reader's thread: the server answers meanwhile
      const file = await readUpload(uploads.map((upload) => ({ name: upload.originalname, content: upload.buffer })), swabCode, settings.lab);
      const lab = await openLab(db, settings.lab);
      try {
        if ('refused' in file) throw file.refused;
        const outcome = await ingestReadFile(db, lab, file.read, { ...(ownerEmail ? { newDog: { ownerEmail, dogName } } : {}), replaceReleased });
        if (outcome.report.registeredDog) messages.push(`${file.fileName}: swab ${outcome.swabCode} registered for a new dog of ${ownerEmail}.`);
        messages.push(describe(file.fileName, outcome));
      } catch (error) {
        if (!(error instanceof IngestError)) throw error;
        errors.push(`${file.fileName}: ${error.message}`);
      }
    } catch (error) {
      if (!(error instanceof IngestError)) throw error;
      errors.push(error.message);
    }
    return render(res, errors.length ? 400 : 200, messages, errors, form);
  });

  // The lab decides a held genotype's dog was registered with the wrong sex: it takes its DNA's and is released.
  router.post('/admin/lab/held/:genotypeId/release', requireAdmin, async (req, res) => {
    const genotypeId = parseId(req.params.genotypeId);
    if (genotypeId === null) return render(res, 400, [], ['Unknown held genotype.']);
    try {
      const lab = await openLab(db, settings.lab);
      const released = await releaseWithGeneticSex(db, lab, genotypeId);
      return render(res, 200, [`Dog ${released.petNum} is now ${released.sex === 'm' ? 'male' : 'female'}, as its DNA shows: swab ${released.swabCode} released, ${describeRelatives(released.relatives)}.`], []);
    } catch (error) {
      if (!(error instanceof IngestError)) throw error;
      return render(res, 409, [], [error.message]);
    }
  });

  return router;
}
