export type BreedGroup =
  | 'Sporting'
  | 'Hound'
  | 'Working'
  | 'Terrier'
  | 'Toy'
  | 'Non-Sporting'
  | 'Herding'
  | 'Designer'
  | 'Village Dog';

/** Same classes and limits as the life-stage table: small <= 20 lbs, medium 21–50, large 51–100, giant > 100. */
export type SizeClass = 'small' | 'medium' | 'large' | 'giant';

export interface Breed {
  name: string;
  slug: string;
  group: BreedGroup;
  sizeClass: SizeClass;
  weightLbs: { min: number; max: number };
  /** A reference population our breed mix can recognise. */
  isIdentifiable: boolean;
  /** A deliberate cross of recognised breeds (Labradoodle...), named after its parents. */
  isDesigner: boolean;
  /** Offered to breeders when they describe their dogs. */
  isBreederFacing: boolean;
  /** For designer crosses: the breeds they are made of. */
  parentSlugs?: readonly string[];
}

export type ModeOfInheritance =
  | 'autosomal recessive'
  | 'autosomal dominant'
  | 'incomplete dominant'
  | 'X-linked recessive';

export type Severity = 'low' | 'moderate' | 'high';

export interface Reference {
  citation: string;
  url?: string;
}

export interface HealthCondition {
  /** Stable key, also the id of its variant marker. */
  id: string;
  name: string;
  gene: string;
  variant: string;
  moi: ModeOfInheritance;
  severity: Severity;
  description: string;
  breedSlugs: readonly string[];
  references: readonly Reference[];
  /** Approximate CanFam3.1 location of the variant. */
  chromosome: number;
  positionBp: number;
}

export type TraitCategory = 'Coat Color' | 'Other Coat Traits' | 'Body Features' | 'Body Size' | 'Performance';

export interface TraitAllele {
  /** Notation as reported, e.g. "Em", "ky", "at". */
  symbol: string;
  meaning: string;
}

export interface TraitLocus {
  id: string;
  name: string;
  category: TraitCategory;
  gene: string;
  /** Ordered most dominant first; the first-listed allele without a variant marker is the one assumed when no variant is seen. */
  alleles: readonly TraitAllele[];
  /** Symbol of the allele present when none of the variant markers is (the ancestral, unmarked state). */
  defaultAllele: string;
  dominance: string;
  chromosome: number;
  positionBp: number;
}

export interface RegistrationOrganization {
  abbreviation: string;
  name: string;
  country: string;
  url: string;
}
