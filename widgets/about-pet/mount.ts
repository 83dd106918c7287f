// Marker: views/members/pet-about.ejs, <div data-widget="about-pet" data-props='{"petNum":123}'>.
export { AboutPet as default } from '../pet-profile/AboutPetForm';
export { parseAboutPetProps as parseProps } from '../pet-profile/props';
