/**
 * What the results pages read about a dog, kept in memory between page views (issue 18: a
 * summary page sent 17 queries). An entry is used only while the database's page-data
 * generation (migration 2026112500 18: it moves on every committed write to a table the pages
 * read) is the one it was loaded under, and for at most a minute (ages and life stages follow
 * the calendar). Every process keeps its own; the generation comes with the session's query.
 */
import type { Db } from '../db/index.js';

const MAX_ENTRIES = 2000;
const TTL_MS = 60_000;

interface Entry {
  generation: string;
  expires: number;
  value: Promise<unknown>;
}

export class PageDataCache {
  private readonly entries = new Map<string, Entry>();

  /**
   * The value of `key` loaded under `generation`, or `load()`'s, kept for the next view. Without
   * a generation (it is read with the session) nothing is kept. Views must not change the value.
   */
  get<T>(key: string, generation: string | undefined, load: () => Promise<T>): Promise<T> {
    if (generation === undefined) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.generation === generation && hit.expires > now) return hit.value as Promise<T>;
    const value = load();
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const entry = { generation, expires: now + TTL_MS, value };
    this.entries.set(key, entry);
    // A failed load is not kept: the next view tries again.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }
}

/** The generation, for pages without a session to bring it (signed-in page views read it with the session). */
export async function readPageDataGeneration(db: Db): Promise<string> {
  const { rows } = await db.raw<{ rows: { generation: string }[] }>('select last_value::text as generation from page_data_generation');
  return rows[0].generation;
}
