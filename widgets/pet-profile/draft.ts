// The editable copy of a dog's profile behind the about-pet form and the settings modals, and
// how it turns into updatePet's `updateFields`. Pure: no DOM, no I/O, unit-tested.
import {
  collectsBreedInfo,
  estimatedFromParts,
  handleTakenText,
  HANDLE_AVAILABLE,
  TITLE_MAX_COUNT,
  validatePetUpdateFields,
  type DateParts,
} from '../../server/shared/pet-profile-rules';
import { knownSpelling, titlesOf } from '../../server/shared/pet-profile-titles';
import type { AboutPet, DatePartsInput, HandleCheck, Intact, PetUpdateFields, Privacy, Sex, SocialLink } from './types';

/** A date as three selects plus the known/estimated choice (spec 2 §4). */
export interface DateDraft {
  day: number | null;
  month: number | null;
  year: number | null;
  isEstimated: boolean | null;
  /** Once the owner picks known or estimated, the choice stays (spec 2 §4). */
  isEstimatedChosen: boolean;
}

export interface RegistrationDraft {
  organizationId: number | null;
  registrationNumber: string;
  registeredName: string;
}

/** The two titles inputs, named as their updatePet fields. */
export type TitleField = 'prefixTitles' | 'suffixTitles';

export interface PetDraft {
  name: string;
  callName: string;
  story: string;
  handle: string;
  sex: Sex | '';
  intact: Intact | '';
  breedType: string;
  statedBreedId: number | null;
  prefixTitles: string[];
  suffixTitles: string[];
  /** Text still in each titles input, not yet a chip: saving adds it as Enter would, so it is never lost. */
  typedTitles: Record<TitleField, string>;
  dateOfBirth: DateDraft;
  dateOfAdoption: DateDraft;
  areBothParentsRegistered: 'yes' | 'no' | '';
  isPrimaryOwnerBreeder: boolean;
  agreedToResearch: boolean;
  registrations: RegistrationDraft[];
  socialLinks: Record<string, string>;
  privacy: Privacy;
  isHidden: boolean;
  isDeceased: boolean;
}

const EMPTY_PARTS: DateParts = { day: null, month: null, year: null, isEstimated: false };

export function dateDraftFrom(parts: DateParts | null | undefined): DateDraft {
  const { day, month, year, isEstimated } = parts ?? EMPTY_PARTS;
  const derived = estimatedFromParts({ day, month, year });
  const hasParts = day != null || month != null || year != null;
  // A stored flag that differs from what the rule would say was chosen by hand, so it keeps following the owner.
  const isEstimatedChosen = hasParts && derived !== null && derived !== isEstimated;
  return { day, month, year, isEstimated: hasParts ? isEstimated : null, isEstimatedChosen };
}

export type DatePart = 'day' | 'month' | 'year';

/** A day, month or year picked (null: cleared); the known/estimated flag follows the rule until chosen by hand. */
export function withDatePart(draft: DateDraft, part: DatePart, value: number | null): DateDraft {
  const next = { ...draft, [part]: value };
  if (next.isEstimatedChosen && (next.day != null || next.month != null || next.year != null)) return next;
  return { ...next, isEstimated: estimatedFromParts(next), isEstimatedChosen: false };
}

export function withEstimatedChoice(draft: DateDraft, isEstimated: boolean): DateDraft {
  return { ...draft, isEstimated, isEstimatedChosen: true };
}

export function hasDateParts(draft: DateDraft): boolean {
  return draft.day != null || draft.month != null || draft.year != null;
}

/** The DatePartsInput of a date, or null (clears it) when no part is set. */
export function dateInputFrom(draft: DateDraft): DatePartsInput | null {
  if (!hasDateParts(draft)) return null;
  return { day: draft.day, month: draft.month, year: draft.year, isEstimated: draft.isEstimated ?? false };
}

