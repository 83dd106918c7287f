/// <reference types="google.maps" />
// Google Maps Places (the "real one" of DESIGN.md's outside services), used when a key is
// configured. Loaded once per page through @googlemaps/js-api-loader, retried 3 times with a growing delay.
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import { loadWithRetries } from './google-loader';
import type { AddressComponent, PlaceDetails, PlaceSearchKind, PlaceService, Prediction } from './types';
import { MAX_PREDICTIONS } from './types';

const DETAIL_FIELDS = ['id', 'displayName', 'formattedAddress', 'location', 'types', 'shortFormattedAddress', 'nationalPhoneNumber', 'internationalPhoneNumber', 'websiteURI', 'addressComponents'];

let optionsKey: string | null = null;
let places: Promise<google.maps.PlacesLibrary> | null = null;

/** The places library, loaded once; a load that failed three times is tried afresh next time. */
function placesLibrary(apiKey: string): Promise<google.maps.PlacesLibrary> {
  if (optionsKey === null) {
    setOptions({ key: apiKey, v: 'weekly' });
    optionsKey = apiKey;
  }
  places ??= loadWithRetries(() => importLibrary('places')).catch((error: unknown) => {
    places = null;
    throw error;
  });
  return places;
}

/** A Google suggestion in our shape. */
export function fromSuggestion(prediction: google.maps.places.PlacePrediction): Prediction {
  return {
    placeId: prediction.placeId,
    description: prediction.text?.text ?? '',
    mainText: prediction.mainText?.text ?? prediction.text?.text ?? '',
    secondaryText: prediction.secondaryText?.text ?? '',
    types: [...(prediction.types ?? [])],
  };
}

/** A Google place (fields fetched) in our shape. */
export function fromPlace(place: google.maps.places.Place): PlaceDetails {
  const location = place.location;
  const addressComponents: AddressComponent[] = (place.addressComponents ?? []).map((component) => ({
    longName: component.longText ?? '',
    shortName: component.shortText ?? '',
    types: [...component.types],
  }));
  return {
    placeId: place.id,
    name: place.displayName ?? place.formattedAddress ?? '',
    formattedAddress: place.formattedAddress ?? '',
    lngLat: location ? [location.lng(), location.lat()] : null,
    types: [...(place.types ?? [])],
    vicinity: place.shortFormattedAddress ?? null,
    phone: place.nationalPhoneNumber ?? place.internationalPhoneNumber ?? null,
    website: place.websiteURI ?? null,
    addressComponents,
  };
}

export function googlePlaceService(apiKey: string, kind: PlaceSearchKind = 'any'): PlaceService {
  let sessionToken: google.maps.places.AutocompleteSessionToken | null = null;
  return {
    async predictions(input: string): Promise<Prediction[]> {
      const library = await placesLibrary(apiKey);
      sessionToken ??= new library.AutocompleteSessionToken();
      const request: google.maps.places.AutocompleteRequest = { input: input.trim(), sessionToken };
      if (kind !== 'any') request.includedPrimaryTypes = [kind];
      const { suggestions } = await library.AutocompleteSuggestion.fetchAutocompleteSuggestions(request);
      return suggestions
        .map((suggestion) => suggestion.placePrediction)
        .filter((prediction): prediction is google.maps.places.PlacePrediction => prediction !== null)
        .slice(0, MAX_PREDICTIONS)
        .map(fromSuggestion);
    },
    async details(placeId: string): Promise<PlaceDetails> {
      const library = await placesLibrary(apiKey);
      const place = new library.Place({ id: placeId });
      await place.fetchFields({ fields: DETAIL_FIELDS });
      sessionToken = null; // the session ends with the chosen place's details
      return fromPlace(place);
    },
  };
}
