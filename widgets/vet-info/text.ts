import { NOT_AUTHORIZED, VET_UPDATE_ERROR, VET_UPDATE_FAILED } from '../../server/shared/messages';
import { GraphqlError } from '../shared/graphql';

export const VET_INFO_TITLE = 'Veterinary information';
export const VET_SEARCH_LABEL = 'Search for your veterinary practice';
export const MAY_CONTACT_VET = 'Embark may contact my vet about {name}';
export const NO_PRACTICE = 'No veterinary practice chosen';
export const RESET_TITLE = 'Reset veterinary information';
export const RESET_QUESTION = 'Remove {name}\u2019s veterinary practice and contact permission?';

/** Spec 2 §8: 'Failed to update information: {message}' when not authorized, otherwise a generic notice. */
export function vetUpdateErrorText(error: unknown): string {
  if (error instanceof GraphqlError && error.message === NOT_AUTHORIZED) return VET_UPDATE_FAILED.replace('{message}', () => error.message);
  return VET_UPDATE_ERROR;
}
