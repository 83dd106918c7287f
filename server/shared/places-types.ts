// The shapes of the place service (spec 1 §7 "A maps place service supplies autocomplete predictions
// and place details"). Our own search (server/places) and the Google branch (widgets/places) give
// the same shapes, so the widgets and the saved location payload do not care which one answered.

/** One autocomplete suggestion. */
export interface Prediction {
  placeId: string;
  /** The whole suggestion, e.g. 'Portland, OR, USA'. */
  description: string;
  /** The place's own name, e.g. 'Portland'. */
  mainText: string;
  /** Where it is, e.g. 'OR, USA'. */
  secondaryText: string;
  /** Kinds of place, e.g. ['locality', 'political'] or ['veterinary_care', …]. */
  types: string[];
}

export interface AddressComponent {
  longName: string;
  shortName: string;
  types: string[];
}

/** A place as the details call gives it. */
export interface PlaceDetails {
  placeId: string;
  name: string;
  formattedAddress: string;
  /** [longitude, latitude]. */
  lngLat: [number, number] | null;
  types: string[];
  vicinity: string | null;
  phone: string | null;
  website: string | null;
  addressComponents: AddressComponent[];
}

export interface PredictionsResponse {
  predictions: Prediction[];
}

/** Most predictions one call answers. */
export const MAX_PREDICTIONS = 6;
/** Bounds of the trimmed 'input' of GET /api/places/predictions. */
export const PLACE_INPUT_MAX = 100;
/** The types asked for by the vet practice search (the Google place type of vets). */
export const VETERINARY_CARE = 'veterinary_care';
