// Our own place search (/api/places), used when no Google Maps key is configured.
import { fetchJson, type RequestDeps } from '../shared/fetch-json';
import type { PlaceDetails, PlaceSearchKind, PlaceService, Prediction, PredictionsResponse } from './types';

export const PLACES_API = '/api/places';

export function predictionsUrl(input: string, kind: PlaceSearchKind = 'any'): string {
  const query = new URLSearchParams({ input: input.trim() });
  if (kind !== 'any') query.set('types', kind);
  return `${PLACES_API}/predictions?${query}`;
}

export const detailsUrl = (placeId: string) => `${PLACES_API}/details/${encodeURIComponent(placeId)}`;

export function restPlaceService(kind: PlaceSearchKind = 'any', deps: RequestDeps = {}): PlaceService {
  return {
    async predictions(input: string): Promise<Prediction[]> {
      const body = await fetchJson<PredictionsResponse>(predictionsUrl(input, kind), undefined, deps);
      return body.predictions;
    },
    details: (placeId: string) => fetchJson<PlaceDetails>(detailsUrl(placeId), undefined, deps),
  };
}
