// The pet profile's rules, one copy for the server, the about-pet widgets and the tests.
// No I/O and no DOM here: the browser bundles this module (spec 1 §3–§5, issue #5).
export * from './pet-profile-date-rules.js';
import { ADOPTION_BEFORE_BIRTH, datePartsError, DATE_NOT_REAL, estimatedFromParts, isAdoptionBeforeBirth, isWhole, type DateParts } from './pet-profile-date-rules.js';
import { hasLineBreak, isBlank } from './visible-text.js';
import { opensAsWebAddress } from './web-address.js';

export type BreedType = 'purebred' | 'designer' | 'mixed' | 'village' | 'unknown' | 'notShared';

export const BREED_TYPES: readonly { value: BreedType; label: string }[] = [
  { value: 'purebred', label: 'Purebred' },
  { value: 'designer', label: 'Designer breed' },
  { value: 'mixed', label: 'Mixed breed' },
  { value: 'village', label: 'Village dog' },
  { value: 'unknown', label: "I'm not sure yet!" },
  { value: 'notShared', label: 'I prefer not to say' },
];

/** Purebred and designer dogs collect breed and registration info (spec 1 §3, §4). */
export function collectsBreedInfo(breedType: string | null): boolean {
  return breedType === 'purebred' || breedType === 'designer';
}

export type Privacy = 'public' | 'public-private' | 'private';
export const PRIVACY_OPTIONS: readonly { value: Privacy; label: string }[] = [
  { value: 'public', label: 'Public' },
  { value: 'public-private', label: 'Members only' },
  { value: 'private', label: 'Private' },
];

export type SocialNetwork = 'facebook' | 'instagram' | 'tiktok' | 'youtube' | 'x' | 'website';
export const SOCIAL_NETWORKS: readonly { value: SocialNetwork; label: string }[] = [
  { value: 'facebook', label: 'Facebook' },
  { value: 'instagram', label: 'Instagram' },
  { value: 'tiktok', label: 'TikTok' },
  { value: 'youtube', label: 'YouTube' },
  { value: 'x', label: 'X' },
  { value: 'website', label: 'Website' },
];

