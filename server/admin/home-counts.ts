// The small live counts of the admin home (issue 16 point 1).
import type { Db } from '../db/index.js';

export interface AdminHomeCounts {
  /** Swabs activated by their owners and not yet received by the lab. */
  kitsAwaitingLab: number;
  /** Samples the lab holds for review (e.g. stated and genetic sex differ). */
  samplesInReview: number;
  /** E-mails the outbox gave up on. */
  deadEmails: number;
  /** Kits in stock, waiting to be scanned and shipped. */
  kitsInStock: number;
  authorizedReswabs: number;
}

export async function adminHomeCounts(db: Db): Promise<AdminHomeCounts> {
  const { rows } = await db.raw<{ rows: Record<keyof AdminHomeCounts, number>[] }>(`select
    (select count(*) from swabs where swab_state = 'activated')::int as "kitsAwaitingLab",
    (select count(*) from samples where sample_state = 'lab_review')::int as "samplesInReview",
    (select count(*) from outbox where status = 'dead')::int as "deadEmails",
    (select count(*) from kits where state = 'in_stock')::int as "kitsInStock",
    (select count(*) from reswabs where status = 'authorized')::int as "authorizedReswabs"`);
  return rows[0];
}
