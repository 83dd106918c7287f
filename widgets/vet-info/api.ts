import { NOT_AUTHORIZED } from '../../server/shared/messages';
import { GraphqlError, graphqlRequest } from '../shared/graphql';
import type { LocationInput } from '../places/payload';

export interface VetInfo {
  name: string;
  isEditable: boolean;
  embarkMayContactVet: boolean | null;
  practice: { name: string | null; formattedAddress: string | null; placeId: string | null; addressInput: string | null } | null;
}

export const VET_INFO_QUERY = /* GraphQL */ `
  query VetInformation($petNum: Int!) {
    me {
      petByPetNum(petNum: $petNum) {
        name
        embarkMayContactVet
        permissions { isEditable }
        practiceLocation { name formattedAddress placeId addressInput }
      }
    }
  }
`;

export const UPDATE_VET_PRACTICE_DETAILS = /* GraphQL */ `
  mutation UpdateVetPracticeDetails($petUuid: ID!, $embarkMayContactVet: Boolean, $practiceLocation: LocationInput) {
    updateVetPracticeDetails(petUuid: $petUuid, embarkMayContactVet: $embarkMayContactVet, practiceLocation: $practiceLocation) {
      embarkMayContactVet
      practiceLocation { name formattedAddress }
    }
  }
`;

interface QueryAnswer {
  me: {
    petByPetNum: { name: string; embarkMayContactVet: boolean | null; permissions: { isEditable: boolean }; practiceLocation: VetInfo['practice'] } | null;
  } | null;
}

export async function fetchVetInfo(petNum: number): Promise<VetInfo> {
  const data = await graphqlRequest<QueryAnswer>(VET_INFO_QUERY, { petNum });
  const pet = data.me?.petByPetNum;
  if (!pet) throw new Error(`Pet ${petNum} not found`);
  return { name: pet.name, isEditable: pet.permissions.isEditable, embarkMayContactVet: pet.embarkMayContactVet, practice: pet.practiceLocation };
}

/** Spec 2 §5: embarkMayContactVet is sent only with a practice, else null. */
export function vetPracticeVariables(petUuid: string, practiceLocation: LocationInput | null, mayContactVet: boolean) {
  return { petUuid, practiceLocation, embarkMayContactVet: practiceLocation ? mayContactVet : null };
}

/**
 * A fetch that raises 'Not Authorized' answers as errors instead of letting the GraphQL helper
 * send the browser home: spec 2 §6, §8 show them in the vet modal as 'Failed to update information: …'.
 */
export const keepNotAuthorized =
  (base: typeof fetch = (...args) => fetch(...args)): typeof fetch =>
  async (input, init) => {
    const response = await base(input, init);
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { errors?: { message: string }[] } | null;
    const errors = Array.isArray(body?.errors) ? body.errors : [];
    if (errors.some((error) => error.message === NOT_AUTHORIZED)) throw new GraphqlError(NOT_AUTHORIZED, response.status, errors);
    return response;
  };

export function updateVetPracticeDetails(petUuid: string, practiceLocation: LocationInput | null, mayContactVet: boolean, deps: { fetch?: typeof fetch } = {}): Promise<unknown> {
  return graphqlRequest(UPDATE_VET_PRACTICE_DETAILS, vetPracticeVariables(petUuid, practiceLocation, mayContactVet), { fetch: keepNotAuthorized(deps.fetch) });
}
