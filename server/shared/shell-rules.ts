// Pure rules of the site shell (spec 2 §2), shared by views and tests.
import type { UserType } from './user-types.js';
import type { DogAvatar } from './dog-avatar.js';

export const FOOTER_NAME_LIMIT = 25;

/** The phone menu button's accessible name: like the header's badge, it tells of unread messages. */
export function menuButtonLabel(numUnreadMessages: number): string {
  return numUnreadMessages > 0 ? `Menu, ${numUnreadMessages} unread messages` : 'Menu';
}

/** Lodash-style truncation: at most `length` characters, ending in '...' when cut. */
export function truncate(text: string, length = FOOTER_NAME_LIMIT): string {
  const chars = Array.from(text);
  if (chars.length <= length) return text;
  return chars.slice(0, length - 3).join('') + '...';
}

export interface ShellLinks {
  productSite: string;
  shop: string;
  breederKit: string;
  helpCenter: string;
  resources: string;
}

export interface FooterUser {
  userType: UserType;
  petCount: number;
  showMatchMaker: boolean;
}

export interface FooterPet {
  petNum: number;
  name: string | null;
  isEligibleForInsurance: boolean;
  insuranceUrl: string | null;
  /** Whether the lab has released results; a dog still waiting for them has none to explore. */
  hasResults: boolean;
  /** Shown beside the 'Explore {dog}'s Results' heading (issue 12 §7). */
  avatar?: DogAvatar;
}

export interface Link {
  label: string;
  href: string;
}

export interface FooterColumn {
  heading: string;
  links: Link[];
  /** The explored dog's avatar, on its column. */
  avatar?: DogAvatar;
}

export function orderKitUrl(userType: UserType, links: ShellLinks): string {
  if (userType === 'Breeder') return links.breederKit;
  if (userType === 'Vet') return '/members/shopify/vet';
  return links.shop;
}

/** 'My Dogs' and the back-to-list link: only for non-pet-parents or owners of more than one dog. */
export function showsDogList(user: Pick<FooterUser, 'userType' | 'petCount'>): boolean {
  return user.userType !== 'PetParent' || user.petCount > 1;
}

/**
 * `pet` is the dog the page is about (or, on other pages, the account's only dog with results).
 * The first column names it (spec 2 §1: 'your dog' only when it has no name) and leads to its
 * results pages, which tell where a swab still in the lab is; without a dog, 'your dog' and the way
 * to the dog list (or to activating a kit when there is no dog yet).
 */
export function footerColumns(user: FooterUser, pet: FooterPet | null, links: ShellLinks): FooterColumn[] {
  const explored = pet;
  const dogName = explored?.name ? truncate(explored.name) : 'your dog';
  const columns: FooterColumn[] = [
    {
      heading: `Explore ${dogName}'s Results`,
      links: explored ? resultsLinks(explored.petNum, user.userType) : noDogLinks(user),
      ...(explored?.avatar ? { avatar: explored.avatar } : {}),
    },
    {
      heading: 'My Account',
      links: [
        { label: 'Add a Dog', href: '/members/add-a-dog' },
        ...(showsDogList(user) ? [{ label: 'My Dogs', href: '/members' }] : []),
        { label: 'Activate Kit', href: '/members/activate' },
        { label: 'Order a Kit', href: orderKitUrl(user.userType, links) },
        { label: 'Messages', href: '/members/messages' },
        { label: 'Settings', href: '/members/profile' },
      ],
    },
  ];
  if (user.userType === 'Breeder') {
    columns.push({
      heading: 'Breeder Tools',
      links: [
        { label: 'Breeder Profile', href: '/breeders/breeder-profile' },
        ...(user.showMatchMaker ? [{ label: 'Matchmaker', href: '/members/breeder-tools/matchmaker' }] : []),
        { label: 'Pair Predictor', href: '/breeders/pair-predictor' },
      ],
    });
  }
  if (user.userType !== 'Vet') {
    columns.push({
      heading: 'More',
      links: [
        { label: 'Embark', href: links.productSite },
        ...(pet?.isEligibleForInsurance && pet.insuranceUrl ? [{ label: 'Pet Insurance', href: pet.insuranceUrl }] : []),
        { label: 'Help Center', href: links.helpCenter },
        { label: 'Resources & Insights', href: links.resources },
        { label: 'Contact Us', href: '/contact' },
      ],
    });
  }
  return columns;
}

