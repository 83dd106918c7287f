import type { PetPreferences } from './api';

// The wording of views/members/results/partials/care-preferences.ejs (the care page shows these read-only).
export const DATA_SETTINGS_TITLE = 'Data settings';
export const PREFERENCE_LABELS: Readonly<Record<keyof PetPreferences, string>> = {
  shareCareResourcesProfileAndResults: 'Share {name}\u2019s profile and results to personalise care resources',
  shareCareResourcesSurveys: 'Share {name}\u2019s research survey answers to personalise care resources',
};
export const PREFERENCE_KEYS = Object.keys(PREFERENCE_LABELS) as (keyof PetPreferences)[];
export const PREFERENCES_SAVED = 'Saved';
export const PREFERENCES_SAVE_FAILED = 'Your data settings could not be saved. Please try again.';

export const preferenceLabel = (key: keyof PetPreferences, name: string) => PREFERENCE_LABELS[key].replace('{name}', () => name);
