/** One related dog in GET /api/relatives/{petNum} (spec 2 §3 "Relative pet"). */
export interface RelativePet {
  handle: string;
  /** Call name, else name. */
  displayName: string;
  /** The breed mix's name: the breed of a purebred, 'Labradoodle', 'Beagle, Boxer & Pug Mix'… */
  breedDisplayName: string | null;
  /** Share of the largest breed, in percent (e.g. 62.5). */
  breed1pct: number | null;
  breed1displayName: string | null;
  /** The dog has a profile picture others may see (at /getpublicpetimg/{handle}). */
  hasPublicImage: boolean;
  relatednessCategory: { label: string; color: string; explanation: string };
  /** 'shares 24.8% of DNA' */
  displayRelatedness: string;
  /** When the dog's breed (non-health) results were released, ISO 8601; null if unknown. */
  nonhealthReadyAt: string | null;
  /** The signed-in user owns this relative too (no chat is offered: one does not chat with oneself). */
  isYourDog: boolean;
  /**
   * A member owns this dog, so 'Chat with owner' reaches someone. A patient a vet practice registered
   * has no owner until its client takes it over (issue 36 §2).
   */
  hasOwner: boolean;
}

export interface RelativesResponse {
  /** Every relative shown, closest first. */
  relatedPets: RelativePet[];
  /** Those of relatedPets found since the owner last looked (same order). */
  newRelatedPets: RelativePet[];
}
