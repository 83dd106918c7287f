import type { Db } from '../db/index.js';
import type { Lab } from '../lab/lab.js';
import type { User } from '../users/queries.js';
import { HEALTH_CONDITIONS } from '../genetics/catalogue/health-conditions.js';
import { TRAIT_LOCI } from '../genetics/catalogue/traits.js';
import { INVALID_ARGUMENTS, NOT_AUTHORIZED } from '../shared/messages.js';
import { PAIR_DAM_NOT_FEMALE, PAIR_NO_RESULTS, PAIR_SAME_DOG, PAIR_SIRE_NOT_MALE } from '../shared/breeders-messages.js';
import { loadPairDog, type PairDog } from './pair-dogs.js';
import { parentsOffspringCoi } from './parents-kinship.js';
import { explainInbreeding, predictCoatColours, predictHealth, predictTraits, withholdParent, type CoatColourPrediction, type HealthPrediction, type InbreedingPrediction, type TraitPrediction } from './pair-prediction.js';
import { isMatchmakerVisible } from './visibility.js';
import { mayReadResults } from '../pets/access.js';

export interface PairParent {
  petNum: number;
  name: string;
  handle: string;
  sex: 'm' | 'f';
  /** Null when not measured, or when the user may not read the dog's results. */
  coi: number | null;
  /** False for a dog the matchmaker offers: its own results read 'not shared'. */
  resultsShared: boolean;
}

export interface PairPrediction {
  sire: PairParent;
  dam: PairParent;
  inbreeding: InbreedingPrediction;
  healthPredictions: HealthPrediction[];
  coatColorPredictions: CoatColourPrediction;
  traitPredictions: TraitPrediction[];
}

/** A refusal the caller shows as it is: 'Not Authorized', 'Invalid Arguments' or one of the pair's own messages. */
export class PairError extends Error {
  constructor(message: string, readonly code: 'NOT_AUTHORIZED' | 'BAD_USER_INPUT') {
    super(message);
  }
}

const parent = (dog: PairDog, readsResults: boolean): PairParent => ({ petNum: dog.petNum, name: dog.name, handle: dog.handle, sex: dog.sex!, coi: readsResults ? dog.coi : null, resultsShared: readsResults });

/**
 * pairPredictor(sirePetNum, damPetNum, healthId) of spec 1 §7: both dogs must be visible to the user
 * (their own, or offered by their matchmaker) and at least one must be a dog whose results the user
 * may read; an unknown dog and a dog the user may not see get the same 'Not Authorized'. A dog the
 * matchmaker offers keeps its own results (health, trait genotypes, COI) to itself. healthId narrows
 * the health predictions to one condition.
 */
export async function predictPair(db: Db, lab: Lab, user: User, sirePetNum: number, damPetNum: number, healthId?: string | null): Promise<PairPrediction> {
  const conditions = healthId == null ? HEALTH_CONDITIONS : HEALTH_CONDITIONS.filter((c) => c.id === healthId);
  if (conditions.length === 0) throw new PairError(INVALID_ARGUMENTS, 'BAD_USER_INPUT');
  if (sirePetNum === damPetNum) throw new PairError(PAIR_SAME_DOG, 'BAD_USER_INPUT');
  const [readsSire, readsDam] = await Promise.all([mayReadResults(db, user, sirePetNum), mayReadResults(db, user, damPetNum)]);
  // one of the two is the user's to read; the other may be one the matchmaker offers
  const other = readsSire ? damPetNum : sirePetNum;
  const mayPair = readsSire && readsDam ? true : (readsSire || readsDam) && user.showMatchMaker && (await isMatchmakerVisible(db, other));
  if (!mayPair) throw new PairError(NOT_AUTHORIZED, 'NOT_AUTHORIZED');
  const [sire, dam] = await Promise.all([loadPairDog(db, lab, sirePetNum), loadPairDog(db, lab, damPetNum)]);
  if (!sire || !dam) throw new PairError(NOT_AUTHORIZED, 'NOT_AUTHORIZED');
  if (sire.sex !== 'm') throw new PairError(PAIR_SIRE_NOT_MALE, 'BAD_USER_INPUT');
  if (dam.sex !== 'f') throw new PairError(PAIR_DAM_NOT_FEMALE, 'BAD_USER_INPUT');
  for (const dog of [sire, dam]) if (!dog.genotype) throw new PairError(PAIR_NO_RESULTS.replace('{name}', () => dog.name), 'BAD_USER_INPUT');
  const s = { calls: sire.genotype!.labCalls, sex: 'm' as const };
  const d = { calls: dam.genotype!.labCalls, sex: 'f' as const };
  const { offspringCoi, method } = await parentsOffspringCoi(db, lab, { petNum: sire.petNum, panelId: sire.genotype!.panelId }, { petNum: dam.petNum, panelId: dam.genotype!.panelId });
  let prediction: PairPrediction = {
    sire: parent(sire, readsSire),
    dam: parent(dam, readsDam),
    inbreeding: explainInbreeding(offspringCoi, method),
    healthPredictions: predictHealth(lab.panel, conditions, s, d),
    coatColorPredictions: predictCoatColours(lab.panel, TRAIT_LOCI, s, d),
    traitPredictions: predictTraits(lab.panel, TRAIT_LOCI, s, d),
  };
  if (!readsSire) prediction = withholdParent(prediction, 'sire');
  if (!readsDam) prediction = withholdParent(prediction, 'dam');
  return prediction;
}
