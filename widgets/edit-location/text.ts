import type { PetLocationType } from './api';

/** Headings of the dog's three places. */
export const LOCATION_HEADINGS: Readonly<Record<PetLocationType, string>> = {
  born: 'Where {name} was born',
  from: 'Where {name} came from',
  live: 'Where {name} lives',
};

export const locationHeading = (type: PetLocationType, name: string) => LOCATION_HEADINGS[type].replace('{name}', () => name);

export const NO_LOCATION = 'Not set';
export const EDIT_LOCATION_TITLE = 'Edit location';
export const SEARCH_LABEL = 'Search for a city or address';
export const BUSINESS_TYPE_LEGEND = 'What kind of place is it?';
export const CHOOSE_A_PLACE = 'Please choose a place from the search results.';

/** Asked before a place is removed (issue 36 §29): a click on Remove alone changes nothing. */
export const removeLocationQuestion = (type: PetLocationType, name: string, address: string) => `Remove ${address} from “${locationHeading(type, name)}”?`;
