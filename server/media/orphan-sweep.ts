// Files no media row owns (issue 30 §7): a process killed during an upload leaves its files, a crash
// during a write its temporary file. Items older than a grace period that the database does not
// know are removed; an upload still in progress is younger than the grace period.
import type { Db } from '../db/index.js';
import { logger } from '../logging/logger.js';
import type { MediaStore } from './store.js';

/** Long enough for the slowest upload (a 200 MB video) to write its files and its row. */
export const ORPHAN_GRACE_MS = 30 * 60_000;

export async function sweepOrphanMedia(db: Db, store: MediaStore, now = new Date()): Promise<{ items: number; temporaries: number }> {
  const { publicIds, temporaries } = await store.staleBefore(new Date(now.getTime() - ORPHAN_GRACE_MS));
  const known = new Set<string>();
  for (let start = 0; start < publicIds.length; start += 1000) {
    const batch = publicIds.slice(start, start + 1000);
    for (const publicId of await db('media').whereIn('public_id', batch).pluck('public_id')) known.add(publicId);
  }
  const orphans = publicIds.filter((publicId) => !known.has(publicId));
  for (const publicId of orphans) await store.deleteFolder(publicId);
  for (const name of temporaries) await store.deleteTemporary(name);
  if (orphans.length || temporaries.length) logger.info({ orphans: orphans.length, temporaries: temporaries.length }, 'removed media files no row owns');
  return { items: orphans.length, temporaries: temporaries.length };
}
