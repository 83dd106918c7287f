import type { Db } from '../db/index.js';
import { queueEmail } from '../outbox/queue.js';
import { RESULTS_RELEASED } from '../mail/templates.js';

/**
 * Tells the dog's primary owners their results are ready; one notice per swab however often it
 * is ingested. Nothing goes out for a dog whose owners opted out of communications (issue 19).
 * The results notice is about the owner's own order, so no e-mail preference flag turns it off
 * (the spec's flags cover chat, relatives, care, surveys and marketing).
 */
export async function queueResultsEmail(db: Db, petNum: number, swabCode: string, options: { otherLabFile?: boolean } = {}): Promise<void> {
  const pet = await db('pets').where({ pet_num: petNum }).first('name', 'opt_out_of_communications');
  if (!pet || pet.opt_out_of_communications) return;
  const owners: { id: number; email: string; name: string }[] = await db('pet_owners')
    .join('users', 'users.id', 'pet_owners.user_id')
    .where({ 'pet_owners.pet_num': petNum, 'pet_owners.is_primary': true })
    .select('users.id', 'users.email', 'users.name');
  for (const owner of owners) {
    await queueEmail(db, {
      userId: owner.id,
      to: owner.email,
      subject: `${pet.name}'s DNA results are ready`,
      template: RESULTS_RELEASED,
      payload: { petNum, swabCode, petName: pet.name, ownerName: owner.name, ...(options.otherLabFile ? { otherLabFile: true } : {}) },
      dedupeKey: `results-released:${swabCode}:${owner.id}`,
    });
  }
}
