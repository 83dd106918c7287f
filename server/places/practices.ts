// Vet practices that have a place of their own (a 'practice' row of `locations` owned by the
// practice) are offered by the vet practice search next to the cities.
import type { Db } from '../db/index.js';
import type { AddressComponent, PlaceDetails, Prediction } from '../shared/places-types.js';
import { VETERINARY_CARE } from '../shared/places-types.js';

export const PRACTICE_PLACE_PREFIX = 'practice:';
export const PRACTICE_TYPES = [VETERINARY_CARE, 'point_of_interest', 'establishment'];
const UUID = /^practice:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The practice uuid in one of our practice place ids, or null. */
export function practiceUuidOf(placeId: string): string | null {
  return UUID.exec(placeId)?.[1].toLowerCase() ?? null;
}

interface PracticePlaceRow {
  uuid: string;
  name: string;
  practicePhone: string | null;
  practiceWebsite: string | null;
  formattedAddress: string | null;
  addressInput: string | null;
  lngLat: number[] | null;
  vicinity: string | null;
  phone: string | null;
  website: string | null;
  addressComponents: AddressComponent[] | null;
}

const practicePlaces = (db: Db) =>
  db('vet_practices as p')
    .join('locations as l', (join) => join.on('l.practice_id', 'p.id').andOnVal('l.location_type', 'practice'))
    .select({
      uuid: 'p.uuid',
      name: 'p.name',
      practicePhone: 'p.phone',
      practiceWebsite: 'p.website',
      formattedAddress: 'l.formatted_address',
      addressInput: 'l.address_input',
      lngLat: 'l.lng_lat',
      vicinity: 'l.vicinity',
      phone: 'l.phone',
      website: 'l.website',
      addressComponents: 'l.address_components',
    });

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const addressOf = (row: PracticePlaceRow) => row.formattedAddress ?? row.addressInput ?? '';

/** Practices whose name contains what was typed (case-insensitive), by name. */
export async function searchPractices(db: Db, input: string, limit: number): Promise<Prediction[]> {
  const rows: PracticePlaceRow[] = await practicePlaces(db)
    .whereILike('p.name', `%${escapeLike(input)}%`)
    .orderBy('p.name')
    .limit(limit);
  return rows.map((row) => {
    const secondaryText = addressOf(row);
    return {
      placeId: `${PRACTICE_PLACE_PREFIX}${row.uuid}`,
      description: secondaryText ? `${row.name}, ${secondaryText}` : row.name,
      mainText: row.name,
      secondaryText,
      types: [...PRACTICE_TYPES],
    };
  });
}

export async function practiceDetails(db: Db, uuid: string): Promise<PlaceDetails | null> {
  const row: PracticePlaceRow | undefined = await practicePlaces(db).where('p.uuid', uuid).first();
  if (!row) return null;
  const lngLat = row.lngLat?.length === 2 ? ([row.lngLat[0], row.lngLat[1]] as [number, number]) : null;
  return {
    placeId: `${PRACTICE_PLACE_PREFIX}${row.uuid}`,
    name: row.name,
    formattedAddress: addressOf(row),
    lngLat,
    types: [...PRACTICE_TYPES],
    vicinity: row.vicinity,
    phone: row.phone ?? row.practicePhone,
    website: row.website ?? row.practiceWebsite,
    addressComponents: Array.isArray(row.addressComponents) ? row.addressComponents : [],
  };
}
