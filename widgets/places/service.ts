import { restPlaceService } from './rest-service';
import type { PlaceDetails, PlaceSearchKind, PlaceService, Prediction } from './types';

/**
 * The place service of a page: Google Maps when the page has a maps key (its code is fetched
 * only then), else our own search over the bundled world cities.
 */
export function placeService(mapsApiKey: string | null | undefined, kind: PlaceSearchKind = 'any'): PlaceService {
  if (!mapsApiKey) return restPlaceService(kind);
  const google = import('./google-service').then(({ googlePlaceService }) => googlePlaceService(mapsApiKey, kind));
  google.catch(() => {}); // reported by the call that needs it
  return {
    predictions: async (input: string): Promise<Prediction[]> => (await google).predictions(input),
    details: async (placeId: string): Promise<PlaceDetails> => (await google).details(placeId),
  };
}
