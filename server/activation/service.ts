import type { Db } from '../db/index.js';
import type { User } from '../users/queries.js';
import * as messages from '../shared/messages.js';
import { validatePetUpdateFields } from '../shared/pet-profile-rules.js';
import { ActivationError } from './errors.js';
import {
  deleteOpenActivation,
  dogsForActivation,
  findKitByCode,
  hasFinishedActivation,
  lockAccountForCodeLookup,
  kitOfActivation,
  openActivation,
  startActivation,
  updateActivation,
  type Activation,
  type KitForActivation,
  WRONG_CODES,
} from './queries.js';
import { consumed, isSpent, rateLimiter } from '../db/rate-limits.js';
import { activateKit } from './activate.js';
import { activationView, type ActivationView } from './view.js';
import { hasReached, isHowHeardOption, kitCodeOrNull, kitKindOf, stepAfter, type NewDogAnswer } from './rules.js';

// The steps of kit activation (issue 15), shared by the GraphQL mutations and the page's forms.
// Every step checks the kit again: another browser may have activated it meanwhile.

const refuse = (message: string, code: ActivationError['code'] = 'BAD_USER_INPUT', field: string | null = null) => new ActivationError(message, code, field);

function writableAccount(user: User): void {
  if (user.isReadOnly) throw refuse(messages.NOT_AUTHORIZED, 'NOT_AUTHORIZED');
}

/** Why the kit cannot be activated, or null when it can. */
export function kitRefusal(kit: KitForActivation): string | null {
  if (kit.kitState === 'void' || kit.swabs.some((swab) => swab.swabState === 'void')) return messages.ACTIVATION_VOIDED;
  if (kit.kitState === 'activated' || kit.hasMicrobiomeTest || kit.swabs.some((swab) => swab.swabState !== 'unactivated')) return messages.ACTIVATION_ALREADY_ACTIVATED;
  if (kit.productType !== 'Microbiome' && kit.swabs.length === 0) return messages.ACTIVATION_CONTACT_SUPPORT;
  return null;
}

function codeOf(input: unknown): string {
  const code = kitCodeOrNull(input);
  if (!code) throw refuse(messages.ACTIVATION_CODE_FORMAT, 'BAD_USER_INPUT', 'boxKeyOrSwabCode');
  return code;
}

/** The account's open activation of this code, with its kit, refused if the kit is gone meanwhile. */
async function openActivationOf(db: Db, user: User, input: unknown): Promise<{ activation: Activation; kit: KitForActivation }> {
  writableAccount(user);
  const code = codeOf(input);
  const activation = await openActivation(db, user.id);
  if (!activation || activation.code !== code) {
    // The same account's other browser may have just finished this activation.
    if (await hasFinishedActivation(db, user.id, code)) throw refuse(messages.ACTIVATION_ALREADY_ACTIVATED, 'CONFLICT', 'boxKeyOrSwabCode');
    throw refuse(messages.ACTIVATION_NOT_STARTED, 'BAD_USER_INPUT', 'boxKeyOrSwabCode');
  }
  const kit = await kitOfActivation(db, activation, { lock: true });
  if (!kit) throw refuse(messages.ACTIVATION_CODE_UNKNOWN, 'CONFLICT');
  const refusal = kitRefusal(kit);
  if (refusal) throw refuse(refusal, 'CONFLICT');
  return { activation, kit };
}

/** The account's activation in progress, for the page; null when there is none or its kit is gone. */
export async function currentActivation(db: Db, user: User): Promise<{ view: ActivationView; refusal: string | null } | null> {
  const activation = await openActivation(db, user.id);
  if (!activation) return null;
  const kit = await kitOfActivation(db, activation, { lock: false });
  if (!kit) return null;
  return { view: activationView(activation, kit), refusal: kitRefusal(kit) };
}

