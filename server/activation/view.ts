import type { Activation, KitForActivation } from './queries.js';
import { kitKindOf, productNameOf, type ActivationStep, type KitKind } from './rules.js';

/** What the page and the GraphQL calls show of an activation. */
export interface ActivationView {
  id: number;
  boxKeyOrSwabCode: string;
  step: ActivationStep;
  productType: string;
  productName: string;
  kind: KitKind;
  boxKey: string | null;
  swabCodes: string[];
  practice: { practiceId: number; name: string } | null;
  petNum: number | null;
  newPetName: string | null;
  /** The new dog's other answers, for the form when the step is opened again (not in the GraphQL type). */
  newPetSex: string | null;
  newPetBreedType: string | null;
  howDidYouHear: string | null;
  agreedToResearch: boolean | null;
  researchConsentDate: string | null;
  activatedDate: string | null;
}

export function activationView(activation: Activation, kit: KitForActivation): ActivationView {
  return {
    id: activation.id,
    boxKeyOrSwabCode: activation.code,
    step: activation.step,
    productType: kit.productType,
    productName: productNameOf(kit.productType),
    kind: kitKindOf(kit.productType),
    boxKey: kit.boxKey,
    swabCodes: kit.swabs.map((swab) => swab.swabCode),
    practice: kit.practice,
    petNum: activation.petNum,
    newPetName: activation.newPet?.name ?? null,
    newPetSex: activation.newPet?.sex ?? null,
    newPetBreedType: activation.newPet?.breedType ?? null,
    howDidYouHear: activation.howHeard,
    agreedToResearch: activation.agreedToResearch,
    researchConsentDate: activation.agreedToResearch && activation.researchAnsweredAt ? new Date(activation.researchAnsweredAt).toISOString() : null,
    activatedDate: activation.completedAt ? new Date(activation.completedAt).toISOString() : null,
  };
}
