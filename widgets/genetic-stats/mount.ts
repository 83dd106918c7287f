// Marker: views/partials/results/genetic-stats.ejs, props from server/results/genetic-stats.ts.
export { GeneticStats as default } from './GeneticStats';
export { parseGeneticStatsProps as parseProps } from '../../server/shared/genetic-stats-rules';
