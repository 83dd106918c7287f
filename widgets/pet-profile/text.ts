// Words of the about-pet form and the pet settings list that the spec leaves to us; the browser test reads them too.
export const ABOUT_PET_SAVED = 'Your changes have been saved.';
export const ABOUT_PET_LOAD_FAILED = 'We could not load your dog’s details. Please reload the page.';
export const FORM_INVALID = 'Please correct the fields marked below.';
export const SAVE = 'Save';
export const SAVE_CHANGES = 'Save changes';
export const CANCEL = 'Cancel';
export const SETTING_SAVED = 'Saved.';
export const HANDLE_CHECKING = 'Checking…';
export const HANDLE_CHECK_FAILED = 'We could not check this handle just now.';
export const CATALOGUE_FAILED = 'The list of breeds could not be loaded. Please reload the page.';

export const deleteTitle = (name: string) => `Delete ${name}?`;
export const deleteButton = (name: string) => `Delete ${name}`;
export const deleteWhat = (name: string) =>
  `${name} will be removed from your account, with all of ${name}’s photos, videos and documents. This cannot be undone.`;
/** Issue 5: the dog's results stay for research only if the owner agreed. */
export const deleteResearchText = (name: string, keptForResearch: boolean) =>
  keptForResearch
    ? `Because you agreed to take part in research, ${name}’s DNA results stay in our research data, without your name or ${name}’s profile.`
    : `${name}’s DNA results will not be kept for research.`;
export const hideLabel = (name: string) => `Hide ${name}`;
export const HIDE_HINT = 'A hidden dog appears nowhere public: not on public profiles, in relatives lists or in the matchmaker.';
export const deceasedLabel = (name: string) => `${name} has passed away`;