/** Vets own no dogs: their patients are on /members. */
function noDogLinks(user: FooterUser): Link[] {
  if (user.userType === 'Vet') return [{ label: 'My Patients', href: '/members' }];
  if (user.petCount === 0) return [{ label: 'Activate Kit', href: '/members/activate' }];
  return [{ label: 'My Dogs', href: '/members' }];
}

function resultsLinks(petNum: number, userType: UserType): Link[] {
  return [
    { label: 'Summary', href: `/members/results/summary?i=${petNum}` },
    { label: breedLabel(userType), href: `/members/results/breed-and-ancestry?i=${petNum}` },
    { label: 'Health', href: `/members/results/health?i=${petNum}` },
    { label: 'Traits', href: `/members/results/traits?i=${petNum}` },
    { label: 'Profile', href: `/members/results/profile?i=${petNum}` },
  ];
}

export type ResultsPage = 'profile' | 'summary' | 'research' | 'breed' | 'health' | 'relatives' | 'traits' | 'care';

export interface NavPet {
  petNum: number;
  isUpgradeAvailable: boolean;
  showRelativeFinder: boolean;
  shouldShowCareResources: boolean;
}

export interface NavButton {
  key: ResultsPage | 'health-traits';
  label: string;
  href: string;
  active: boolean;
  locked: boolean;
}

export const RESULTS_PATHS: Record<ResultsPage, string> = {
  profile: '/members/results/profile',
  summary: '/members/results/summary',
  research: '/members/results/research-surveys',
  breed: '/members/results/breed-and-ancestry',
  health: '/members/results/health',
  relatives: '/members/results/relatives',
  traits: '/members/results/traits',
  care: '/members/results/care',
};

// Pet parents start from what they paid for; breeders and vets start from the dog's profile.
const PET_PARENT_ORDER: ResultsPage[] = ['summary', 'breed', 'health', 'traits', 'relatives', 'care', 'research', 'profile'];
const PROFESSIONAL_ORDER: ResultsPage[] = ['profile', 'summary', 'breed', 'health', 'traits', 'relatives', 'research', 'care'];

export function breedLabel(userType: UserType): string {
  return userType === 'Vet' ? 'Breed' : 'Breed & Ancestry';
}

const LABELS: Record<Exclude<ResultsPage, 'breed'>, string> = {
  profile: 'Profile',
  summary: 'Summary',
  research: 'Research',
  health: 'Health',
  relatives: 'Relatives',
  traits: 'Traits',
  care: 'Care Resources',
};

export function resultsNavButtons(userType: UserType, pet: NavPet, active: ResultsPage | null, upgradeUrl: string): NavButton[] {
  const order = userType === 'PetParent' ? PET_PARENT_ORDER : PROFESSIONAL_ORDER;
  const buttons: NavButton[] = [];
  for (const page of order) {
    if (page === 'relatives' && !pet.showRelativeFinder) continue;
    if (page === 'care' && !pet.shouldShowCareResources) continue;
    if (pet.isUpgradeAvailable && (page === 'health' || page === 'traits')) {
      if (page === 'traits') continue;
      buttons.push({ key: 'health-traits', label: 'Health & Traits', href: upgradeUrl, active: false, locked: true });
      continue;
    }
    buttons.push({
      key: page,
      label: page === 'breed' ? breedLabel(userType) : LABELS[page],
      href: `${RESULTS_PATHS[page]}?i=${pet.petNum}`,
      active: page === active,
      locked: false,
    });
  }
  return buttons;
}

export function backToListLink(user: Pick<FooterUser, 'userType' | 'petCount'>): Link | null {
  if (!showsDogList(user)) return null;
  // a vet's patient list is their /members home (the practice dashboard); /vets is the marketing page
  return user.userType === 'Vet' ? { label: 'Back to my patients', href: '/members' } : { label: 'Back to my dogs', href: '/members' };
}

export function backToPageLink(pageLabel: string, href: string): Link {
  return { label: `Back to ${pageLabel}`, href };
}
