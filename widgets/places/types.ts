export type { AddressComponent, PlaceDetails, Prediction, PredictionsResponse } from '../../server/shared/places-types';
export { MAX_PREDICTIONS, PLACE_INPUT_MAX, VETERINARY_CARE } from '../../server/shared/places-types';

import type { PlaceDetails, Prediction } from '../../server/shared/places-types';

/**
 * The place service the widgets use: Google Maps when a key is configured, else our own search
 * (/api/places). Both answer the same shapes.
 */
export interface PlaceService {
  predictions(input: string): Promise<Prediction[]>;
  details(placeId: string): Promise<PlaceDetails>;
}

/** What a search looks for: any place (born, from, live) or vet practices. */
export type PlaceSearchKind = 'any' | 'veterinary_care';
