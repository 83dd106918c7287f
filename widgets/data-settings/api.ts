import { graphqlRequest } from '../shared/graphql';

export interface PetPreferences {
  shareCareResourcesProfileAndResults: boolean;
  shareCareResourcesSurveys: boolean;
}

export interface DataSettings {
  name: string;
  isEditable: boolean;
  shouldShowCareResources: boolean;
  preferences: PetPreferences;
}

export const DATA_SETTINGS_QUERY = /* GraphQL */ `
  query DataSettings($petNum: Int!) {
    me {
      petByPetNum(petNum: $petNum) {
        name
        shouldShowCareResources
        permissions { isEditable }
        preferences { shareCareResourcesProfileAndResults shareCareResourcesSurveys }
      }
    }
  }
`;

export const UPDATE_PET_PREFERENCES = /* GraphQL */ `
  mutation UpdatePetPreferences($petNum: Int!, $preferences: PetPreferencesInput!) {
    updatePetPreferences(petNum: $petNum, preferences: $preferences) {
      preferences { shareCareResourcesProfileAndResults shareCareResourcesSurveys }
    }
  }
`;

interface QueryAnswer {
  me: { petByPetNum: { name: string; shouldShowCareResources: boolean; permissions: { isEditable: boolean }; preferences: PetPreferences } | null } | null;
}

export async function fetchDataSettings(petNum: number): Promise<DataSettings> {
  const data = await graphqlRequest<QueryAnswer>(DATA_SETTINGS_QUERY, { petNum });
  const pet = data.me?.petByPetNum;
  if (!pet) throw new Error(`Pet ${petNum} not found`);
  return { name: pet.name, isEditable: pet.permissions.isEditable, shouldShowCareResources: pet.shouldShowCareResources, preferences: pet.preferences };
}

export async function savePreferences(petNum: number, preferences: PetPreferences): Promise<PetPreferences> {
  const data = await graphqlRequest<{ updatePetPreferences: { preferences: PetPreferences } }>(UPDATE_PET_PREFERENCES, { petNum, preferences });
  return data.updatePetPreferences.preferences;
}
