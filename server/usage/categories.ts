// Page categories for usage tracking (spec 1 §2), as machine names. A page's category is decided
// on the server from its path (and, for the dashboard, the kind of account) and written on <body>.

import type { UserType } from '../users/rules.js';

export const PAGE_CATEGORIES = [
  'add-patient',
  'add-pet',
  'age-test',
  'breeder-dashboard',
  'breed-reveal',
  'care-resources',
  'kit-activation',
  'pair-predictor',
  'pet-parent-dashboard',
  'research',
  'results-summary',
  'results-breed',
  'results-health',
  'results-traits',
  'results-profile',
  'share-center',
  'user-settings',
  'vet-dashboard',
  'vet-signup',
  'vet-onboarding-checklist',
  'other',
] as const;

export type PageCategory = (typeof PAGE_CATEGORIES)[number];

const KNOWN = new Set<string>(PAGE_CATEGORIES);

/**
 * Categories whose pages are tracked for signed-out visitors too (issue 36 §20): a vet signing up has no
 * account yet, and a sign-up page seen by nobody signed in would otherwise never count.
 */
const SIGNED_OUT_CATEGORIES = new Set<PageCategory>(['vet-signup']);

export const isTrackedSignedOut = (category: PageCategory): boolean => SIGNED_OUT_CATEGORIES.has(category);

export function isPageCategory(value: unknown): value is PageCategory {
  return typeof value === 'string' && KNOWN.has(value);
}

/** Path prefixes, most specific first; a prefix matches the path itself or anything below it. */
const BY_PATH: readonly [prefix: string, category: PageCategory][] = [
  ['/members/results/summary', 'results-summary'],
  ['/members/results/breed-and-ancestry', 'results-breed'],
  ['/members/results/health', 'results-health'],
  ['/members/results/traits', 'results-traits'],
  ['/members/results/profile', 'results-profile'],
  ['/members/results/care', 'care-resources'],
  ['/members/results/research-surveys', 'research'],
  ['/members/research', 'research'],
  ['/members/age-test', 'age-test'],
  ['/members/breed-reveal', 'breed-reveal'],
  ['/members/activate', 'kit-activation'],
  ['/members/share-center', 'share-center'],
  ['/members/profile', 'user-settings'],
  ['/members/settings', 'user-settings'],
  ['/members/add-patient', 'add-patient'],
  ['/members/vet-dashboard/onboarding', 'vet-onboarding-checklist'],
  ['/members/vet-onboarding', 'vet-onboarding-checklist'],
  ['/members/vet-dashboard', 'vet-dashboard'],
  ['/members/patients', 'vet-dashboard'],
  ['/members/practice', 'vet-dashboard'],
  ['/members/breeder-dashboard', 'breeder-dashboard'],
  ['/members/breeder-tools', 'breeder-dashboard'],
  ['/members/breeder-dog-settings', 'breeder-dashboard'],
  ['/breeders/breeder-profile', 'breeder-dashboard'],
  ['/breeders/pair-predictor', 'pair-predictor'],
  ['/members/breeder-tools/pair-predictor', 'pair-predictor'],
  ['/vets/signup', 'vet-signup'],
  ['/vet-signup', 'vet-signup'],
];

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The category of the page at `path` for a user of this type (none when signed out). */
export function pageCategoryFor(path: string, userType: UserType | null): PageCategory {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (clean === '/members') {
    if (userType === 'Vet') return 'vet-dashboard';
    if (userType === 'Breeder') return 'breeder-dashboard';
    return userType ? 'pet-parent-dashboard' : 'other';
  }
  // Vets add patients through the same page pet parents add a dog with.
  if (under(clean, '/members/add-a-dog')) return userType === 'Vet' ? 'add-patient' : 'add-pet';
  for (const [prefix, category] of BY_PATH) if (under(clean, prefix)) return category;
  return 'other';
}
