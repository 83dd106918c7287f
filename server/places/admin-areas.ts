// First-level administrative areas (states, provinces) for the countries most of our members live
// in. GeoNames, and so the bundled city list, gives only each area's code; Google gives a long and
// a short name. Keyed by country, then by the GeoNames admin1 code: [long name, short name].
// Areas of other countries are left out of the address (the country still names where it is).

type Areas = Readonly<Record<string, readonly [string, string]>>;

const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};

const ADMIN_AREAS: Readonly<Record<string, Areas>> = {
  US: Object.fromEntries(Object.entries(US_STATES).map(([code, name]) => [code, [name, code] as const])),
  CA: {
    '01': ['Alberta', 'AB'], '02': ['British Columbia', 'BC'], '03': ['Manitoba', 'MB'], '04': ['New Brunswick', 'NB'],
    '05': ['Newfoundland and Labrador', 'NL'], '07': ['Nova Scotia', 'NS'], '08': ['Ontario', 'ON'],
    '09': ['Prince Edward Island', 'PE'], '10': ['Quebec', 'QC'], '11': ['Saskatchewan', 'SK'], '12': ['Yukon', 'YT'],
    '13': ['Northwest Territories', 'NT'], '14': ['Nunavut', 'NU'],
  },
  AU: {
    '01': ['Australian Capital Territory', 'ACT'], '02': ['New South Wales', 'NSW'], '03': ['Northern Territory', 'NT'],
    '04': ['Queensland', 'QLD'], '05': ['South Australia', 'SA'], '06': ['Tasmania', 'TAS'], '07': ['Victoria', 'VIC'],
    '08': ['Western Australia', 'WA'],
  },
  GB: { ENG: ['England', 'England'], SCT: ['Scotland', 'Scotland'], WLS: ['Wales', 'Wales'], NIR: ['Northern Ireland', 'Northern Ireland'] },
};

/** The area's [long name, short name], or null when we do not know its name. */
export function adminArea(country: string, code: string): readonly [string, string] | null {
  const areas = ADMIN_AREAS[country];
  return areas && Object.hasOwn(areas, code) ? areas[code] : null;
}

/** Countries whose formatted addresses show the area (as Google does: 'Portland, OR, USA'). */
const AREA_IN_ADDRESS = new Set(['US', 'CA', 'AU']);
export const showsAreaInAddress = (country: string) => AREA_IN_ADDRESS.has(country);

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** How addresses name a few countries (Google's formatted addresses say 'USA' and 'UK'). */
const ADDRESS_COUNTRY: Readonly<Record<string, string>> = { US: 'USA', GB: 'UK' };

/** The country's English name, e.g. 'United States'; the code itself when unknown. */
export function countryName(code: string): string {
  let name = countryNames.get(code);
  if (name === undefined) {
    try {
      name = regionNames.of(code) ?? code;
    } catch {
      name = code;
    }
    countryNames.set(code, name);
  }
  return name;
}
const countryNames = new Map<string, string>();

/** The country as an address ends with it: 'USA', 'UK', 'France'. */
export const addressCountry = (code: string) => ADDRESS_COUNTRY[code] ?? countryName(code);
