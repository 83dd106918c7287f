import { graphqlRequest } from '../shared/graphql';
import type { LocationInput, LocationType } from '../places/payload';

export type PetLocationType = Exclude<LocationType, 'practice'>;
export const PET_LOCATION_TYPES: readonly PetLocationType[] = ['born', 'from', 'live'];

/** A saved location as GraphQL's PetLocation gives it. */
export interface SavedLocation {
  locationType: string;
  businessType: string | null;
  addressInput: string | null;
  formattedAddress: string | null;
  lngLat: number[] | null;
  name: string | null;
  placeId: string | null;
}

export interface PetLocationsData {
  name: string;
  isEditable: boolean;
  locations: Record<PetLocationType, SavedLocation | null>;
}

const LOCATION_FIELDS = 'locationType businessType addressInput formattedAddress lngLat name placeId';

export const PET_LOCATIONS_QUERY = /* GraphQL */ `
  query PetLocations($petNum: Int!) {
    me {
      petByPetNum(petNum: $petNum) {
        name
        permissions { isEditable }
        locations {
          born { ${LOCATION_FIELDS} }
          from { ${LOCATION_FIELDS} }
          live { ${LOCATION_FIELDS} }
        }
      }
    }
  }
`;

export const UPDATE_PET_LOCATIONS = /* GraphQL */ `
  mutation UpdatePetLocations($petUuid: ID!, $locations: PetLocationsInput!) {
    updatePetLocations(petUuid: $petUuid, locations: $locations) {
      born { formattedAddress }
      from { formattedAddress }
      live { formattedAddress }
    }
  }
`;

interface QueryAnswer {
  me: {
    petByPetNum: { name: string; permissions: { isEditable: boolean }; locations: Record<PetLocationType, SavedLocation | null> } | null;
  } | null;
}

export async function fetchPetLocations(petNum: number): Promise<PetLocationsData> {
  const data = await graphqlRequest<QueryAnswer>(PET_LOCATIONS_QUERY, { petNum });
  const pet = data.me?.petByPetNum;
  if (!pet) throw new Error(`Pet ${petNum} not found`);
  return { name: pet.name, isEditable: pet.permissions.isEditable, locations: pet.locations };
}

/** Saves one location, or removes it with null (the others are left out, so unchanged). */
export function savePetLocation(petUuid: string, locationType: PetLocationType, location: LocationInput | null): Promise<unknown> {
  return graphqlRequest(UPDATE_PET_LOCATIONS, { petUuid, locations: { [locationType]: location } });
}
