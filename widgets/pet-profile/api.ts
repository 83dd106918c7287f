// The calls of the about-pet and pet-settings widgets: the data feed, the handle check and the GraphQL mutations.
import { fetchJson, type RequestDeps } from '../shared/fetch-json';
import { graphqlRequest, type GraphqlDeps } from '../shared/graphql';
import type { AboutPet, BreedOption, HandleCheck, OrganizationOption, PetUpdateFields, Privacy } from './types';

export const aboutPetUrl = (petNum: number) => `/members/pet/about/${petNum}/json`;
export const checkHandleUrl = (handle: string, petNum: number) =>
  `/members/check-handle/${encodeURIComponent(handle)}?petNum=${petNum}`;

export function fetchAboutPet(petNum: number, deps?: RequestDeps): Promise<AboutPet> {
  return fetchJson<AboutPet>(aboutPetUrl(petNum), undefined, deps);
}

export function checkHandle(handle: string, petNum: number, deps?: RequestDeps): Promise<HandleCheck> {
  return fetchJson<HandleCheck>(checkHandleUrl(handle, petNum), undefined, deps);
}

export const UPDATE_PET = /* GraphQL */ `
  mutation UpdatePet($updateFields: PetUpdateFields!, $queryFields: PetQueryFields!) {
    updatePet(updateFields: $updateFields, queryFields: $queryFields) {
      petNum
    }
  }
`;

export async function updatePet(petNum: number, updateFields: PetUpdateFields, deps?: GraphqlDeps): Promise<void> {
  await graphqlRequest(UPDATE_PET, { updateFields, queryFields: { petNum } }, deps);
}

export const UPDATE_DEFAULT_PET_PRIVACY = /* GraphQL */ `
  mutation UpdateDefaultPetPrivacy($privacy: String!) {
    updateDefaultPetPrivacy(privacy: $privacy) {
      defaultPetPrivacy
    }
  }
`;

export async function updateDefaultPetPrivacy(privacy: Privacy, deps?: GraphqlDeps): Promise<void> {
  await graphqlRequest(UPDATE_DEFAULT_PET_PRIVACY, { privacy }, deps);
}

export const DELETE_PET = /* GraphQL */ `
  mutation DeletePet($petUuid: ID!) {
    deletePet(petUuid: $petUuid)
  }
`;

export async function deletePet(petUuid: string, deps?: GraphqlDeps): Promise<void> {
  await graphqlRequest(DELETE_PET, { petUuid }, deps);
}

export const BREED_CATALOGUE = /* GraphQL */ `
  query PetProfileCatalogue {
    allBreeds {
      id
      name
      isDesigner
    }
    designerBreeds {
      id
      name
    }
    allRegistrationOrganizations {
      id
      name
      abbreviation
    }
  }
`;

export interface Catalogue {
  /** Breeds a purebred may be: every breed that is not a designer cross. */
  purebreds: BreedOption[];
  designerBreeds: BreedOption[];
  organizations: OrganizationOption[];
}

export async function fetchCatalogue(deps?: GraphqlDeps): Promise<Catalogue> {
  const data = await graphqlRequest<{
    allBreeds: (BreedOption & { isDesigner: boolean })[];
    designerBreeds: BreedOption[];
    allRegistrationOrganizations: OrganizationOption[];
  }>(BREED_CATALOGUE, {}, deps);
  return {
    purebreds: data.allBreeds.filter((b) => !b.isDesigner).map(({ id, name }) => ({ id, name })),
    designerBreeds: data.designerBreeds,
    organizations: data.allRegistrationOrganizations,
  };
}

let cataloguePromise: Promise<Catalogue> | null = null;

/** The catalogue, fetched once per page for the form and the modals alike (a failure is retried next time). */
export function catalogueOnce(deps?: GraphqlDeps): Promise<Catalogue> {
  if (!cataloguePromise) {
    cataloguePromise = fetchCatalogue(deps);
    cataloguePromise.catch(() => {
      cataloguePromise = null;
    });
  }
  return cataloguePromise;
}

/** The breeds offered for a breed type: designer crosses for 'designer', purebreds otherwise. */
export function breedsFor(catalogue: Catalogue, breedType: string): BreedOption[] {
  return breedType === 'designer' ? catalogue.designerBreeds : catalogue.purebreds;
}
