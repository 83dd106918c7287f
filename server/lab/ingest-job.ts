// The job that ingests an admin's upload (issue 34 §1): reads the stored files on the upload
// reader's thread, ingests the export in one transaction with the record of what came of it, and
// drops the files' bytes. A file the lab refuses (an IngestError) ends the upload as failed and is
// not tried again: it is the file's fault. Anything else is thrown, so pg-boss tries again; a
// worker that dies mid-import lets the job expire, and the import, never committed, starts over.
import type { Db } from '../db/index.js';
import type { Settings } from '../settings.js';
import type { JobDefinition } from '../jobs/queue.js';
import { openLab } from './lab.js';
import { ingestReadFile, type IngestOptions } from './ingest.js';
import { IngestError } from './ingest-error.js';
import { forgetArrayPanels } from './array-panel.js';
import { readUpload, type UploadFile } from './upload-reader.js';
import { describeOutcome, registeredForNewDog } from './upload-outcome.js';
import { finishUpload, LAB_INGEST_JOB, lockRunningUpload, setUploadProgress, startIngest, uploadFiles, type LabUploadForm, type UploadToIngest } from './uploads.js';

export const READING_THE_FILE = 'Reading the file';
export const COMPUTING_RESULTS = 'Computing results and relatives';

/** Tries after the first failed one: a passing fault (the database restarting) gets a few, a bug does not loop. */
export const LAB_INGEST_RETRY_LIMIT = 2;
/** A real export imports in seconds; a job held this long is taken to be lost with its worker. */
export const LAB_INGEST_EXPIRE_SECONDS = 5 * 60;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const unexpectedFailure = (error: unknown) => `The import failed (${errorText(error)}) and was given up after ${LAB_INGEST_RETRY_LIMIT + 1} tries. Nothing was imported; upload the file again.`;

export interface LabIngest {
  db: Db;
  settings: Pick<Settings, 'lab'>;
}

export function labIngestJob({ db, settings }: LabIngest): JobDefinition {
  return {
    name: LAB_INGEST_JOB,
    retryLimit: LAB_INGEST_RETRY_LIMIT,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: LAB_INGEST_EXPIRE_SECONDS,
    // each upload may take hundreds of MB while read and imported: one at a time per process
    concurrency: 1,
    async handle(_data, job) {
      const upload = await startIngest(db, job.id, READING_THE_FILE);
      if (!upload) return { skipped: 'no upload waits for this job' };
      try {
        return await ingestUpload({ db, settings }, upload);
      } catch (error) {
        if (job.isLastTry) await db.transaction((trx) => finishUpload(trx, upload.id, { status: 'failed', errors: [unexpectedFailure(error)] }));
        else await setUploadProgress(db, upload.id, `Try ${job.retryCount + 1} failed (${errorText(error)}); it will be tried again shortly`);
        throw error;
      }
    },
  };
}

const ingestOptions = (form: LabUploadForm): IngestOptions => ({
  ...(form.ownerEmail ? { newDog: { ownerEmail: form.ownerEmail, ...(form.dogName ? { dogName: form.dogName } : {}) } } : {}),
  replaceReleased: form.replaceReleased,
});

async function ingestUpload({ db, settings }: LabIngest, upload: UploadToIngest): Promise<object> {
  const files = await uploadFiles(db, upload.id);
  if (files.length === 0) throw new Error(`upload ${upload.id} has no files left to read`);
  let file: UploadFile;
  try {
    // unpacked, decoded, parsed and checksummed on the upload reader's thread: the process serves pages meanwhile
    file = await readUpload(files, upload.form.swabCode || undefined, settings.lab);
  } catch (error) {
    if (!(error instanceof IngestError)) throw error;
    await db.transaction((trx) => finishUpload(trx, upload.id, { status: 'failed', errors: [error.message] }));
    return { failed: upload.id };
  }
  await setUploadProgress(db, upload.id, COMPUTING_RESULTS);
  const lab = await openLab(db, settings.lab);
  try {
    // the import and the record of it commit together: a worker that dies leaves neither
    return await db.transaction(async (trx) => {
      if (!(await lockRunningUpload(trx, upload.id))) return { skipped: `upload ${upload.id} was ended by another try` };
      const messages: string[] = [];
      const errors: string[] = [];
      try {
        if ('refused' in file) throw file.refused;
        const outcome = await ingestReadFile(trx, lab, file.read, ingestOptions(upload.form));
        if (outcome.report.registeredDog) messages.push(registeredForNewDog(file.fileName, outcome.swabCode, upload.form.ownerEmail));
        messages.push(describeOutcome(file.fileName, outcome));
      } catch (error) {
        if (!(error instanceof IngestError)) throw error;
        errors.push(`${file.fileName}: ${error.message}`);
      }
      await finishUpload(trx, upload.id, errors.length ? { status: 'failed', errors } : { status: 'done', messages });
      return errors.length ? { failed: upload.id } : { done: upload.id };
    });
  } catch (error) {
    // array panels cached in this process may hold what the rolled-back import taught them
    forgetArrayPanels();
    throw error;
  }
}
