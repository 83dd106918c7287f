import type { Db } from '../db/index.js';
import type { User } from '../users/queries.js';
import * as messages from '../shared/messages.js';
import { addPetForOwner } from '../pet-profile/mutations.js';
import { ActivationError } from './errors.js';
import { dogsForActivation, type Activation, type KitForActivation } from './queries.js';
import { kitKindOf } from './rules.js';

/**
 * The writes of activateSwab, inside the caller's transaction, the kit and its swabs already
 * locked and checked: the dog (created now when it is new), the swabs linked to it, the
 * product, the age or microbiome test, the practice's patient record, the account's answer to
 * how-did-you-hear and the dog's research consent. Answers the dog's pet number.
 */
export async function activateKit(trx: Db, user: User, activation: Activation, kit: KitForActivation): Promise<number> {
  const kind = kitKindOf(kit.productType);
  const petNum = await dogOfActivation(trx, user, activation, kind);
  const now = trx.fn.now();

  if (kit.kitId !== null) await trx('kits').where({ id: kit.kitId }).update({ state: 'activated', activated_at: now, updated_at: now });
  const swabIds = kit.swabs.map((swab) => swab.id);
  if (swabIds.length > 0) {
    await trx('swabs').whereIn('id', swabIds).update({ pet_num: petNum, activated_by_user_id: user.id, swab_state: 'activated', activated_at: now, updated_at: now });
  }

  if (kind !== 'microbiome') {
    const productSwab = kit.swabs.find((swab) => !swab.isMethylation) ?? kit.swabs[0];
    await trx('pet_products').insert({
      pet_num: petNum,
      swab_id: productSwab.id,
      product_type: kit.productType,
      purchase_source: kit.purchaseSource,
      order_number: kit.orderNumber,
      activated_at: now,
    });
  }
  const methylationSwab = kit.swabs.find((swab) => swab.isMethylation);
  if (kind === 'age' || methylationSwab) {
    await trx('age_tests').insert({ pet_num: petNum, swab_id: methylationSwab?.id ?? kit.swabs[0].id, status: 'activated', activated_at: now });
  }
  if (kind === 'microbiome') await trx('microbiome_tests').insert({ pet_num: petNum, kit_id: kit.kitId, state: 'activated' });

  if (kit.practice) await addPatientOfPractice(trx, user, kit.practice.practiceId, petNum);
  if (activation.howHeard) await trx('users').where({ id: user.id }).update({ how_heard_about_us: activation.howHeard, updated_at: now });
  await trx('pets')
    .where({ pet_num: petNum })
    .update({ agreed_to_research: activation.agreedToResearch === true, agreed_to_research_at: activation.agreedToResearch ? activation.researchAnsweredAt : null, updated_at: now });
  return petNum;
}

async function dogOfActivation(trx: Db, user: User, activation: Activation, kind: ReturnType<typeof kitKindOf>): Promise<number> {
  if (activation.newPet) return addPetForOwner(trx, user.id, activation.newPet);
  if (activation.petNum === null) throw new ActivationError(messages.ACTIVATION_CHOOSE_DOG, 'BAD_USER_INPUT', 'petNum');
  // Checked again: the dog may have been deleted, or given away, since it was chosen.
  const [dog] = await dogsForActivation(trx, user.id, activation.petNum);
  if (!dog) throw new ActivationError(messages.ACTIVATION_NOT_YOUR_DOG, 'NOT_AUTHORIZED', 'petNum');
  if (kind === 'dna' && dog.hasDnaTest) throw new ActivationError(messages.ACTIVATION_DOG_HAS_DNA_TEST.replace('{name}', () => dog.name), 'CONFLICT', 'petNum');
  if (kind === 'age' && dog.hasAgeTestInProgress) throw new ActivationError(messages.ACTIVATION_DOG_HAS_AGE_TEST.replace('{name}', () => dog.name), 'CONFLICT', 'petNum');
  return dog.petNum;
}

/** A practice-ordered kit makes the dog the practice's patient, with the activating account as its client. */
async function addPatientOfPractice(trx: Db, user: User, practiceId: number, petNum: number): Promise<void> {
  await trx('practice_patients')
    .insert({ practice_id: practiceId, pet_num: petNum, client_name: user.name, client_email: user.email, client_user_id: user.id })
    .onConflict(['practice_id', 'pet_num'])
    // a dog its client had stopped sharing with the practice is its patient again
    .merge({ unshared_at: null });
}
