// An admin's upload at /admin/lab is ingested by a background job (issue 34 §1): what the page and
// its status widget both know of it.

export const LAB_UPLOAD_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type LabUploadStatus = (typeof LAB_UPLOAD_STATUSES)[number];

/** What GET /admin/lab/uploads/{id} answers: the upload's state, and its outcome once it has one. */
export interface LabUploadState {
  id: number;
  status: LabUploadStatus;
  /** What the job is doing now ("Reading the file"), or why it waits. */
  progress: string | null;
  messages: string[];
  errors: string[];
}

/** The lab page polls a waiting upload's state this often. */
export const LAB_UPLOAD_POLL_MS = 2000;

export const labUploadStatePath = (id: number): string => `/admin/lab/uploads/${id}`;
export const labUploadPagePath = (id: number): string => `/admin/lab?upload=${id}`;

export const isLabUploadStatus = (value: unknown): value is LabUploadStatus => typeof value === 'string' && (LAB_UPLOAD_STATUSES as readonly string[]).includes(value);

/** Done or failed: nothing more will happen to the upload. */
export const isLabUploadFinished = (status: LabUploadStatus): boolean => status === 'done' || status === 'failed';

/** The status in the admin's words. */
export function labUploadStatusText(status: LabUploadStatus, progress: string | null): string {
  if (status === 'queued') return progress ?? 'Queued: waiting for a job worker.';
  if (status === 'running') return `Running: ${progress ?? 'importing'}…`;
  return status === 'done' ? 'Done.' : 'Failed.';
}
