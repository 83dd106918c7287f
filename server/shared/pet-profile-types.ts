// The about-pet feed (issue #5), loaded by server/pet-profile/queries.ts and shown by the pet-profile widgets.
import type { DateParts, Privacy } from './pet-profile-rules.js';

export interface Registration {
  organizationId: number;
  organizationName: string;
  registrationNumber: string | null;
  registeredName: string | null;
}

export interface SocialLink {
  network: string;
  url: string;
}

/** What GET /members/pet/about/{petNum}/json answers (the contract of issue #5). */
export interface AboutPetFeed {
  petNum: number;
  petUuid: string;
  name: string;
  callName: string | null;
  handle: string;
  story: string | null;
  sex: 'm' | 'f' | null;
  intact: 'i' | 'f' | null;
  breedType: string | null;
  statedBreed: { id: number; name: string } | null;
  registrations: Registration[];
  prefixTitles: string[];
  suffixTitles: string[];
  dateOfBirth: DateParts;
  dateOfAdoption: DateParts;
  areBothParentsRegistered: 'yes' | 'no' | null;
  isPrimaryOwnerBreeder: boolean;
  agreedToResearch: boolean;
  privacy: Privacy;
  defaultPrivacy: Privacy;
  isHidden: boolean;
  isDeceased: boolean;
  optOutOfCommunications: boolean;
  excludeFromMatchmaker: boolean;
  socialLinks: SocialLink[];
  profileImageUrl: string | null;
  avatarColorIndex: number;
  ownerIsBreeder: boolean;
  shouldShowCareResources: boolean;
  hasResults: boolean;
  isUpgradeAvailable: boolean;
  permissions: { isEditable: boolean; isReadOnly: boolean };
}
