// Marker: views/members/pet-about.ejs, <div data-widget="about-pet" data-props='{"petNum":123}'>.
export { AboutPet as default } from './AboutPetForm';
export { parseAboutPetProps as parseProps } from './props';
