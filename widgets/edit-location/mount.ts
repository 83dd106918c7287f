// Marker: views/members/pet-about.ejs, <div data-widget="edit-location" data-props='{"petNum":1,"petUuid":"…","mapsApiKey":null}'>.
export { EditLocations as default } from './EditLocations';
export { parsePlaceWidgetProps as parseProps } from '../places/props';
