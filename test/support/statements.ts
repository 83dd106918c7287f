import type { Db } from '../../server/db/index.js';

/** The SQL statements knex sends while `run` runs (one request at a time: each is that request's). */
export async function statementsDuring(db: Db, run: () => Promise<unknown>): Promise<string[]> {
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
