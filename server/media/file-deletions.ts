import type { Db } from '../db/index.js';
import { logger } from '../logging/logger.js';
import { forgetFileDeletion, pendingFileDeletions } from './queries.js';
import type { MediaStore } from './store.js';

/**
 * Removes the files of deleted media from the store. Runs right after a deletion commits and as a job
 * every minute (sweep-jobs.ts), so a failed try (store down, crash) is retried; deleting twice is harmless.
 */
export async function sweepMediaFileDeletions(db: Db, store: MediaStore): Promise<number> {
  let removed = 0;
  for (const publicId of await pendingFileDeletions(db)) {
    try {
      await store.deleteFolder(publicId);
      await forgetFileDeletion(db, publicId);
      removed++;
    } catch (error) {
      logger.error({ err: error, publicId }, 'media file deletion failed; retried later');
    }
  }
  return removed;
}

/** The same sweep after a request's deletion, without holding up the answer on a failure. */
export function sweepSoon(db: Db, store: MediaStore): Promise<void> {
  return sweepMediaFileDeletions(db, store).then(
    () => undefined,
    (error) => logger.error({ err: error }, 'media file deletion sweep failed'),
  );
}
