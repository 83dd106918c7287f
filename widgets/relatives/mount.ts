// Marker: views/partials/results/relatives.ejs, <div data-widget="relatives" data-props='{"petNum":123}'>.
export { Relatives as default } from './Relatives';
export { parseRelativesProps as parseProps } from './rules';
