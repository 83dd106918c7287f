// Marker: views/members/pet-about.ejs, <div data-widget="pet-settings" data-props='{"petNum":123,"petUuid":"…","isBreeder":false}'>.
export { PetSettings as default } from '../pet-profile/PetSettings';
export { parsePetSettingsProps as parseProps } from '../pet-profile/props';