/** activateBoxKeyOrSwabCode: which product the code is and whether it can be activated; starts (or resumes) the flow. */
export async function lookUpCode(db: Db, user: User, input: unknown): Promise<ActivationView> {
  writableAccount(user);
  const code = codeOf(input);
  // The count, the lookup and the wrong attempt happen under a lock on the account's row (the
  // count read and written on the transaction's connection), so parallel guesses cannot all pass
  // the check, and only a code that matches no kit counts; the wrong attempt is committed, then refused.
  const outcome = await db.transaction(async (trx) => {
    await lockAccountForCodeLookup(trx, user.id);
    const wrongCodes = rateLimiter(db, WRONG_CODES, trx);
    if (isSpent(await wrongCodes.get(user.id))) return { refusal: refuse(messages.ACTIVATION_TOO_MANY_CODES, 'TOO_MANY_REQUESTS', 'boxKeyOrSwabCode') };
    const kit = await findKitByCode(trx, code);
    if (!kit) {
      // under the lock, after the check above: never refused
      await consumed(wrongCodes.consume(user.id));
      return { refusal: refuse(messages.ACTIVATION_CODE_UNKNOWN, 'BAD_USER_INPUT', 'boxKeyOrSwabCode') };
    }
    const refusal = kitRefusal(kit);
    if (refusal) return { refusal: refuse(refusal, 'CONFLICT', 'boxKeyOrSwabCode') };
    const open = await openActivation(trx, user.id, { lock: true });
    const sameKit = open && (open.kitId !== null ? open.kitId === kit.kitId : open.swabId === kit.swabs[0]?.id);
    const activation = sameKit ? await updateActivation(trx, open.id, { code }) : await startActivation(trx, user.id, code, kit, null);
    return { view: activationView(activation, kit) };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.view;
}

export interface DogAnswer {
  petNum?: number | null;
  practiceId?: number | null;
  newPet?: { name?: unknown; sex?: unknown; breedType?: unknown } | null;
}

function newDogAnswer(newPet: NonNullable<DogAnswer['newPet']>): NewDogAnswer {
  const fields = { name: newPet.name, sex: newPet.sex || null, breedType: newPet.breedType || null };
  const { errors } = validatePetUpdateFields(fields as never, { today: new Date(), isBreeder: false });
  const [field] = Object.keys(errors);
  if (field) throw refuse(errors[field], 'BAD_USER_INPUT', `newPet.${field}`);
  return { name: String(fields.name).trim(), sex: fields.sex as NewDogAnswer['sex'], breedType: fields.breedType as string | null };
}

/** activateSelectDog: one of the account's dogs or a new one, and the practice for practice-ordered kits. */
export async function selectDog(db: Db, user: User, input: unknown, answer: DogAnswer): Promise<ActivationView> {
  return db.transaction(async (trx) => {
    const { activation, kit } = await openActivationOf(trx, user, input);
    const practiceId = answer.practiceId ?? null;
    const practiceName = kit.practice?.name;
    if (practiceName !== undefined && practiceId === null) throw refuse(messages.ACTIVATION_PRACTICE_REQUIRED.replace('{practice}', () => practiceName), 'BAD_USER_INPUT', 'practiceId');
    if (practiceId !== null && practiceId !== kit.practice?.practiceId) throw refuse(messages.ACTIVATION_NOT_A_PRACTICE_KIT, 'BAD_USER_INPUT', 'practiceId');
    const hasDog = answer.petNum != null;
    const hasNewDog = answer.newPet != null;
    if (hasDog === hasNewDog) throw refuse(messages.ACTIVATION_CHOOSE_DOG, 'BAD_USER_INPUT', 'petNum');
    let changes: Record<string, unknown>;
    if (hasDog) {
      const [dog] = await dogsForActivation(trx, user.id, answer.petNum!);
      if (!dog) throw refuse(messages.ACTIVATION_NOT_YOUR_DOG, 'NOT_AUTHORIZED', 'petNum');
      const kind = kitKindOf(kit.productType);
      if (kind === 'dna' && dog.hasDnaTest) throw refuse(messages.ACTIVATION_DOG_HAS_DNA_TEST.replace('{name}', () => dog.name), 'BAD_USER_INPUT', 'petNum');
      if (kind === 'age' && dog.hasAgeTestInProgress) throw refuse(messages.ACTIVATION_DOG_HAS_AGE_TEST.replace('{name}', () => dog.name), 'BAD_USER_INPUT', 'petNum');
      changes = { pet_num: dog.petNum, new_pet: null };
    } else {
      changes = { pet_num: null, new_pet: JSON.stringify(newDogAnswer(answer.newPet!)) };
    }
    const updated = await updateActivation(trx, activation.id, { ...changes, practice_id: practiceId, step: stepAfter(activation.step, 'selectDog') });
    return activationView(updated, kit);
  });
}

/** activateHowDidYouHear: kept on the account (howHeardAboutUs) once the kit is activated. */
export async function howDidYouHear(db: Db, user: User, input: unknown, answer: unknown): Promise<ActivationView> {
  return db.transaction(async (trx) => {
    const { activation, kit } = await openActivationOf(trx, user, input);
    if (!hasReached(activation.step, 'howDidYouHear')) throw refuse(messages.ACTIVATION_EARLIER_STEP);
    if (!isHowHeardOption(answer)) throw refuse(messages.ACTIVATION_HOW_HEARD_REQUIRED, 'BAD_USER_INPUT', 'howDidYouHear');
    const updated = await updateActivation(trx, activation.id, { how_heard: answer, step: stepAfter(activation.step, 'howDidYouHear') });
    return activationView(updated, kit);
  });
}

/** activateContributeToResearch: the owner's consent (or refusal), recorded with its date. */
export async function contributeToResearch(db: Db, user: User, input: unknown, agree: unknown): Promise<ActivationView> {
  return db.transaction(async (trx) => {
    const { activation, kit } = await openActivationOf(trx, user, input);
    if (!hasReached(activation.step, 'contributeToResearch')) throw refuse(messages.ACTIVATION_EARLIER_STEP);
    if (typeof agree !== 'boolean') throw refuse(messages.ACTIVATION_RESEARCH_REQUIRED, 'BAD_USER_INPUT', 'agree');
    const updated = await updateActivation(trx, activation.id, {
      agreed_to_research: agree,
      research_answered_at: trx.fn.now(),
      step: stepAfter(activation.step, 'contributeToResearch'),
    });
    return activationView(updated, kit);
  });
}

/**
 * activateSwab: activates the kit for the dog, in one transaction under row locks on the kit and
 * its swabs, so of two browsers racing one wins and the other is told the kit is activated.
 */
export async function activateSwab(db: Db, user: User, input: unknown): Promise<ActivationView> {
  return db.transaction(async (trx) => {
    const { activation, kit } = await openActivationOf(trx, user, input);
    if (activation.step !== 'activate') throw refuse(messages.ACTIVATION_EARLIER_STEP);
    const petNum = await activateKit(trx, user, activation, kit);
    const done = await updateActivation(trx, activation.id, { pet_num: petNum, new_pet: null, step: 'done', completed_at: trx.fn.now() });
    return activationView(done, kit);
  });
}

/** Leaves the activation in progress (start over with another code). */
export async function cancelActivation(db: Db, user: User): Promise<void> {
  writableAccount(user);
  await deleteOpenActivation(db, user.id);
}
