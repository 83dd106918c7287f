// The one-line values of the pet settings list ('Instagram · X', 'Members only') and the site's date text. Pure.
import { PRIVACY_OPTIONS, SOCIAL_NETWORKS } from '../../server/shared/pet-profile-rules';
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

export function socialSummary(pet: AboutPet): string {
  if (pet.socialLinks.length === 0) return NOT_SET;
  return pet.socialLinks.map((link) => labelOf(SOCIAL_NETWORKS, link.network) ?? link.network).join(SEPARATOR);
}

export function privacyLabel(privacy: string): string {
  return labelOf(PRIVACY_OPTIONS, privacy) ?? privacy;
}
