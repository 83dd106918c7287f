// Where the demo households live, so that the matchmaker's distance filter and sort, and the
// places of a dog's profile, have real answers. Owners live in towns the company ships to, most of
// them in the United States and a cluster of them around Ithaca, NY, where the demo vet practice,
// kennel and pet parent are; each household sits a few miles from its town's centre.

interface Town {
  name: string;
  region: string;
  country: string;
  countryCode: string;
  lngLat: [number, number];
}

const town = (name: string, region: string, lng: number, lat: number, country = 'United States', countryCode = 'US'): Town => ({ name, region, country, countryCode, lngLat: [lng, lat] });

const ITHACA = town('Ithaca', 'NY', -76.4966, 42.444);
const CORTLAND = town('Cortland', 'NY', -76.1805, 42.6012);

const TOWNS: readonly Town[] = [
  ITHACA,
  CORTLAND,
  town('Syracuse', 'NY', -76.1474, 43.0481),
  town('Binghamton', 'NY', -75.918, 42.0987),
  town('Rochester', 'NY', -77.6109, 43.1566),
  town('Elmira', 'NY', -76.8077, 42.0898),
  town('Scranton', 'PA', -75.6624, 41.4089),
  town('Albany', 'NY', -73.7562, 42.6526),
  town('Buffalo', 'NY', -78.8784, 42.8864),
  town('Burlington', 'VT', -73.2121, 44.4759),
  town('Boston', 'MA', -71.0589, 42.3601),
  town('Hartford', 'CT', -72.6851, 41.7658),
  town('Philadelphia', 'PA', -75.1652, 39.9526),
  town('Pittsburgh', 'PA', -79.9959, 40.4406),
  town('Baltimore', 'MD', -76.6122, 39.2904),
  town('Richmond', 'VA', -77.436, 37.5407),
  town('Raleigh', 'NC', -78.6382, 35.7796),
  town('Atlanta', 'GA', -84.388, 33.749),
  town('Nashville', 'TN', -86.7816, 36.1627),
  town('Columbus', 'OH', -82.9988, 39.9612),
  town('Ann Arbor', 'MI', -83.743, 42.2808),
  town('Chicago', 'IL', -87.6298, 41.8781),
  town('Madison', 'WI', -89.4012, 43.0731),
  town('Minneapolis', 'MN', -93.265, 44.9778),
  town('Des Moines', 'IA', -93.6091, 41.5868),
  town('Kansas City', 'MO', -94.5786, 39.0997),
  town('Austin', 'TX', -97.7431, 30.2672),
  town('Dallas', 'TX', -96.797, 32.7767),
  town('Denver', 'CO', -104.9903, 39.7392),
  town('Boise', 'ID', -116.2023, 43.615),
  town('Phoenix', 'AZ', -112.074, 33.4484),
  town('Sacramento', 'CA', -121.4944, 38.5816),
  town('San Diego', 'CA', -117.1611, 32.7157),
  town('Portland', 'OR', -122.6765, 45.5231),
  town('Seattle', 'WA', -122.3321, 47.6062),
  town('Toronto', 'ON', -79.3832, 43.6532, 'Canada', 'CA'),
  town('Ottawa', 'ON', -75.6972, 45.4215, 'Canada', 'CA'),
  town('Manchester', 'England', -2.2426, 53.4808, 'United Kingdom', 'GB'),
  town('Bristol', 'England', -2.5879, 51.4545, 'United Kingdom', 'GB'),
  town('Melbourne', 'VIC', 144.9631, -37.8136, 'Australia', 'AU'),
];

/** The first TOWNS that are within a morning's drive of Ithaca: a quarter of households live there. */
const NEAR_ITHACA = 7;

/** A 'live' location row of the `locations` table, less its pet_num. */
export interface DemoHome {
  location_type: 'live';
  business_type: 'home';
  formatted_address: string;
  lng_lat: [number, number];
  types: string[];
  vicinity: string;
  address_components: string;
}

/** A number from 0 to 1 drawn from `key` and `salt` (mulberry32): the same household always lives in the same place. */
function unit(key: number, salt: number): number {
  let t = (key * 0x9e3779b1 + salt * 0x85ebca6b) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

function homeIn(place: Town, key: number): DemoHome {
  // within about 8 miles of the centre
  const lng = place.lngLat[0] + (unit(key, 3) - 0.5) * 0.3;
  const lat = place.lngLat[1] + (unit(key, 4) - 0.5) * 0.2;
  return {
    location_type: 'live',
    business_type: 'home',
    formatted_address: `${place.name}, ${place.region}, ${place.countryCode === 'US' ? 'USA' : place.country}`,
    lng_lat: [Math.round(lng * 1e4) / 1e4, Math.round(lat * 1e4) / 1e4],
    types: ['locality', 'political'],
    vicinity: place.name,
    address_components: JSON.stringify([
      { longName: place.name, shortName: place.name, types: ['locality', 'political'] },
      { longName: place.region, shortName: place.region, types: ['administrative_area_level_1', 'political'] },
      { longName: place.country, shortName: place.countryCode, types: ['country', 'political'] },
    ]),
  };
}

/** The home of household `key` (an owner's id, or a dog's for a dog nobody owns yet); one in eight never said where it lives. */
export function demoHome(key: number): DemoHome | null {
  if (unit(key, 1) < 0.125) return null;
  const pick = unit(key, 2);
  const place = pick < 0.25 ? TOWNS[Math.floor((pick / 0.25) * NEAR_ITHACA)] : TOWNS[NEAR_ITHACA + Math.floor(((pick - 0.25) / 0.75) * (TOWNS.length - NEAR_ITHACA))];
  return homeIn(place, key);
}

/** The demo kennel's home, near Ithaca. */
export const kennelHome = (key: number): DemoHome => homeIn(ITHACA, key);
/** The demo pet parent's home, near the practice in Ithaca. */
export const parentHome = (key: number): DemoHome => homeIn(CORTLAND, key);
/** A patient the Ithaca practice registered lives near the practice. */
export const patientHome = (key: number): DemoHome => homeIn(TOWNS[Math.floor(unit(key, 2) * 3)], key);
