// A data feed answer (GET /members/pet/about/{petNum}/json) for the widget tests.
import type { AboutPet } from '../../../../widgets/pet-profile/types';

export const NO_DATE = { day: null, month: null, year: null, isEstimated: false };

export function aboutPet(overrides: Partial<AboutPet> = {}): AboutPet {
  return {
    petNum: 7,
    petUuid: '00000000-0000-4000-8000-000000000007',
    name: 'Biscuit',
    callName: null,
    handle: 'biscuit-7',
    story: null,
    sex: 'm',
    intact: null,
    breedType: 'mixed',
    statedBreed: null,
    registrations: [],
    prefixTitles: [],
    suffixTitles: [],
    dateOfBirth: { day: 3, month: 3, year: 2020, isEstimated: false },
    dateOfAdoption: NO_DATE,
    areBothParentsRegistered: null,
    isPrimaryOwnerBreeder: false,
    agreedToResearch: true,
    privacy: 'public',
    defaultPrivacy: 'public',
    isHidden: false,
    isDeceased: false,
    optOutOfCommunications: false,
    excludeFromMatchmaker: false,
    socialLinks: [],
    profileImageUrl: null,
    avatarColorIndex: 3,
    ownerIsBreeder: false,
    shouldShowCareResources: false,
    hasResults: true,
    isUpgradeAvailable: false,
    permissions: { isEditable: true, isReadOnly: false },
    ...overrides,
  };
}

