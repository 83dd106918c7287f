// Sharing a dog's results with its vet (issue 13 point 1; spec 2 §4, §5, §7 shareResultsWithVet).
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/index.js';
import type { Pet } from '../pets/queries.js';
import type { User } from '../users/queries.js';
import { queueEmail } from '../outbox/queue.js';
import { VET_REPORT_SHARED } from '../mail/templates.js';
import { VET_EMAIL_SUBJECT, VET_SHARE_NO_RESULTS, VET_SHARE_RATE_LIMITED } from '../shared/messages.js';
import { resultsStatus } from '../results/status.js';
import { HttpError } from '../http/http-error.js';
import { consumed, rateLimiter, type RateLimit } from '../db/rate-limits.js';
import { VET_SHARES_PER_HOUR, type ShareInput } from '../shared/vets-rules.js';

/** An owner's shares, counted by rate-limiter-flexible in the database, so the limit holds across processes. */
export const SHARES: RateLimit = { keyPrefix: 'vet-shares', points: VET_SHARES_PER_HOUR, duration: 60 * 60 };

export interface VetShare {
  id: number;
  vetName: string;
  vetEmail: string;
  sentAt: Date;
  revokedAt: Date | null;
  /** The practice the share made the dog a patient of (the e-mail belongs to one of its vets). */
  practiceName: string | null;
}

export const newReportToken = (): string => randomBytes(32).toString('base64url');
export const hashReportToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export async function listShares(db: Db, petNum: number): Promise<VetShare[]> {
  return db('vet_report_shares')
    .leftJoin('vet_practices', 'vet_practices.id', 'vet_report_shares.practice_id')
    .where('vet_report_shares.pet_num', petNum)
    .orderBy('vet_report_shares.sent_at', 'desc')
    .orderBy('vet_report_shares.id', 'desc')
    .select<VetShare[]>({
      id: 'vet_report_shares.id',
      vetName: 'vet_report_shares.vet_name',
      vetEmail: 'vet_report_shares.vet_email',
      sentAt: 'vet_report_shares.sent_at',
      revokedAt: 'vet_report_shares.revoked_at',
      practiceName: 'vet_practices.name',
    });
}

/** The practice of the vet account that uses this e-mail address, if there is one. */
async function practiceOfVetEmail(db: Db, email: string): Promise<number | null> {
  const row = await db('users')
    .join('practice_users', 'practice_users.user_id', 'users.id')
    .where({ 'users.email': email, 'users.is_vet': true })
    .orderBy('practice_users.created_at')
    .first('practice_users.practice_id');
  return row?.practice_id ?? null;
}

/**
 * Records the share, queues the vet's e-mail with a link of its own, and, when the e-mail belongs
 * to a vet account, makes the dog a patient of that vet's practice (read-only: the vet never owns it).
 * A dog without results is refused (409). An owner who shared VET_SHARES_PER_HOUR times in the last hour is refused (429): the form must
 * not become a way to send mail to any address.
 */
