// The media store's clean-ups as scheduled jobs: one run per schedule across all workers.
import type { Db } from '../db/index.js';
import type { JobDefinition } from '../jobs/queue.js';
import { sweepMediaFileDeletions } from './file-deletions.js';
import { sweepOrphanMedia } from './orphan-sweep.js';
import type { MediaStore } from './store.js';

export const MEDIA_FILE_DELETIONS_JOB = 'media.file-deletions';
export const MEDIA_ORPHANS_JOB = 'media.orphans';

export function mediaSweepJobs(db: Db, store: MediaStore): JobDefinition[] {
  const sweep = { retryLimit: 0, retryDelaySeconds: 60, retryBackoff: false };
  return [
    // files of deleted media whose removal failed (or was cut short) are tried again every minute
    { name: MEDIA_FILE_DELETIONS_JOB, cron: '* * * * *', expireInSeconds: 10 * 60, ...sweep, handle: async () => ({ removed: await sweepMediaFileDeletions(db, store) }) },
    // files no row owns (a process killed during an upload) go after a grace period; the sweep lists the whole store, hourly
    { name: MEDIA_ORPHANS_JOB, cron: '17 * * * *', expireInSeconds: 30 * 60, ...sweep, handle: () => sweepOrphanMedia(db, store) },
  ];
}
