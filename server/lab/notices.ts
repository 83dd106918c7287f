import type { Db } from '../db/index.js';
import { queueEmail } from '../outbox/queue.js';

/** Tells the dog's owners their results are ready; one notice per swab however often it is ingested. */
export async function queueResultsEmail(db: Db, petNum: number, swabCode: string): Promise<void> {
  const pet = await db('pets').where({ pet_num: petNum }).first('name', 'opt_out_of_communications');
  const owners: { id: number; email: string; name: string }[] = await db('pet_owners')
    .join('users', 'users.id', 'pet_owners.user_id')
    .where({ 'pet_owners.pet_num': petNum, 'pet_owners.is_primary': true })
    .select('users.id', 'users.email', 'users.name');
  for (const owner of owners) {
    await queueEmail(db, {
      userId: owner.id,
      to: owner.email,
      subject: `${pet.name}'s DNA results are ready`,
      text: `Hi ${owner.name},\n\n${pet.name}'s results are in: breed mix, health, traits and relatives.\nSee them at /members/results/summary?i=${petNum}\n\nThe Embark team`,
      template: 'results-released',
      payload: { petNum, swabCode },
      dedupeKey: `results-released:${swabCode}:${owner.id}`,
    });
  }
}
