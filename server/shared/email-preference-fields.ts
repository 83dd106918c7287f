// The e-mail preference flags of spec 1 §3 (User.emailPreferences), shared by the server, the
// settings page and the 'email-preferences' widget. No imports: the widget bundles this file.

export const BASE_EMAIL_PREFERENCES = [
  'chat',
  'dogsLikeMine',
  'relativeFinder',
  'careResources',
  'researchSurveys',
  'newsletters',
  'promotionsAndSales',
  'productUpdates',
] as const;

export const BREEDER_EMAIL_PREFERENCES = ['breederNewsletters', 'breederPromotionsAndSales', 'breederProductUpdates'] as const;

export const VET_EMAIL_PREFERENCES = ['vetNewsletters', 'vetPromotionsAndSales', 'vetProductUpdates'] as const;

export const EMAIL_PREFERENCE_FIELDS = [...BASE_EMAIL_PREFERENCES, ...BREEDER_EMAIL_PREFERENCES, ...VET_EMAIL_PREFERENCES] as const;

export type EmailPreferenceField = (typeof EMAIL_PREFERENCE_FIELDS)[number];
export type EmailPreferences = Record<EmailPreferenceField, boolean>;

/** What the account is, as far as its e-mail choices go: breeders and vets get their own mailings. */
export interface EmailAudience {
  isBreeder: boolean;
  isVet: boolean;
}

export interface EmailPreferenceGroup {
  id: 'community' | 'news' | 'breeder' | 'vet';
  heading: string;
  fields: readonly { name: EmailPreferenceField; label: string }[];
}

const GROUPS: readonly EmailPreferenceGroup[] = [
  {
    id: 'community',
    heading: 'About your dogs',
    fields: [
      { name: 'chat', label: 'New chat messages from other dog owners' },
      { name: 'dogsLikeMine', label: 'Dogs like mine' },
      { name: 'relativeFinder', label: 'New relatives found for my dogs' },
      { name: 'careResources', label: 'Care resources for my dogs' },
      { name: 'researchSurveys', label: 'Research surveys' },
    ],
  },
  {
    id: 'news',
    heading: 'News and offers',
    fields: [
      { name: 'newsletters', label: 'Newsletters' },
      { name: 'promotionsAndSales', label: 'Promotions and sales' },
      { name: 'productUpdates', label: 'Product updates' },
    ],
  },
  {
    id: 'breeder',
    heading: 'For breeders',
    fields: [
      { name: 'breederNewsletters', label: 'Breeder newsletters' },
      { name: 'breederPromotionsAndSales', label: 'Breeder promotions and sales' },
      { name: 'breederProductUpdates', label: 'Breeder product updates' },
    ],
  },
  {
    id: 'vet',
    heading: 'For vets',
    fields: [
      { name: 'vetNewsletters', label: 'Vet newsletters' },
      { name: 'vetPromotionsAndSales', label: 'Vet promotions and sales' },
      { name: 'vetProductUpdates', label: 'Vet product updates' },
    ],
  },
];

/**
 * The flags an account may see and set: everyone the base ones, breeders the breeder variants,
 * vets the vet variants (an account that is both gets both).
 */
export function emailPreferenceGroupsFor(audience: EmailAudience): EmailPreferenceGroup[] {
  return GROUPS.filter((group) => (group.id === 'breeder' ? audience.isBreeder : group.id === 'vet' ? audience.isVet : true));
}

export function settableEmailPreferences(audience: EmailAudience): Set<EmailPreferenceField> {
  return new Set(emailPreferenceGroupsFor(audience).flatMap((group) => group.fields.map((field) => field.name)));
}

export function isEmailPreferenceField(name: string): name is EmailPreferenceField {
  return (EMAIL_PREFERENCE_FIELDS as readonly string[]).includes(name);
}
