// Marker: views/members/settings.ejs, <div data-widget="phone-sms" data-props='{"preferredCountries":["us","gb","au","de"],"initialCountry":"us"}'>
// around the server-rendered phone form, which it enhances (it is not a React widget).
export { mountPhoneSms as mount } from './phone-field';
export { parsePhoneSmsProps as parseProps } from './rules';
