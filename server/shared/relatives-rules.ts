// Pure rules of the relatives list (spec 2 §4, §9): shared by the page the server renders (its first
// five relatives), the relatives widget and the tests.
import { RELATEDNESS_CATEGORIES } from './relatedness-categories.js';
import { RELATIVES_CLOSE_FAMILY_WARNING } from './messages.js';
import type { RelativePet, RelativesResponse } from './relatives-types.js';
import { avatarInitial, dogAvatar, type DogAvatar } from './dog-avatar.js';

/** Spec 2 §9: relatives are shown 5 at a time; 'show more' adds 5 after 1 second. */
export const RELATIVES_PAGE_SIZE = 5;
export const SHOW_MORE_DELAY_MS = 1000;
/** Spec 2 §4, §9: the warning shows when more than 4 relatives are close family. */
export const CLOSE_FAMILY_WARNING_OVER = 4;

export const relativesUrl = (petNum: number) => `/api/relatives/${petNum}`;
export const dogProfileHref = (handle: string) => `/dog/${encodeURIComponent(handle)}`;
export const chatHref = (handle: string) => `/members/chat?to=${encodeURIComponent(handle)}`;
export const publicImageSrc = (handle: string) => `/getpublicpetimg/${encodeURIComponent(handle)}`;

// ---- Paging ----

/** How many are shown at first: a page, or all when fewer. */
export function initialShownCount(total: number): number {
  return Math.min(RELATIVES_PAGE_SIZE, Math.max(0, total));
}

/** How many are shown after one more 'show more'. */
export function nextShownCount(shown: number, total: number): number {
  return Math.min(total, shown + RELATIVES_PAGE_SIZE);
}

export function hasMoreRelatives(shown: number, total: number): boolean {
  return shown < total;
}

// ---- Close-family warning ----

const CLOSE_FAMILY_LABEL = RELATEDNESS_CATEGORIES.find((c) => c.key === 'closeFamily')!.label;

/** Relatives in the 'close family' category (spec 2 §4 names the category; immediate family is its own). */
export function closeFamilyCount(relatives: readonly Pick<RelativePet, 'relatednessCategory'>[]): number {
  return relatives.filter((pet) => pet.relatednessCategory.label === CLOSE_FAMILY_LABEL).length;
}

/** The warning text when more than 4 relatives are close family, else null. Counts the whole list, not just the shown page. */
export function closeFamilyWarning(relatives: readonly Pick<RelativePet, 'relatednessCategory'>[]): string | null {
  const count = closeFamilyCount(relatives);
  return count > CLOSE_FAMILY_WARNING_OVER ? RELATIVES_CLOSE_FAMILY_WARNING.replace('{count}', () => String(count)) : null;
}

// ---- Relatedness gauge ----

/** The percent of DNA shared, read from the display text 'shares 24.8% of DNA'; 0 when absent. */
export function sharedDnaPercent(displayRelatedness: string): number {
  const match = /(\d+(?:\.\d+)?)\s*%/.exec(displayRelatedness);
  return match ? Math.min(100, Number(match[1])) : 0;
}

/**
 * Spec 1 §9: the gauge's fill height scales with the square root of the fill percent, so the
 * small sharing of distant relatives still shows (1% fills 10%, 25% fills 50%, 100% fills all).
 * Returns the height in percent of the gauge, 0 to 100.
 */
export function gaugeFillHeight(fillPercent: number): number {
  if (!Number.isFinite(fillPercent) || fillPercent <= 0) return 0;
  if (fillPercent >= 100) return 100;
  return Math.sqrt(fillPercent / 100) * 100;
}

// ---- Display ----

/** '62.5% Labrador Retriever', the dog's largest breed; null when unknown. */
export function topBreedText(pet: Pick<RelativePet, 'breed1pct' | 'breed1displayName'>): string | null {
  if (pet.breed1pct == null || !pet.breed1displayName) return null;
  const pct = Math.round(pet.breed1pct * 10) / 10;
  return `${Number.isInteger(pct) ? pct.toFixed(0) : pct.toFixed(1)}% ${pet.breed1displayName}`;
}

/** 'Shares 24.8% of DNA': the stored text, capitalised as the first words of a line. */
export function relatednessText(displayRelatedness: string): string {
  return displayRelatedness.charAt(0).toUpperCase() + displayRelatedness.slice(1);
}

/** The initial shown when a dog has no public picture (one rule for every dog's avatar). */
export { avatarInitial };

/** Handles of the relatives new for this dog, to mark them 'New' in the list. */
export function newHandles(response: RelativesResponse): Set<string> {
  return new Set(response.newRelatedPets.map((pet) => pet.handle));
}

/** What one relative's card shows, computed once for the server's first page and the widget. */
export interface RelativeCardView {
  handle: string;
  displayName: string;
  profileHref: string;
  /** Null for the viewer's own dog, and for a dog no member owns (no one to chat with). */
  chatHref: string | null;
  /** The public picture (/getpublicpetimg) when the dog has one, else its initial. */
  avatar: DogAvatar;
  breedDisplayName: string | null;
  /** '62.5% Labrador Retriever', when it says more than the breed mix's name. */
  topBreed: string | null;
  category: RelativePet['relatednessCategory'];
  relatedness: string;
  sharedPercent: number;
  gaugeHeight: string;
  isNew: boolean;
}

/** A relative's avatar: its public picture (/getpublicpetimg) when it has one, else its initial. */
export const relativeAvatar = (pet: Pick<RelativePet, 'displayName' | 'handle' | 'hasPublicImage'>) =>
  dogAvatar(pet.displayName, pet.hasPublicImage ? publicImageSrc(pet.handle) : null);

export function relativeCardView(pet: RelativePet, isNew: boolean): RelativeCardView {
  const breed = topBreedText(pet);
  const sharedPercent = sharedDnaPercent(pet.displayRelatedness);
  return {
    handle: pet.handle,
    displayName: pet.displayName,
    profileHref: dogProfileHref(pet.handle),
    chatHref: pet.isYourDog || !pet.hasOwner ? null : chatHref(pet.handle),
    avatar: relativeAvatar(pet),
    breedDisplayName: pet.breedDisplayName,
    topBreed: breed && breed !== pet.breedDisplayName ? breed : null,
    category: pet.relatednessCategory,
    relatedness: relatednessText(pet.displayRelatedness),
    sharedPercent,
    gaugeHeight: `${gaugeFillHeight(sharedPercent).toFixed(2)}%`,
    isNew,
  };
}

/** The first page of relatives the server renders, so the page is useful before scripts run. */
export interface RelativesPreview {
  cards: RelativeCardView[];
  total: number;
  warning: string | null;
}

export function relativesPreview(relatives: readonly (RelativePet & { isNew: boolean })[]): RelativesPreview {
  return {
    cards: relatives.slice(0, initialShownCount(relatives.length)).map((pet) => relativeCardView(pet, pet.isNew)),
    total: relatives.length,
    warning: closeFamilyWarning(relatives),
  };
}