export const SEX_OPTIONS: readonly { value: 'm' | 'f'; label: string }[] = [
  { value: 'm', label: 'Male' },
  { value: 'f', label: 'Female' },
];
/** i = not neutered/spayed (intact), f = neutered/spayed (fixed). */
export const INTACT_OPTIONS: readonly { value: 'i' | 'f'; label: string }[] = [
  { value: 'i', label: 'Not neutered or spayed' },
  { value: 'f', label: 'Neutered or spayed' },
];
export const PARENTS_REGISTERED_OPTIONS: readonly { value: 'yes' | 'no'; label: string }[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

// ---- Handles ------------------------------------------------------------------------------

export const HANDLE_PATTERN = /^[a-z0-9][a-z0-9-]{1,62}$/;
export const HANDLE_MIN = 2;
export const HANDLE_MAX = 63;
export const HANDLE_REQUIRED = 'Please choose a handle';
export const HANDLE_LENGTH = `A handle must be ${HANDLE_MIN} to ${HANDLE_MAX} characters long`;
export const HANDLE_CHARACTERS = 'A handle may only contain letters, digits and hyphens, and must start with a letter or digit';
export const HANDLE_AVAILABLE = 'Available';
export const HANDLE_CHECK_DELAY_MS = 1000;

/** The form of a handle as stored: trimmed and lower-cased. */
export function normalizeHandle(handle: string): string {
  return handle.trim().toLowerCase();
}

/** Null when the (lower-cased) handle is well formed. */
export function handleFormatError(handle: string): string | null {
  const value = normalizeHandle(handle);
  if (value === '') return HANDLE_REQUIRED;
  if (value.length < HANDLE_MIN || value.length > HANDLE_MAX) return HANDLE_LENGTH;
  if (!HANDLE_PATTERN.test(value)) return HANDLE_CHARACTERS;
  return null;
}

export function handleTakenText(handle: string, alternative: string): string {
  return `${handle} is not available. Alternative: ${alternative}`;
}

// ---- The fields of updatePet --------------------------------------------------------------

export const NAME_MAX = 50;
export const STORY_MAX = 2000;
export const TITLE_MAX_COUNT = 20;
export const TITLE_MAX_LENGTH = 20;
export const REGISTRATION_MAX_COUNT = 10;
export const REGISTRATION_NUMBER_MAX = 50;
export const REGISTERED_NAME_MAX = 100;
export const SOCIAL_URL_MAX = 300;

export const NAME_REQUIRED = 'Name is required';
export const NAME_TOO_LONG = `Name can be at most ${NAME_MAX} characters`;
export const CALL_NAME_TOO_LONG = `Call name can be at most ${NAME_MAX} characters`;
export const NAME_ONE_LINE = 'Name must be on one line';
export const CALL_NAME_ONE_LINE = 'Call name must be on one line';
export const STORY_TOO_LONG = `Story can be at most ${STORY_MAX} characters`;
export const SEX_INVALID = 'Please choose male or female';
export const INTACT_INVALID = 'Please tell us whether your dog is neutered or spayed';
export const INTACT_REQUIRED_FOR_BREEDER = 'Please tell us whether your dog is neutered or spayed';
export const BREED_TYPE_INVALID = 'Please choose a breed type from the list';
export const STATED_BREED_INVALID = 'Please choose a breed from the list';
export const TITLES_INVALID = 'Titles must be a list of titles';
export const TITLES_TOO_MANY = `At most ${TITLE_MAX_COUNT} titles are allowed`;
export const TITLE_INVALID = `Each title must be 1 to ${TITLE_MAX_LENGTH} characters, without commas`;
export const TITLE_CONTROL_CHARACTERS = 'A title cannot contain line breaks, tabs or other invisible control characters';
export const titleListedTwice = (title: string) => `${title} is listed twice: each title can be listed only once`;
export const PARENTS_REGISTERED_INVALID = 'Please answer yes or no about the parents’ registration';
export const PRIVACY_INVALID = 'Please choose Public, Members only or Private';
export const REGISTRATIONS_INVALID = 'Registrations must be a list';
export const REGISTRATIONS_TOO_MANY = `At most ${REGISTRATION_MAX_COUNT} registrations are allowed`;
export const REGISTRATION_ORGANIZATION_INVALID = 'Please choose a registration organization from the list';
export const REGISTRATION_ORGANIZATION_TWICE = 'Each registration organization can be listed only once';
export const REGISTRATION_NUMBER_TOO_LONG = `A registration number can be at most ${REGISTRATION_NUMBER_MAX} characters`;
export const REGISTERED_NAME_TOO_LONG = `A registered name can be at most ${REGISTERED_NAME_MAX} characters`;
export const SOCIAL_LINKS_INVALID = 'Social links must be a list';
export const SOCIAL_NETWORK_INVALID = 'Please choose a social network from the list';
export const SOCIAL_NETWORK_TWICE = 'Each social network can be listed only once';
export const SOCIAL_URL_INVALID = `Please enter a web address starting with http:// or https:// (at most ${SOCIAL_URL_MAX} characters)`;
export const VET_CONSENT_REQUIRED = 'Please tell us whether we may contact your vet';
export const mustBeTrueOrFalse = (label: string) => `${label} must be true or false`;
export const unknownField = (field: string) => `Unknown field: ${field}`;

export const DATE_FIELD_LABELS = { dateOfBirth: 'Date of birth', dateOfAdoption: 'Date of adoption' } as const;

const BOOLEAN_FIELD_LABELS = {
  isPrimaryOwnerBreeder: 'Primary owner is breeder',
  agreedToResearch: 'Agreed to research',
  isHidden: 'Hide pet',
  isDeceased: 'Passed away',
  optOutOfCommunications: 'Opt out of communications',
  excludeFromMatchmaker: 'Exclude from matchmaker',
} as const;

export interface RegistrationFields {
  organizationId: number;
  registrationNumber?: string | null;
  registeredName?: string | null;
}
export interface SocialLinkFields {
  network: string;
  url: string;
}

/** What updatePet takes: a field left out is unchanged; null clears it. */
export interface PetUpdateFields {
  name?: string | null;
  callName?: string | null;
  story?: string | null;
  handle?: string | null;
  sex?: string | null;
  intact?: string | null;
  breedType?: string | null;
  statedBreedId?: number | null;
  prefixTitles?: string[] | null;
  suffixTitles?: string[] | null;
  dateOfBirth?: Partial<DateParts> | null;
  dateOfAdoption?: Partial<DateParts> | null;
  areBothParentsRegistered?: string | null;
  isPrimaryOwnerBreeder?: boolean | null;
  agreedToResearch?: boolean | null;
  registrations?: RegistrationFields[] | null;
  socialLinks?: SocialLinkFields[] | null;
  privacy?: string | null;
  isHidden?: boolean | null;
  isDeceased?: boolean | null;
  optOutOfCommunications?: boolean | null;
  excludeFromMatchmaker?: boolean | null;
}

export const PET_UPDATE_FIELD_NAMES: readonly (keyof PetUpdateFields)[] = [
  'name', 'callName', 'story', 'handle', 'sex', 'intact', 'breedType', 'statedBreedId', 'prefixTitles', 'suffixTitles',
  'dateOfBirth', 'dateOfAdoption', 'areBothParentsRegistered', 'isPrimaryOwnerBreeder', 'agreedToResearch',
  'registrations', 'socialLinks', 'privacy', 'isHidden', 'isDeceased', 'optOutOfCommunications', 'excludeFromMatchmaker',
];

/** Date parts from an input where any part may be left out; a missing isEstimated follows the known/estimated rule. */
export function toDateParts(input: Partial<DateParts> | null | undefined): DateParts {
  const day = input?.day ?? null;
  const month = input?.month ?? null;
  const year = input?.year ?? null;
  const isEstimated = input?.isEstimated ?? estimatedFromParts({ day, month, year }) ?? false;
  return { day, month, year, isEstimated };
}

const has = (fields: object, key: string) => Object.prototype.hasOwnProperty.call(fields, key) && (fields as Record<string, unknown>)[key] !== undefined;
const isText = (value: unknown): value is string => typeof value === 'string';

// Control characters, line and paragraph separators, and format characters such as bidi overrides and
// zero-width spaces: none belongs in a show title, and some would disguise one title as another.
const TITLE_HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * Spec 1 §5 offers show and sport titles as suggestions but lets owners type others (titles.ts), so the
 * server checks the shape of each: 1 to 20 visible characters once trimmed, no comma (the lists travel
 * comma-separated, spec 1 §3), no hidden characters, and no title twice in a list (any case).
 */
function titlesError(value: unknown): string | null {
  if (value === null) return null;
  if (!Array.isArray(value)) return TITLES_INVALID;
  if (value.length > TITLE_MAX_COUNT) return TITLES_TOO_MANY;
  const seen = new Set<string>();
  for (const title of value) {
    if (!isText(title)) return TITLE_INVALID;
    const trimmed = title.trim();
    if (TITLE_HIDDEN_CHARACTERS.test(trimmed)) return TITLE_CONTROL_CHARACTERS;
    if (isBlank(trimmed) || trimmed.length > TITLE_MAX_LENGTH || trimmed.includes(',')) return TITLE_INVALID;
    const key = trimmed.toLowerCase();
    if (seen.has(key)) return titleListedTwice(trimmed);
    seen.add(key);
  }
  return null;
}

function registrationsError(value: unknown): string | null {
  if (value === null) return null;
  if (!Array.isArray(value)) return REGISTRATIONS_INVALID;
  if (value.length > REGISTRATION_MAX_COUNT) return REGISTRATIONS_TOO_MANY;
  const seen = new Set<number>();
  for (const entry of value as unknown[]) {
    if (entry === null || typeof entry !== 'object') return REGISTRATIONS_INVALID;
    const { organizationId, registrationNumber, registeredName } = entry as Record<string, unknown>;
    if (!isWhole(organizationId) || organizationId < 1) return REGISTRATION_ORGANIZATION_INVALID;
    if (seen.has(organizationId)) return REGISTRATION_ORGANIZATION_TWICE;
    seen.add(organizationId);
    if (registrationNumber != null && (!isText(registrationNumber) || registrationNumber.trim().length > REGISTRATION_NUMBER_MAX)) {
      return REGISTRATION_NUMBER_TOO_LONG;
    }
    if (registeredName != null && (!isText(registeredName) || registeredName.trim().length > REGISTERED_NAME_MAX)) {
      return REGISTERED_NAME_TOO_LONG;
    }
  }
  return null;
}

const SOCIAL_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/**
 * A social link's address as stored: trimmed, its scheme in lower case. The rule above takes any case
 * (a phone keyboard types 'Https://'); the column's check, like every page that links it, reads 'https://'.
 */
export const storedSocialUrl = (url: string): string => url.trim().replace(/^https?:/i, (scheme) => scheme.toLowerCase());

function socialLinksError(value: unknown): string | null {
  if (value === null) return null;
  if (!Array.isArray(value)) return SOCIAL_LINKS_INVALID;
  const seen = new Set<string>();
  for (const entry of value as unknown[]) {
    if (entry === null || typeof entry !== 'object') return SOCIAL_LINKS_INVALID;
    const { network, url } = entry as Record<string, unknown>;
    if (!isText(network) || !SOCIAL_NETWORKS.some((option) => option.value === network)) return SOCIAL_NETWORK_INVALID;
    if (seen.has(network)) return SOCIAL_NETWORK_TWICE;
    seen.add(network);
    if (!isText(url) || url.trim().length > SOCIAL_URL_MAX || !SOCIAL_URL.test(url.trim()) || !opensAsWebAddress(url.trim())) return SOCIAL_URL_INVALID;
  }
  return null;
}

/**
 * The checks the server runs on updatePet (the form runs the same ones). Only the fields present are
 * checked; the result maps a field to its first message and is empty when everything is valid.
 */
export function validatePetUpdateFields(
  fields: PetUpdateFields,
  { today, isBreeder }: { today: Date; isBreeder: boolean },
): { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const record = fields as Record<string, unknown>;

  for (const key of Object.keys(record)) {
    if (!(PET_UPDATE_FIELD_NAMES as readonly string[]).includes(key)) errors[key] = unknownField(key);
  }

  if (has(fields, 'name')) {
    const name = record.name;
    if (!isText(name) || isBlank(name)) errors.name = NAME_REQUIRED;
    else if (name.trim().length > NAME_MAX) errors.name = NAME_TOO_LONG;
    else if (hasLineBreak(name)) errors.name = NAME_ONE_LINE;
  }
  if (has(fields, 'callName') && record.callName !== null) {
    const callName = record.callName;
    if (!isText(callName) || callName.trim().length > NAME_MAX) errors.callName = CALL_NAME_TOO_LONG;
    else if (hasLineBreak(callName)) errors.callName = CALL_NAME_ONE_LINE;
  }
  if (has(fields, 'story') && record.story !== null) {
    const story = record.story;
    if (!isText(story) || story.trim().length > STORY_MAX) errors.story = STORY_TOO_LONG;
  }
  if (has(fields, 'handle')) {
    const handle = record.handle;
    const error = isText(handle) ? handleFormatError(handle) : HANDLE_REQUIRED;
    if (error) errors.handle = error;
  }
  if (has(fields, 'sex') && record.sex !== null && record.sex !== 'm' && record.sex !== 'f') errors.sex = SEX_INVALID;
  if (has(fields, 'intact')) {
    const intact = record.intact;
    if (intact === null || intact === '') {
      if (isBreeder) errors.intact = INTACT_REQUIRED_FOR_BREEDER;
    } else if (intact !== 'i' && intact !== 'f') {
      errors.intact = INTACT_INVALID;
    }
  }
  if (has(fields, 'breedType') && record.breedType !== null && !BREED_TYPES.some((option) => option.value === record.breedType)) {
    errors.breedType = BREED_TYPE_INVALID;
  }
  if (has(fields, 'statedBreedId') && record.statedBreedId !== null && (!isWhole(record.statedBreedId) || record.statedBreedId < 1)) {
    errors.statedBreedId = STATED_BREED_INVALID;
  }
  for (const key of ['prefixTitles', 'suffixTitles'] as const) {
    if (has(fields, key)) {
      const error = titlesError(record[key]);
      if (error) errors[key] = error;
    }
  }
  for (const key of ['dateOfBirth', 'dateOfAdoption'] as const) {
    if (has(fields, key) && record[key] !== null) {
      const value = record[key];
      const error =
        typeof value !== 'object' || Array.isArray(value)
          ? DATE_NOT_REAL
          : datePartsError({ ...toDateParts(value as Partial<DateParts>), isEstimated: (value as Partial<DateParts>).isEstimated ?? false }, today);
      if (error) errors[key] = `${DATE_FIELD_LABELS[key]}: ${error}`;
    }
  }
  if (!errors.dateOfBirth && !errors.dateOfAdoption && fields.dateOfBirth && fields.dateOfAdoption) {
    if (isAdoptionBeforeBirth(toDateParts(fields.dateOfBirth), toDateParts(fields.dateOfAdoption))) errors.dateOfAdoption = ADOPTION_BEFORE_BIRTH;
  }
  if (
    has(fields, 'areBothParentsRegistered') &&
    record.areBothParentsRegistered !== null &&
    record.areBothParentsRegistered !== 'yes' &&
    record.areBothParentsRegistered !== 'no'
  ) {
    errors.areBothParentsRegistered = PARENTS_REGISTERED_INVALID;
  }
  for (const [key, label] of Object.entries(BOOLEAN_FIELD_LABELS)) {
    if (has(fields, key) && typeof record[key] !== 'boolean') errors[key] = mustBeTrueOrFalse(label);
  }
  if (has(fields, 'registrations')) {
    const error = registrationsError(record.registrations);
    if (error) errors.registrations = error;
  }
  if (has(fields, 'socialLinks')) {
    const error = socialLinksError(record.socialLinks);
    if (error) errors.socialLinks = error;
  }
  if (has(fields, 'privacy') && !PRIVACY_OPTIONS.some((option) => option.value === record.privacy)) {
    errors.privacy = PRIVACY_INVALID;
  }
  return { errors };
}

/** Titles typed as a comma-separated string (spec 1 §3) as a clean list without duplicates. */
export function titlesFromText(text: string): string[] {
  const seen = new Set<string>();
  const titles: string[] = [];
  for (const part of text.split(',')) {
    const title = part.trim();
    if (title !== '' && !seen.has(title.toLowerCase())) {
      seen.add(title.toLowerCase());
      titles.push(title);
    }
  }
  return titles;
}
