// Uploads at /admin/lab (issue 34 §1): stored with their `lab.ingest` job in the request's
// transaction, then read, ingested and recorded by the job (server/lab/ingest-job.ts).
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.js';
import { JOB_SCHEMA, sendJob } from '../jobs/queue.js';
import { isLabUploadFinished, type LabUploadState, type LabUploadStatus } from '../shared/lab-upload-rules.js';

export const LAB_INGEST_JOB = 'lab.ingest';

/** What the admin typed in the upload form. */
export interface LabUploadForm {
  swabCode: string;
  ownerEmail: string;
  dogName: string;
  replaceReleased: boolean;
}

export interface UploadedFile {
  name: string;
  content: Uint8Array;
}

/** Shown for an upload whose job ended without its handler saying why (its worker was lost on the last try). */
export const LOST_UPLOAD = 'The import stopped: its job worker was lost on the last try. Nothing was imported; upload the file again.';

/** Stores an upload and its files and queues its `lab.ingest` job, in one transaction; resolves to the upload's id. */
export async function queueLabUpload(db: Db, upload: { uploadedBy: number; form: LabUploadForm; files: readonly UploadedFile[] }): Promise<number> {
  return db.transaction(async (trx) => {
    const jobId = randomUUID();
    const { form } = upload;
    const [{ id }] = await trx('lab_uploads')
      .insert({
        uploaded_by: upload.uploadedBy,
        swab_code: form.swabCode || null,
        owner_email: form.ownerEmail || null,
        dog_name: form.dogName || null,
        replace_released: form.replaceReleased,
        file_names: JSON.stringify(upload.files.map((file) => file.name)),
        job_id: jobId,
      })
      .returning('id');
    for (const [position, file] of upload.files.entries()) {
      await trx('lab_upload_files').insert({ upload_id: id, position, file_name: file.name.slice(0, 255), content: Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength) });
    }
    await sendJob(trx, LAB_INGEST_JOB, {}, { id: jobId });
    return Number(id);
  });
}

/** An upload as the lab page shows it. */
export interface LabUpload extends LabUploadState {
  form: LabUploadForm;
  fileNames: string[];
  uploadedBy: string | null;
  createdAt: Date;
}

interface UploadRow {
  id: number | string;
  swab_code: string | null;
  owner_email: string | null;
  dog_name: string | null;
  replace_released: boolean;
  file_names: string[] | string;
  status: LabUploadStatus;
  progress: string | null;
  messages: string[] | string;
  errors: string[] | string;
  created_at: Date | string;
  uploader: string | null;
  job_state: string | null;
}

const jsonList = (value: string[] | string): string[] => (typeof value === 'string' ? JSON.parse(value) : value);

function toUpload(row: UploadRow): LabUpload {
  const upload: LabUpload = {
    id: Number(row.id),
    status: row.status,
    progress: row.progress,
    messages: jsonList(row.messages),
    errors: jsonList(row.errors),
    form: { swabCode: row.swab_code ?? '', ownerEmail: row.owner_email ?? '', dogName: row.dog_name ?? '', replaceReleased: row.replace_released },
    fileNames: jsonList(row.file_names),
    uploadedBy: row.uploader,
    createdAt: new Date(row.created_at),
  };
  // The job ended (or is gone) while the upload still waits: its worker died on the last try, so no handler recorded the end.
  const jobEnded = row.job_state === null || row.job_state === 'failed' || row.job_state === 'cancelled';
  if (!isLabUploadFinished(upload.status) && jobEnded) return { ...upload, status: 'failed', progress: null, errors: [LOST_UPLOAD] };
  return upload;
}

function uploadsWithJobs(db: Db) {
  return db('lab_uploads as upload')
    .leftJoin('users', 'users.id', 'upload.uploaded_by')
    .leftJoin(`${JOB_SCHEMA}.job as job`, (join) => join.on('job.name', db.raw('?', [LAB_INGEST_JOB])).andOn('job.id', 'upload.job_id'))
    .select('upload.id', 'upload.swab_code', 'upload.owner_email', 'upload.dog_name', 'upload.replace_released', 'upload.file_names', 'upload.status', 'upload.progress', 'upload.messages', 'upload.errors', 'upload.created_at', 'users.email as uploader', 'job.state as job_state');
}

export async function findLabUpload(db: Db, id: number): Promise<LabUpload | undefined> {
  const row: UploadRow | undefined = await uploadsWithJobs(db).where('upload.id', id).first();
  return row ? toUpload(row) : undefined;
}

/** The newest uploads, newest first. */
export async function recentLabUploads(db: Db, limit = 20): Promise<LabUpload[]> {
  const rows: UploadRow[] = await uploadsWithJobs(db).orderBy('upload.id', 'desc').limit(limit);
  return rows.map(toUpload);
}

/** The upload a job works on, as its handler needs it. */
export interface UploadToIngest {
  id: number;
  form: LabUploadForm;
}

/**
 * Marks the upload of a job running, reading its file; undefined when it has none or is finished
 * already. A job tried again after its worker died finds its upload running, and takes it over.
 */
export async function startIngest(db: Db, jobId: string, progress: string): Promise<UploadToIngest | undefined> {
  const [row] = await db('lab_uploads')
    .where({ job_id: jobId })
    .whereIn('status', ['queued', 'running'])
    .update({ status: 'running', progress, started_at: db.raw('coalesce(started_at, now())') })
    .returning(['id', 'swab_code', 'owner_email', 'dog_name', 'replace_released']);
  if (!row) return undefined;
  return { id: Number(row.id), form: { swabCode: row.swab_code ?? '', ownerEmail: row.owner_email ?? '', dogName: row.dog_name ?? '', replaceReleased: row.replace_released } };
}

/** The stored files of an upload, in the order they were uploaded. */
export async function uploadFiles(db: Db, uploadId: number): Promise<UploadedFile[]> {
  const rows: { file_name: string; content: Buffer }[] = await db('lab_upload_files').where({ upload_id: uploadId }).orderBy('position').select('file_name', 'content');
  return rows.map((row) => ({ name: row.file_name, content: row.content }));
}

/** What a running upload is doing now. */
export async function setUploadProgress(db: Db, uploadId: number, progress: string): Promise<void> {
  await db('lab_uploads').where({ id: uploadId, status: 'running' }).update({ progress });
}

/**
 * Locks a running upload for the transaction that ends it; false when it is not running (another
 * try of its job, whose worker was thought lost, ended it meanwhile).
 */
export async function lockRunningUpload(trx: Db, uploadId: number): Promise<boolean> {
  const row = await trx('lab_uploads').where({ id: uploadId, status: 'running' }).forUpdate().first('id');
  return Boolean(row);
}

/** Records what came of an upload, and drops its files' bytes: nothing will read them again. */
export async function finishUpload(db: Db, uploadId: number, outcome: { status: 'done' | 'failed'; messages?: readonly string[]; errors?: readonly string[] }): Promise<void> {
  await db('lab_uploads')
    .where({ id: uploadId })
    .whereIn('status', ['queued', 'running'])
    .update({ status: outcome.status, progress: null, messages: JSON.stringify(outcome.messages ?? []), errors: JSON.stringify(outcome.errors ?? []), finished_at: db.fn.now() });
  await db('lab_upload_files').where({ upload_id: uploadId }).delete();
}
