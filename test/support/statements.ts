import type { Db } from '../../server/db/index.js';
import { profileViewRecorderOf } from '../../server/public-profile/view-recorder.js';

/**
 * The SQL statements knex sends while `run` runs (one request at a time: each is that request's).
 * Profile views noted by earlier requests are written first, so their timer does not write during `run`.
 */
export async function statementsDuring(db: Db, run: () => Promise<unknown>): Promise<string[]> {
  await profileViewRecorderOf(db).flush();
  const seen: string[] = [];
  const note = (query: { sql: string }) => seen.push(query.sql);
  db.on('query', note);
  try {
    await run();
  } finally {
    db.off('query', note);
  }
  return seen;
}
