// The one-line values of the pet settings list ("Male · Purebred · Labrador Retriever · Born March 3, 2020"). Pure.
import { BREED_TYPES, collectsBreedInfo, INTACT_OPTIONS, PRIVACY_OPTIONS, SEX_OPTIONS, SOCIAL_NETWORKS } from '../../server/pet-profile/rules';
import { birthdayText } from '../../server/shared/birthday-text';
import type { AboutPet, DateParts } from './types';

export const NOT_SET = 'Not set';
export const SEPARATOR = ' · ';

const labelOf = (options: readonly { value: string; label: string }[], value: string | null) =>
  options.find((option) => option.value === value)?.label ?? null;

/** The site's one date format ('March 3, 2020', 'March 2020 (estimated)'); null when no year is set. */
export function dateText(parts: DateParts | null | undefined): string | null {
  return birthdayText(parts);
}

export function detailsSummary(pet: AboutPet): string {
  const born = dateText(pet.dateOfBirth);
  const adopted = dateText(pet.dateOfAdoption);
  const parts = [
    labelOf(SEX_OPTIONS, pet.sex),
    labelOf(INTACT_OPTIONS, pet.intact),
    labelOf(BREED_TYPES, pet.breedType),
    pet.statedBreed?.name ?? null,
    born ? `Born ${born}` : null,
    adopted ? `Adopted ${adopted}` : null,
    `@${pet.handle}`,
  ];
  return parts.filter((part): part is string => Boolean(part)).join(SEPARATOR);
}

export function nameStorySummary(pet: AboutPet): string {
  const name = pet.callName ? `${pet.name} (“${pet.callName}”)` : pet.name;
  return pet.story ? `${name}${SEPARATOR}${pet.story.length > 60 ? `${pet.story.slice(0, 60).trimEnd()}…` : pet.story}` : name;
}

export function socialSummary(pet: AboutPet): string {
  if (pet.socialLinks.length === 0) return NOT_SET;
  return pet.socialLinks.map((link) => labelOf(SOCIAL_NETWORKS, link.network) ?? link.network).join(SEPARATOR);
}

export function privacyLabel(privacy: string): string {
  return labelOf(PRIVACY_OPTIONS, privacy) ?? privacy;
}

/** The dog's name with its titles, 'GCH CH Maple CD', then its registrations and the parents' registration. */
export function breedingSummary(pet: AboutPet): string {
  const titled = [...pet.prefixTitles, pet.name, ...pet.suffixTitles].join(' ');
  const parts = [titled];
  // Registrations count only for breed types that collect them (spec 2 §4).
  const registrations = collectsBreedInfo(pet.breedType) ? pet.registrations : [];
  for (const registration of registrations) {
    parts.push([registration.organizationName, registration.registrationNumber].filter(Boolean).join(' '));
  }
  if (pet.areBothParentsRegistered) parts.push(`Both parents registered: ${pet.areBothParentsRegistered === 'yes' ? 'Yes' : 'No'}`);
  if (pet.isPrimaryOwnerBreeder) parts.push('Owner is the breeder');
  return parts.filter(Boolean).join(SEPARATOR);
}
