// Marker: views/members/pet-about.ejs, <div data-widget="vet-info" data-props='{"petNum":1,"petUuid":"…","mapsApiKey":null}'>.
export { VetInfo as default } from './VetInfo';
export { parsePlaceWidgetProps as parseProps } from '../places/props';
