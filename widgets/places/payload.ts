// The location payload of spec 1 §3, built from the chosen place's details. Pure: unit tested.
import type { PlaceDetails } from './types';

export const LOCATION_TYPES = ['born', 'from', 'live', 'practice'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];
export const BUSINESS_TYPES = ['breeder', 'home', 'other', 'shelter'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** Labels of the business types, in the order the edit-location modal lists them. */
export const BUSINESS_TYPE_LABELS: Readonly<Record<BusinessType, string>> = { breeder: 'Breeder', home: 'Home', other: 'Other', shelter: 'Shelter' };

/** Spec 1 §3: where the dog was born or comes from is a breeder, a home, a shelter or other; 'live' and 'practice' have none. */
export const hasBusinessType = (locationType: LocationType) => locationType === 'born' || locationType === 'from';

/** Field limits of the server's location input (server/pet-profile/locations.ts). */
const TEXT_MAX = 500;
const PHONE_MAX = 50;
const PLACE_ID_MAX = 300;
const TYPES_MAX = 30;

/** spec 1 §3, as stored. */
export interface LocationPayload {
  location_type: LocationType;
  business_type: BusinessType | null;
  address_input: string | null;
  formatted_address: string | null;
  lng_lat: [number, number] | null;
  name: string | null;
  place_id: string | null;
  types: string[];
  vicinity: string | null;
  phone: string | null;
  website: string | null;
  address_components: { long_name: string; short_name: string; types: string[] }[];
}

/** The GraphQL LocationInput of updatePetLocations and updateVetPracticeDetails. */
export interface LocationInput {
  businessType: BusinessType | null;
  addressInput: string | null;
  formattedAddress: string | null;
  lngLat: [number, number] | null;
  name: string | null;
  placeId: string | null;
  types: string[];
  vicinity: string | null;
  phone: string | null;
  website: string | null;
  addressComponents: { longName: string; shortName: string; types: string[] }[];
}

const text = (value: string | null | undefined, max = TEXT_MAX): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

/** A value that would be corrupted by cutting it is dropped instead. */
const whole = (value: string | null | undefined, max: number): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed && trimmed.length <= max ? trimmed : null;
};

function coordinates(lngLat: readonly number[] | null | undefined): [number, number] | null {
  if (!lngLat || lngLat.length !== 2) return null;
  const [lng, lat] = lngLat;
  const valid = Number.isFinite(lng) && Number.isFinite(lat) && Math.abs(lng) <= 180 && Math.abs(lat) <= 90;
  return valid ? [lng, lat] : null;
}

const stringList = (values: readonly unknown[] | null | undefined, max: number) =>
  [...new Set((values ?? []).filter((value): value is string => typeof value === 'string' && value.length > 0 && value.length <= 100))].slice(0, max);

export interface PayloadChoices {
  /** What the owner typed in the search box. */
  addressInput?: string | null;
  businessType?: string | null;
}

/**
 * The location payload of a chosen place (spec 1 §3). The business type counts only for 'born' and
 * 'from' and only when it is one of the four; what was typed falls back to the formatted address;
 * a website that is not http(s) and a phone number too long to store are left out.
 */
export function locationPayload(locationType: LocationType, details: PlaceDetails, choices: PayloadChoices = {}): LocationPayload {
  const businessType = hasBusinessType(locationType) && (BUSINESS_TYPES as readonly string[]).includes(choices.businessType ?? '') ? (choices.businessType as BusinessType) : null;
  const website = whole(details.website, TEXT_MAX);
  return {
    location_type: locationType,
    business_type: businessType,
    address_input: text(choices.addressInput) ?? text(details.formattedAddress) ?? text(details.name),
    formatted_address: text(details.formattedAddress),
    lng_lat: coordinates(details.lngLat),
    name: text(details.name),
    place_id: whole(details.placeId, PLACE_ID_MAX),
    types: stringList(details.types, TYPES_MAX),
    vicinity: text(details.vicinity),
    phone: whole(details.phone, PHONE_MAX),
    website: website && /^https?:\/\/\S+$/i.test(website) ? website : null,
    address_components: (details.addressComponents ?? [])
      .filter((component) => component && typeof component.longName === 'string' && typeof component.shortName === 'string')
      .slice(0, TYPES_MAX)
      .map((component) => ({
        long_name: component.longName.slice(0, TEXT_MAX),
        short_name: component.shortName.slice(0, TEXT_MAX),
        types: stringList(component.types, 20),
      })),
  };
}

/** The payload as GraphQL's LocationInput (the location type is the key it is sent under). */
export function toLocationInput(payload: LocationPayload): LocationInput {
  return {
    businessType: payload.business_type,
    addressInput: payload.address_input,
    formattedAddress: payload.formatted_address,
    lngLat: payload.lng_lat,
    name: payload.name,
    placeId: payload.place_id,
    types: payload.types,
    vicinity: payload.vicinity,
    phone: payload.phone,
    website: payload.website,
    addressComponents: payload.address_components.map((component) => ({ longName: component.long_name, shortName: component.short_name, types: component.types })),
  };
}