export async function shareResultsWithVet(db: Db, owner: User, pet: Pet, input: ShareInput): Promise<VetShare> {
  // issue 36 §8: the report would be empty; refused (409) until the lab releases the results
  if (!(await resultsStatus(db, pet.petNum)).hasResults) throw new HttpError(409, VET_SHARE_NO_RESULTS.replace('{name}', () => pet.name));
  const token = newReportToken();
  const id = await db.transaction(async (trx) => {
    // Counted on the transaction's connection, in one atomic statement: a refused or failed share
    // takes its point back with the rollback, so only shares made count.
    if (!(await consumed(rateLimiter(db, SHARES, trx).consume(owner.id)))) throw new HttpError(429, VET_SHARE_RATE_LIMITED);
    const practiceId = await practiceOfVetEmail(trx, input.vetEmail);
    if (practiceId !== null) {
      await trx('practice_patients')
        .insert({ practice_id: practiceId, pet_num: pet.petNum, client_name: owner.name, client_email: owner.email, client_user_id: owner.id })
        .onConflict(['practice_id', 'pet_num'])
        .ignore();
      // Shared again after a revoke: the practice's record, notes and all, is in use again.
      await trx('practice_patients').where({ practice_id: practiceId, pet_num: pet.petNum }).whereNotNull('unshared_at').update({ unshared_at: null, updated_at: trx.fn.now() });
    }
    // The share holds the practice only when it is what makes the dog a patient there (not a patient the practice registered).
    const throughShares = practiceId !== null && Boolean(await trx('practice_patients').where({ practice_id: practiceId, pet_num: pet.petNum, added_by_practice: false }).first('id'));
    const [{ id: shareId }] = await trx('vet_report_shares')
      .insert({
        pet_num: pet.petNum,
        shared_by_user_id: owner.id,
        vet_name: input.vetName,
        vet_email: input.vetEmail,
        token_hash: hashReportToken(token),
        practice_id: throughShares ? practiceId : null,
      })
      .returning('id');
    await queueEmail(trx, {
      userId: null,
      to: input.vetEmail,
      subject: VET_EMAIL_SUBJECT.replace('{owner}', () => owner.name).replace('{pet}', () => pet.name),
      template: VET_REPORT_SHARED,
      // The worker drops the token from the row once the e-mail is sent.
      payload: { token, vetName: input.vetName, ownerName: owner.name, petName: pet.name, isPatient: practiceId !== null },
    });
    return shareId as number;
  });
  return (await listShares(db, pet.petNum)).find((share) => share.id === id)!;
}

/**
 * Revokes one share of the dog: its link stops working. When it was the last share that made the dog
 * a patient of a practice, the practice no longer reads the dog, but its record and case notes stay
 * (unshared_at): a practice's clinical notes are its own, and come back into use if the client shares
 * again. False when the dog has no such share.
 */
export async function revokeShare(db: Db, petNum: number, shareId: number): Promise<boolean> {
  return db.transaction(async (trx) => {
    const share = await trx('vet_report_shares').where({ id: shareId, pet_num: petNum }).whereNull('revoked_at').forUpdate().first('id', 'practice_id');
    if (!share) return false;
    await trx('vet_report_shares').where({ id: shareId }).update({ revoked_at: trx.fn.now() });
    if (share.practice_id !== null) {
      const others = await trx('vet_report_shares').where({ pet_num: petNum, practice_id: share.practice_id }).whereNull('revoked_at').first('id');
      if (!others) {
        await trx('practice_patients')
          .where({ practice_id: share.practice_id, pet_num: petNum, added_by_practice: false })
          .whereNull('unshared_at')
          .update({ unshared_at: trx.fn.now(), updated_at: trx.fn.now() });
      }
    }
    return true;
  });
}

/** Replaces the dog's own report link (Pet.hashPetId): the old one stops working. */
export async function resetReportLink(db: Db, petNum: number): Promise<string> {
  const [{ hash_pet_id: hashPetId }] = await db('pets').where({ pet_num: petNum }).update({ hash_pet_id: newReportToken() }).returning('hash_pet_id');
  return hashPetId;
}

/**
 * The dog a report link opens: the dog's own link (Pet.hashPetId) or a share's token that is not
 * revoked; never a deleted dog. Null for anything else.
 */
export async function petNumByReportToken(db: Db, token: string): Promise<number | null> {
  if (!TOKEN.test(token)) return null;
  const own = await db('pets').where({ hash_pet_id: token }).whereNull('deleted_at').first('pet_num');
  if (own) return own.pet_num;
  const shared = await db('vet_report_shares')
    .join('pets', 'pets.pet_num', 'vet_report_shares.pet_num')
    .where('vet_report_shares.token_hash', hashReportToken(token))
    .whereNull('vet_report_shares.revoked_at')
    .whereNull('pets.deleted_at')
    .first('pets.pet_num');
  return shared?.pet_num ?? null;
}
