import { graphqlRequest, type GraphqlDeps } from '../shared/graphql';
import { EMAIL_PREFERENCE_FIELDS, type EmailPreferenceField, type EmailPreferences } from '../../server/shared/email-preference-fields';

const UPDATE = `mutation UpdateUserEmailPreferences($preferences: EmailPreferencesInput!) {
  updateUserEmailPreferences(preferences: $preferences) { ${EMAIL_PREFERENCE_FIELDS.join(' ')} }
}`;

/** Saves the given flags (the others stay as they are) and answers all of them as stored. */
export async function updateEmailPreferences(changes: Partial<Record<EmailPreferenceField, boolean>>, deps?: GraphqlDeps): Promise<EmailPreferences> {
  const data = await graphqlRequest<{ updateUserEmailPreferences: EmailPreferences }>(UPDATE, { preferences: changes }, deps);
  return data.updateUserEmailPreferences;
}
