import type { Db } from '../db/index.js';
import { logger } from '../logging/logger.js';
import { recordProfileViews, type ProfileView } from './queries.js';

const FLUSH_AFTER_MS = 1_000;
const MAX_PENDING = 5_000;

export interface ProfileViewRecorder {
  /** Notes a view; it is written with the others of the next second. */
  record(view: ProfileView): void;
  /** Writes what is noted; reads of the counts call it first, so they include this process's views. */
  flush(): Promise<void>;
}

const recorders = new WeakMap<Db, ProfileViewRecorder>();

/**
 * Issue 18: a public profile view wrote its count before the page was sent, a round trip per
 * view. Views are noted in memory and written once a second (or every MAX_PENDING), in one
 * statement; a process that stops abruptly loses at most that second's views.
 */
export function profileViewRecorderOf(db: Db): ProfileViewRecorder {
  let recorder = recorders.get(db);
  if (!recorder) recorders.set(db, (recorder = createRecorder(db)));
  return recorder;
}

function createRecorder(db: Db): ProfileViewRecorder {
  let pending = new Map<string, ProfileView>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const views = [...pending.values()];
    pending = new Map();
    writing = writing.then(() => recordProfileViews(db, views)).catch((error) => logger.error({ err: error, views: views.length }, 'profile views not recorded'));
    return writing;
  };

  return {
    record(view) {
      pending.set(`${view.petNum}\n${view.date}\n${view.visitorKey}`, view);
      if (pending.size >= MAX_PENDING) void flush();
      else timer ??= setTimeout(flush, FLUSH_AFTER_MS).unref();
    },
    flush,
  };
}
