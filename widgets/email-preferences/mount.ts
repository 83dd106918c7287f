// Marker: views/members/settings.ejs, <div data-widget="email-preferences" data-props='{"preferences":{…},"isBreeder":false,"isVet":false,"readOnly":false}'>
// around the no-script form, which the toggles replace.
export { EmailPreferences as default } from './EmailPreferences';
export { parseEmailPreferencesProps as parseProps } from './rules';