export function draftFromPet(pet: AboutPet): PetDraft {
  const socialLinks: Record<string, string> = {};
  for (const link of pet.socialLinks) socialLinks[link.network] = link.url;
  return {
    name: pet.name,
    callName: pet.callName ?? '',
    story: pet.story ?? '',
    handle: pet.handle,
    sex: pet.sex ?? '',
    intact: pet.intact ?? '',
    breedType: pet.breedType ?? '',
    statedBreedId: pet.statedBreed?.id ?? null,
    prefixTitles: [...pet.prefixTitles],
    suffixTitles: [...pet.suffixTitles],
    typedTitles: { prefixTitles: '', suffixTitles: '' },
    dateOfBirth: dateDraftFrom(pet.dateOfBirth),
    dateOfAdoption: dateDraftFrom(pet.dateOfAdoption),
    areBothParentsRegistered: pet.areBothParentsRegistered ?? '',
    isPrimaryOwnerBreeder: pet.isPrimaryOwnerBreeder,
    agreedToResearch: pet.agreedToResearch,
    registrations: pet.registrations.map((r) => ({
      organizationId: r.organizationId,
      registrationNumber: r.registrationNumber ?? '',
      registeredName: r.registeredName ?? '',
    })),
    socialLinks,
    privacy: pet.privacy,
    isHidden: pet.isHidden,
    isDeceased: pet.isDeceased,
  };
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

// ---- The field groups shared by the form and the settings modals ----

/** Details: handle, breed type and breed, sex, neutered/spayed, birth and adoption dates. */
export function detailsFields(draft: PetDraft): PetUpdateFields {
  return {
    handle: draft.handle.trim().toLowerCase(),
    breedType: draft.breedType || null,
    // Spec 2 §4: the breed is collected only for purebred and designer dogs.
    statedBreedId: collectsBreedInfo(draft.breedType || null) ? draft.statedBreedId : null,
    sex: draft.sex || null,
    intact: draft.intact || null,
    dateOfBirth: dateInputFrom(draft.dateOfBirth),
    dateOfAdoption: dateInputFrom(draft.dateOfAdoption),
  };
}

export function nameStoryFields(draft: PetDraft): PetUpdateFields {
  return { name: draft.name.trim(), callName: orNull(draft.callName), story: orNull(draft.story) };
}

/**
 * Breeding information. Registrations go only for a breed type that collects them (purebred,
 * designer); for others they are left out, so stored ones stay unchanged.
 */
export function breedingFields(draft: PetDraft): PetUpdateFields {
  const titles = withTypedTitles(draft);
  const fields: PetUpdateFields = {
    areBothParentsRegistered: draft.areBothParentsRegistered || null,
    prefixTitles: titles.prefixTitles,
    suffixTitles: titles.suffixTitles,
    isPrimaryOwnerBreeder: draft.isPrimaryOwnerBreeder,
  };
  if (collectsBreedInfo(draft.breedType || null)) {
    fields.registrations = draft.registrations
      .filter((r) => !isBlankRegistration(r))
      .map((r) => ({
        organizationId: r.organizationId ?? 0,
        registrationNumber: orNull(r.registrationNumber),
        registeredName: orNull(r.registeredName),
      }));
  }
  return fields;
}

/** Everything the about-pet form saves. */
export function aboutPetFields(draft: PetDraft): PetUpdateFields {
  return { ...nameStoryFields(draft), ...detailsFields(draft), ...breedingFields(draft), agreedToResearch: draft.agreedToResearch };
}

export function socialLinkFields(draft: PetDraft, networks: readonly string[]): PetUpdateFields {
  const socialLinks: SocialLink[] = [];
  for (const network of networks) {
    const url = (draft.socialLinks[network] ?? '').trim();
    if (url) socialLinks.push({ network, url });
  }
  return { socialLinks };
}

// ---- Registrations ----

export function isBlankRegistration(r: RegistrationDraft): boolean {
  return r.organizationId == null && r.registrationNumber.trim() === '' && r.registeredName.trim() === '';
}

export const emptyRegistration = (): RegistrationDraft => ({ organizationId: null, registrationNumber: '', registeredName: '' });

// ---- Titles ----

/** Adds a title unless blank, already chosen (any case) or over the limit. */
/** Adds a title, spelled as the field's suggestions spell it when it is one of them ('cd' + Enter is CD). */
export function addTitle(chosen: readonly string[], title: string, known: readonly string[] = []): string[] {
  const clean = knownSpelling(title, known);
  if (!clean || chosen.length >= TITLE_MAX_COUNT) return [...chosen];
  if (chosen.some((t) => t.toLowerCase() === clean.toLowerCase())) return [...chosen];
  return [...chosen, clean];
}

export function removeTitle(chosen: readonly string[], title: string): string[] {
  return chosen.filter((t) => t !== title);
}

/** Spec 2 §3: titles come as comma-separated strings: pasting 'CH, GCH' adds both. */
export function addTitles(chosen: readonly string[], text: string, known: readonly string[] = []): string[] {
  return text.split(',').reduce<string[]>((list, title) => addTitle(list, title, known), [...chosen]);
}

/**
 * The draft with the text still typed in the titles inputs added as chips, as Enter adds it (and
 * checked by the same rules when saved): what a form shows once it saves or the input loses focus.
 */
export function withTypedTitles(draft: PetDraft): PetDraft {
  return {
    ...draft,
    prefixTitles: addTitles(draft.prefixTitles, draft.typedTitles.prefixTitles, titlesOf('prefixTitles')),
    suffixTitles: addTitles(draft.suffixTitles, draft.typedTitles.suffixTitles, titlesOf('suffixTitles')),
    typedTitles: { prefixTitles: '', suffixTitles: '' },
  };
}

// ---- Handle ----

/** The line under the handle: 'Available' or '{handle} is not available. Alternative: {x}'. */
export function handleCheckText(check: HandleCheck): string {
  return check.isAvailable ? HANDLE_AVAILABLE : handleTakenText(check.handle, check.alternative);
}

// ---- Errors ----

/** The error messages whose field the form does not show beside a field, for the summary at the top. */
export function otherErrors(errors: Record<string, string>, shown: readonly string[]): string[] {
  return Object.entries(errors)
    .filter(([key]) => !shown.includes(key))
    .map(([, message]) => message);
}

/** The browser's check before saving: the server's own rules (a row without a registry fails as organization 0). */
export function fieldErrors(fields: PetUpdateFields, options: { today: Date; isBreeder: boolean }): Record<string, string> {
  return validatePetUpdateFields(fields, options).errors;
}
