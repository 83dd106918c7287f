import { identifiableBreeds } from '../genetics/catalogue/breeds.js';
import { HEALTH_CONDITIONS } from '../genetics/catalogue/health-conditions.js';
import { TRAIT_LOCI } from '../genetics/catalogue/traits.js';

/** What the test looks at, counted from the lab's own catalogues so the pages never overstate it. */
export interface CatalogueFacts {
  breeds: number;
  healthConditions: number;
  traits: number;
}

export const CATALOGUE_FACTS: CatalogueFacts = {
  breeds: identifiableBreeds().length,
  healthConditions: HEALTH_CONDITIONS.length,
  traits: TRAIT_LOCI.length,
};
