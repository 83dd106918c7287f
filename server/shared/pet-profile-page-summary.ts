// The read-only summary at the top of the about page (views/members/pet-about.ejs): the server renders
// it, and the about-pet widgets write the same texts into it after a save (widgets/pet-profile/page-summary.ts),
// so the page never shows values older than the form's. Pure: no I/O, no DOM.
import { birthdayText } from './birthday-text.js';
import type { AboutPetFeed } from './pet-profile-types.js';
import { BREED_TYPES, INTACT_OPTIONS, PRIVACY_OPTIONS, SEX_OPTIONS, SOCIAL_NETWORKS } from './pet-profile-rules.js';

export const NOT_GIVEN = 'Not given';

/** The rows in page order; a row whose text is null is left hidden. */
export const ABOUT_SUMMARY_ROWS = [
  { key: 'name', label: 'Name' },
  { key: 'callName', label: 'Call name' },
  { key: 'handle', label: 'Handle' },
  { key: 'breedType', label: 'Breed type' },
  { key: 'statedBreed', label: 'Breed' },
  { key: 'registrations', label: 'Registrations' },
  { key: 'prefixTitles', label: 'Titles before the name' },
  { key: 'suffixTitles', label: 'Titles after the name' },
  { key: 'sex', label: 'Sex' },
  { key: 'intact', label: 'Neutered or spayed' },
  { key: 'dateOfBirth', label: 'Date of birth' },
  { key: 'dateOfAdoption', label: 'Date of adoption' },
  { key: 'areBothParentsRegistered', label: 'Both parents registered' },
  { key: 'isPrimaryOwnerBreeder', label: 'Primary owner is the breeder' },
  { key: 'agreedToResearch', label: 'Agreed to research' },
  { key: 'privacy', label: 'Privacy' },
  { key: 'isHidden', label: 'Hidden' },
  { key: 'isDeceased', label: 'Passed away' },
  { key: 'socialLinks', label: 'Social media' },
] as const;

export type AboutSummaryKey = (typeof ABOUT_SUMMARY_ROWS)[number]['key'] | 'story';

/** What the summary needs of the about-pet feed. */
export type AboutSummaryPet = Pick<
  AboutPetFeed,
  | 'name' | 'callName' | 'handle' | 'breedType' | 'statedBreed' | 'registrations' | 'prefixTitles' | 'suffixTitles' | 'sex' | 'intact'
  | 'dateOfBirth' | 'dateOfAdoption' | 'areBothParentsRegistered' | 'isPrimaryOwnerBreeder' | 'agreedToResearch' | 'privacy'
  | 'isHidden' | 'isDeceased' | 'socialLinks' | 'story'
>;

const labelOf = (options: readonly { value: string; label: string }[], value: string | null) =>
  value ? (options.find((option) => option.value === value)?.label ?? value) : NOT_GIVEN;
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const listOrNull = (items: readonly string[], separator: string) => (items.length > 0 ? items.join(separator) : null);

export const socialNetworkLabel = (network: string) => labelOf(SOCIAL_NETWORKS, network);

/** Each row's text, null for a row with nothing to show (the call name, titles, story and the like when unset). */
export function aboutPageSummary(pet: AboutSummaryPet): Record<AboutSummaryKey, string | null> {
  return {
    name: pet.name,
    callName: pet.callName || null,
    handle: pet.handle,
    breedType: labelOf(BREED_TYPES, pet.breedType),
    statedBreed: pet.statedBreed?.name ?? null,
    registrations: listOrNull(
      pet.registrations.map((r) => `${r.organizationName ?? ''}${r.registrationNumber ? ` ${r.registrationNumber}` : ''}${r.registeredName ? ` (${r.registeredName})` : ''}`.trim()),
      '; ',
    ),
    prefixTitles: listOrNull(pet.prefixTitles, ', '),
    suffixTitles: listOrNull(pet.suffixTitles, ', '),
    sex: labelOf(SEX_OPTIONS, pet.sex),
    intact: labelOf(INTACT_OPTIONS, pet.intact),
    dateOfBirth: birthdayText(pet.dateOfBirth) ?? NOT_GIVEN,
    dateOfAdoption: birthdayText(pet.dateOfAdoption) ?? NOT_GIVEN,
    areBothParentsRegistered: pet.areBothParentsRegistered === 'yes' ? 'Yes' : pet.areBothParentsRegistered === 'no' ? 'No' : NOT_GIVEN,
    isPrimaryOwnerBreeder: yesNo(pet.isPrimaryOwnerBreeder),
    agreedToResearch: yesNo(pet.agreedToResearch),
    privacy: labelOf(PRIVACY_OPTIONS, pet.privacy),
    isHidden: pet.isHidden ? 'Hidden from every public list' : null,
    isDeceased: pet.isDeceased ? 'Yes' : null,
    socialLinks: listOrNull(pet.socialLinks.map((link) => socialNetworkLabel(link.network)), ', '),
    story: pet.story || null,
  };
}

/** The page's heading and, with ' | Embark', its document title. */
export const aboutPageTitle = (name: string) => `About ${name}`;

/** The link back to the dog's results profile, by the name the family uses. */
export const backToProfileText = (pet: Pick<AboutPetFeed, 'name' | 'callName'>) => `Back to ${pet.callName || pet.name}'s profile`;
