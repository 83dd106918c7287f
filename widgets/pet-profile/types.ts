// Shapes of the about-pet data feed and of the updatePet input (docs: /work/notes/pet-profile-contract.md),
// as the widgets see them.
import type { DateParts } from '../../server/shared/pet-profile-rules';

export type { DateParts };
export type Sex = 'm' | 'f';
export type Intact = 'i' | 'f';
export type ParentsRegistered = 'yes' | 'no';
export type Privacy = 'public' | 'public-private' | 'private';

export interface Registration {
  organizationId: number;
  organizationName?: string;
  registrationNumber: string | null;
  registeredName: string | null;
}

export interface SocialLink {
  network: string;
  url: string;
}

/** GET /members/pet/about/{petNum}/json, as the server builds it. */
export type { AboutPetFeed as AboutPet } from '../../server/shared/pet-profile-types';

export interface DatePartsInput {
  day: number | null;
  month: number | null;
  year: number | null;
  isEstimated: boolean;
}

/** The updatePet `updateFields` input: a field left out is unchanged, null clears it. */
export interface PetUpdateFields {
  name?: string;
  callName?: string | null;
  story?: string | null;
  handle?: string;
  sex?: Sex | null;
  intact?: Intact | null;
  breedType?: string | null;
  statedBreedId?: number | null;
  prefixTitles?: string[];
  suffixTitles?: string[];
  dateOfBirth?: DatePartsInput | null;
  dateOfAdoption?: DatePartsInput | null;
  areBothParentsRegistered?: ParentsRegistered | null;
  isPrimaryOwnerBreeder?: boolean;
  agreedToResearch?: boolean;
  registrations?: { organizationId: number; registrationNumber: string | null; registeredName: string | null }[];
  socialLinks?: SocialLink[];
  privacy?: Privacy;
  isHidden?: boolean;
  isDeceased?: boolean;
  optOutOfCommunications?: boolean;
  excludeFromMatchmaker?: boolean;
}

export interface BreedOption {
  id: number;
  name: string;
}

export interface OrganizationOption {
  id: number;
  name: string;
  abbreviation: string | null;
}

/** GET /members/check-handle/{handle} */
export interface HandleCheck {
  handle: string;
  isAvailable: boolean;
  alternative: string;
}
