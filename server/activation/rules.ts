// Pure rules of kit activation (issue 15), shared by the GraphQL calls, the pages and the tests.

export const MAX_WRONG_CODES_PER_HOUR = 10;

/** The steps of the flow, in order; the page and the calls agree on them. */
export const ACTIVATION_STEPS = ['selectDog', 'howDidYouHear', 'contributeToResearch', 'activate', 'done'] as const;
export type ActivationStep = (typeof ACTIVATION_STEPS)[number];

export type KitKind = 'dna' | 'age' | 'microbiome';

// Longest code we read; anything longer is not a code (and never reaches the database).
const MAX_RAW_CODE_LENGTH = 64;

/** Upper case without spaces or dashes (any Unicode dash), as codes are stored in the lookup index. */
export function normaliseKitCode(input: string): string {
  return input.toUpperCase().replace(/[\s\p{Pd}]/gu, '');
}

/**
 * The normalised code when it has the shape of a box key (EM-, at least 4 characters with the
 * dash, spec 1 §5) or of a swab code (at least 12 characters); null for anything else.
 */
export function kitCodeOrNull(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > MAX_RAW_CODE_LENGTH) return null;
  const code = normaliseKitCode(input);
  if (!/^[A-Z0-9]{3,32}$/.test(code)) return null;
  return code.startsWith('EM') || code.length >= 12 ? code : null;
}

/** What activating the kit starts: a DNA test, an age test (methylation swab) or a microbiome test. */
export function kitKindOf(productType: string): KitKind {
  if (productType === 'Microbiome') return 'microbiome';
  return productType === 'Age' ? 'age' : 'dna';
}

const PRODUCT_NAMES: Record<string, string> = {
  BreedAndAncestry: 'Breed + Ancestry DNA test',
  ComprehensiveConsumer: 'Breed + Health DNA test',
  ComprehensiveBreeder: 'Breeder DNA test',
  ComprehensiveUpgrade: 'Health upgrade',
  Purebred: 'Purebred DNA test',
  Vet: 'Veterinary DNA test',
  Age: 'Dog Age Test',
  Microbiome: 'Gut Health Microbiome Test',
};

export function productNameOf(productType: string): string {
  return PRODUCT_NAMES[productType] ?? productType;
}

/** The answers of the how-did-you-hear step; stored on the account (spec 1 §3 howHeardAboutUs). */
export const HOW_HEARD_OPTIONS = [
  'Veterinarian',
  'Breeder',
  'Friend or family',
  'Social media',
  'Search engine',
  'Podcast, TV or radio',
  'Store',
  'Gift',
  'Other',
] as const;

export function isHowHeardOption(value: unknown): value is (typeof HOW_HEARD_OPTIONS)[number] {
  return typeof value === 'string' && (HOW_HEARD_OPTIONS as readonly string[]).includes(value);
}

/** Whether the flow has passed `step` (the page shows a step only once the ones before are answered). */
export function hasReached(current: ActivationStep, step: ActivationStep): boolean {
  return ACTIVATION_STEPS.indexOf(current) >= ACTIVATION_STEPS.indexOf(step);
}

/** The step after an answered one; answering an earlier step again never skips the later ones. */
export function stepAfter(current: ActivationStep, answered: ActivationStep): ActivationStep {
  const next = ACTIVATION_STEPS[ACTIVATION_STEPS.indexOf(answered) + 1];
  return hasReached(current, next) ? current : next;
}

/** The new dog typed in the select-dog step, kept until the kit is activated. */
export interface NewDogAnswer {
  name: string;
  sex: 'f' | 'm' | null;
  breedType: string | null;
}

// The control of each step's form that a refusal of a field is about: an element id, or a radio
// group's name (its first radio takes the focus). Fields a form does not show have none.
const REFUSED_CONTROLS: Partial<Record<ActivationStep | 'code', Record<string, string>>> = {
  code: { boxKeyOrSwabCode: 'boxKeyOrSwabCode' },
  selectDog: { petNum: 'dog', 'newPet.name': 'newName', 'newPet.sex': 'newSex', 'newPet.breedType': 'newBreedType', practiceId: 'practiceId' },
  howDidYouHear: { howDidYouHear: 'howDidYouHear' },
  contributeToResearch: { agree: 'agree' },
};

/** Where the focus goes after a refusal of `field` on `step`'s form; null: to the message itself. */
export function refusedControl(step: ActivationStep | 'code', field: string | null): string | null {
  return (field && REFUSED_CONTROLS[step]?.[field]) || null;
}
